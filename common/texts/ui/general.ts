/** Texts every screen shares: common words, the configuration screen, role names. */
import type { Role } from "../../domain/roles.ts";

export const generalTexts = {
  common: {
    loading: "Laster...",
    retry: "Prøv igjen",
    close: "Lukk",
    refresh: "Oppdater",
    error: "Feil",
    somethingWentWrong: "Noe gikk galt",
    networkError: "Kunne ikke kontakte serveren. Sjekk nettverket og prøv igjen.",
    forbidden: "Du har ikke tilgang til denne siden.",
    comingSoonTitle: "Kommer snart",
    comingSoon: "Denne delen av appen er ikke tatt i bruk ennå. Den dukker opp her når den er klar.",
  },
  /** The date field of every form: dd.mm.åååå and a calendar, weeks from Monday. */
  dateField: {
    placeholder: "dd.mm.åååå",
    invalid: "Skriv datoen som dd.mm.åååå",
    openCalendar: "Åpne kalender",
    previousMonth: "Forrige måned",
    nextMonth: "Neste måned",
    weekdays: ["ma", "ti", "on", "to", "fr", "lø", "sø"],
  },
  config: {
    errorTitle: "Konfigurasjonsfeil",
    errorBody: "Appen fikk ikke lastet innstillingene sine fra serveren.",
    loading: "Starter...",
  },
  roles: {
    label: { admin: "Administrator", leader: "Leder", staff: "Ansatt" } satisfies Record<Role, string>,
    unknown: "Ukjent rolle",
  },
} as const;
