/**
 * Mentions that follow the roster and urgent messages (issue 26). The issue's own words
 * are copied exactly: 'Haster', 'HASTER', 'Bekreft', 'Bekreftet', 'Bekreftet av {n} av
 * {m}', 'Ikke bekreftet', 'Sett av {n} av {m}', 'Nådde', 'Ingen har rollen nå'.
 */
import type { ReachVia } from "../../domain/mentions.ts";

export const urgentTexts = {
  urgent: {
    toggle: "Haster",
    toggleHint: "Meldingen må bekreftes av dem den når. De varsles igjen hvert 2. minutt til de bekrefter.",
    marker: "HASTER",
    acknowledge: "Bekreft",
    acknowledging: "Bekrefter...",
    acknowledged: "Bekreftet",
    acknowledgeFailed: "Kunne ikke bekrefte",
    acknowledgedBy: (n: number, m: number) => `Bekreftet av ${n} av ${m}`,
    seenBy: (n: number, m: number) => `Sett av ${n} av ${m}`,
    notAcknowledged: "Ikke bekreftet",
    reached: "Nådde",
    /** 'Nådde: Kari Nordmann (Ansvarshavende sykepleier), Ola Nordmann' */
    reachedList: (people: readonly { fullName: string; roleName: string | null }[]) =>
      `Nådde: ${people.map((p) => (p.roleName ? `${p.fullName} (${p.roleName})` : p.fullName)).join(", ")}`,
    reachedNobody: "Nådde: ingen",
    via: {
      role: "rolle",
      name: "nevnt",
      vakt: "@vakt",
      dm: "direktemelding",
      block: "på vakt",
    } satisfies Record<ReachVia, string>,
    acknowledgedAt: (time: string) => `Bekreftet ${time}`,
    seen: "Sett",
    listTitle: "Hvem har bekreftet",
    hasAcknowledged: "Har bekreftet",
    hasNotAcknowledged: "Har ikke bekreftet",
    /** the warning before sending a mention of a role nobody holds */
    noHolder: "Ingen har rollen nå",
    noHolderBody: (roles: readonly string[]) =>
      `${roles.join(", ")}: ingen har rollen på denne vakten. Meldingen når ingen gjennom rollen.`,
    sendAnyway: "Send likevel",
    cancel: "Avbryt",
    // The composer's list after '@'.
    mentionList: "Forslag",
    mentionVakt: "Alle på vakt nå",
    mentionRole: "Vaktrolle",
    mentionRoleUnheld: "Vaktrolle · ingen har rollen nå",
    mentionPerson: "Person",
    // Notices: toast and bell.
    toastTitle: "Haster",
    toastRepeat: "Haster – ikke bekreftet ennå",
    toastEscalation: "Ikke bekreftet",
    toastBody: "Du har en melding som haster. Åpne den og trykk Bekreft.",
    toastEscalationBody: "En melding som haster er ikke bekreftet av den som har vaktrollen.",
    toastMentioned: "Du ble nevnt i en melding",
    open: "Åpne",
    noticeHeading: "Melding som haster",
    noticeText: "Trykk Bekreft når du har sett den.",
    escalationHeading: "Ikke bekreftet",
    escalationText: (missing: number) =>
      missing === 1
        ? "En med vaktrolle har ikke bekreftet en melding som haster."
        : `${missing} med vaktrolle har ikke bekreftet en melding som haster.`,
    openThread: "Gå til meldingen",
    // The overview for leaders.
    overviewTitle: "Haster",
    overviewSubtitle: "Meldinger som haster i avdelingen de siste 24 timene",
    overviewEmpty: "Ingen meldinger som haster de siste 24 timene",
    overviewFailed: "Kunne ikke laste oversikten",
    overviewEscalated: "Ledere varslet",
    threadKinds: {
      department: "Avdeling",
      shift: "Pågående vakt",
      direct: "Direktemelding",
      channel: "Kanal",
    },
  },
} as const;
