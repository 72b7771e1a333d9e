/** The profile page. */
export const profileTexts = {
  profile: {
    title: "Min Profil",
    subtitle: "Opplysningene dine og hva du har tilgang til",
    detailsTitle: "Opplysninger",
    fullName: "Fullt navn",
    email: "E-post",
    phone: "Telefon",
    role: "Rolle",
    memberSince: "Medlem siden",
    status: "Status",
    active: "Aktiv",
    inactive: "Deaktivert",
    departments: "Avdelinger",
    current: "Nåværende",
    accessTitle: "Tilgangsoversikt",
    access: {
      fullAccess: "Full tilgang til administrasjon av brukere og avdelinger",
      manageShifts: "Kan opprette, publisere og tildele ekstravakter",
      approveSwaps: "Kan godkjenne vaktbytter i avdelingen",
      broadcast: "Kan sende varsel til alle",
      interest: "Kan melde interesse for ekstravakter",
      chat: "Kan chatte med kollegaer i avdelingen",
    },
    tipsTitle: "Tips",
    tips: [
      "Bruk «Logg ut» når du går fra en felles PC på avdelingen.",
      "Vaktene følger norsk tid: dagvakt 07–15, kveldsvakt 15–23 og nattevakt 23–07.",
    ],
    notSet: "Ikke oppgitt",
  },
} as const;
