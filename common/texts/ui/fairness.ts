/**
 * Fairness everyone can see (issue 28): nights, weekends and public holidays per person
 * on the admin page, and 'Din plass i køen' on 'Mine vakter' with the rule in a paragraph.
 */
const extraShifts = (n: number) => `${n} ${n === 1 ? "ekstravakt" : "ekstravakter"}`;

export const fairnessTexts = {
  fairness: {
    /** what the counts of the nights, weekends and holidays are */
    periods: {
      last90Days: (days: number) => `Siste ${days} dager`,
      thisYear: "I år",
    },
    nights: "Netter",
    weekends: "Helger",
    holidays: "Helligdager",

    // The admin page's picture (FairnessChart), beside ui.shifts.fairness.
    chart: {
      views: "Visning",
      chart: "Diagram",
      name: "Navn",
      extraShifts: "Ekstravakter",
      tableCaption: (period: string) => `Netter, helger og helligdager per person, ${period.toLowerCase()}`,
      counted:
        "Netter, helger og helligdager telles fra ekstravakter og fra vakter byttet til seg, når vakten har begynt. En helgevakt har midten av vakten på lørdag eller søndag.",
    },

    // 'Din plass i køen' on 'Mine vakter'.
    queue: {
      title: "Din plass i køen",
      place: (place: number, of: number) => `Du er nr. ${place} av ${of} i køen`,
      among:
        "Plassen gjelder blant alle aktive i avdelingen. Ved en tildeling konkurrerer du bare med dem som har meldt interesse for vakten.",
      count: (n: number, days: number) => `${extraShifts(n)} de siste ${days} dagene`,
      figuresCaption: "Netter, helger og helligdager du har jobbet",
      kind: "Type",
      ruleTitle: "Slik fordeles ekstravakter",
      rule: ({
        days,
        partTimeFirst,
        partTime,
      }: {
        days: number;
        partTimeFirst: boolean;
        partTime: boolean;
      }) =>
        [
          `Når en ekstravakt tildeles automatisk, går den til den av de interesserte som har hatt færrest ekstravakter de siste ${days} dagene.`,
          partTimeFirst &&
            `Avdelingen har Deltid først: de som jobber deltid, går foran dem som jobber heltid, og du jobber ${partTime ? "deltid" : "heltid"}.`,
          "Står flere likt, avgjør en loddtrekning mellom dem.",
          "Den som ville bryte arbeidstidsreglene – mer enn 13 timer på 24 timer, for mye overtid, for kort hvile – eller mangler kompetansen vakten krever, hoppes over, og grunnen står i oversikten over tildelingen.",
        ]
          .filter(Boolean)
          .join(" "),
      loading: "Laster plassen din i køen...",
      failed: "Kunne ikke laste plassen din i køen",
      noDepartment: "Du er ikke aktiv i noen avdeling, så du har ingen plass i køen.",
    },
  },
} as const;
