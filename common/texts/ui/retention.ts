/** Retention ('Oppbevaring', issue 30) on the admin page. */
import { retentionDaysMax, retentionDaysMin } from "../../domain/retention.ts";

export const retentionTexts = {
  retention: {
    tab: "Oppbevaring",
    title: "Oppbevaring",
    intro:
      "Hvor lenge avdelingen tar vare på meldinger og vedlegg. Eldre innhold slettes for godt hver natt kl. 03; loggen viser bare hvor mye.",
    department: "Avdeling",
    scopes: {
      shift: "Pågående vakt",
      department: "Avdelingschat",
      channel: "Kanaler",
      direct: "Direktemeldinger",
      attachments: "Vedlegg",
    },
    keepAll: "Behold alt",
    deleteAfter: "Slett etter … dager",
    daysUnit: "dager",
    daysRange: `Et helt tall fra ${retentionDaysMin} til ${retentionDaysMax}.`,
    daysLabel: (scope: string) => `Antall dager for ${scope}`,
    save: "Lagre",
    saving: "Lagrer...",
    saved: "Oppbevaring lagret",
    saveFailed: "Kunne ikke lagre oppbevaring",
    loading: "Laster oppbevaring...",
    failed: "Kunne ikke laste oppbevaring",
    retry: "Prøv igjen",
  },
} as const;
