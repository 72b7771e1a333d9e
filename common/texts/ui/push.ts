/**
 * The installable app, push and the offline outbox (issue 27). The issue's own words are
 * copied exactly: 'Du er frakoblet – meldinger sendes når nettet er tilbake', 'Ny versjon –
 * last inn på nytt', 'Varsler på denne enheten', 'Fjern', 'Vis innhold i varsler', 'Ny
 * melding i Vaktrom', 'Haster – åpne Vaktrom', 'Du fikk vakten', 'Venter på nett', 'Ikke
 * sendt', 'Prøv igjen', 'Slett', 'Vedlegg krever nett'.
 */

export const pushTexts = {
  pwa: {
    offline: "Du er frakoblet – meldinger sendes når nettet er tilbake",
    update: "Ny versjon – last inn på nytt",
    reload: "Last inn på nytt",
  },
  push: {
    heading: "Varsler på denne enheten",
    intro:
      "Få varsel på telefonen eller PC-en når du får en direktemelding, blir nevnt, får en melding som haster eller nytt om vakter og bytter. Varselet viser ikke hva som står i meldingen.",
    turnOn: "Varsler på denne enheten",
    turningOn: "Slår på...",
    on: "Varsler er på for denne enheten",
    turnedOn: "Varsler er slått på for denne enheten",
    denied: "Nettleseren blokkerer varsler fra Vaktrom. Tillat varsler i nettleserens innstillinger.",
    unsupported: "Denne nettleseren kan ikke gi varsler.",
    failed: "Kunne ikke slå på varsler",
    devices: "Enheter med varsler",
    noDevices: "Ingen enheter har varsler ennå.",
    thisDevice: "denne enheten",
    addedOn: (date: string) => `lagt til ${date}`,
    remove: "Fjern",
    removeNamed: (browser: string) => `Fjern ${browser}`,
    removed: "Enheten får ikke lenger varsler",
    removeFailed: "Kunne ikke fjerne enheten",
    showContent: "Vis innhold i varsler",
    showContentHint: "Viser avsender og starten av meldingen i varselet. Andre kan se det på en låst skjerm.",
    saved: "Lagret",
    /** The browser and system a device was subscribed in: 'Chrome på Android' */
    browserOn: (browser: string, system: string) => `${browser} på ${system}`,
    unknownBrowser: "Ukjent nettleser",
    /** What a push says when it holds no preview, by its kind. */
    titles: {
      message: "Ny melding i Vaktrom",
      mention: "Ny melding i Vaktrom",
      urgent: "Haster – åpne Vaktrom",
      shift: "Du fikk vakten",
      swap: "Nytt om et vaktbytte i Vaktrom",
      broadcast: "Ny kunngjøring i Vaktrom",
    },
    openApp: "Trykk for å åpne",
  },
  outbox: {
    waiting: "Venter på nett",
    notSent: "Ikke sendt",
    retry: "Prøv igjen",
    delete: "Slett",
    attachmentsNeedNetwork: "Vedlegg krever nett",
  },
} as const;
