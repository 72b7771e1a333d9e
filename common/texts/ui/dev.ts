/** The staging-only demo tools (dev mailbox, demo-user switcher). */
export const devTexts = {
  dev: {
    mailboxTitle: "Dev-postkasse",
    mailboxSubtitle: "E-post som appen har sendt i testmiljøet, nyeste først",
    empty: "Ingen e-post ennå",
    emptyHint: "Be om en påloggingslenke eller registrer en konto, så dukker e-posten opp her.",
    loadFailed: "Kunne ikke laste e-post",
    to: "Til",
    notSent: "Ikke sendt ennå",
    backToApp: "Til appen",
  },
} as const;
