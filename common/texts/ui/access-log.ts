/** The access log ('Tilgangslogg', issue 30): 'Min Profil''s section and the admins' tab. */
import type { AccessAction } from "../../domain/access-log.ts";

export const accessLogTexts = {
  accessLog: {
    /** What was done, in words that read for the person and for an admin alike. */
    actions: {
      "record.view": "Åpnet opplysningene",
      "record.edit": "Endret opplysningene",
      "record.export": "Lastet ned opplysningene",
      "avatar.change": "Endret profilbildet",
      "audit.view": "Så loggføringene",
      "demo.signin": "Logget inn som personen (demo)",
    } satisfies Record<AccessAction, string>,
    deletedUser: "Slettet bruker",
    columns: { at: "Tidspunkt", actor: "Hvem", action: "Hva", subject: "Gjelder" },
    loading: "Laster tilgangsloggen...",
    failed: "Kunne ikke laste tilgangsloggen",
    more: "Vis flere",
    loadingMore: "Laster...",
    mine: {
      title: "Hvem har sett eller endret mine opplysninger",
      intro:
        "Hver gang en leder eller administrator åpner eller endrer opplysningene dine, står det her. Radene slettes etter to år.",
      caption: "Rader i loggen over deg",
      empty: "Ingen har sett eller endret opplysningene dine.",
    },
    admin: {
      tab: "Tilgangslogg",
      title: "Tilgangslogg",
      intro:
        "Når ledere og administratorer åpnet, endret eller logget inn som andre. Velg et navn for å se bare den personen; det står da i personens egen logg.",
      caption: "Rader i tilgangsloggen",
      empty: "Ingen rader passer filtrene.",
      action: "Handling",
      allActions: "Alle handlinger",
      from: "Fra dato",
      to: "Til dato",
      backwards: "Fra dato må være før eller lik til dato.",
      subject: (name: string) => `Gjelder: ${name}`,
      actor: (name: string) => `Utført av: ${name}`,
      onlySubject: (name: string) => `Vis bare rader som gjelder ${name}`,
      onlyActor: (name: string) => `Vis bare rader utført av ${name}`,
      removeFilter: (label: string) => `Fjern filteret ${label}`,
      clear: "Fjern alle filtre",
    },
  },
} as const;
