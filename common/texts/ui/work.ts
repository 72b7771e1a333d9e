/**
 * Working time and competence (issue 28): 'Arbeidstidsregler' and 'Kompetanse' on the
 * admin page, the contract in 'Rediger bruker', 'Krever kompetanse' on a shift, and what
 * a staff member is told before registering interest.
 */
import { workLimits } from "../../base/limits.ts";

export const workTexts = {
  work: {
    rules: {
      title: "Arbeidstidsregler",
      intro:
        "Grensene avdelingen bruker når vakter tildeles og byttes. Lovens grenser gjelder til dere har en avtale som sier noe annet.",
      loading: "Laster arbeidstidsreglene...",
      failed: "Kunne ikke laste arbeidstidsreglene",
      retry: "Prøv igjen",
      maxHoursPerDay: "Maks arbeidstid per 24 timer",
      maxOvertimeWeek: "Maks overtid per 7 dager",
      maxOvertime4Weeks: "Maks overtid per 4 uker",
      maxOvertimeYear: "Maks overtid per 52 uker",
      unit: "timer",
      law: (hours: number) => `Lovens grense: ${hours} t`,
      /** the number a field takes: whole hours from `min` to the law's outer bound */
      range: (min: number, max: number) => `Hele timer fra ${min} til ${max}.`,
      outOfRange: (min: number, max: number) => `Skriv et helt antall timer fra ${min} til ${max}.`,
      rest: (hours: number) => `Hvile mellom vakter: minst ${hours} t`,
      restHint: "Hviletiden gjelder hele sykehuset og kan ikke endres her.",
      partTimeFirst: "Deltid først",
      partTimeFirstHint:
        "Når flere kan ta en ekstravakt, får deltidsansatte den før heltidsansatte; ellers avgjør antall ekstravakter og trekningen som før.",
      save: "Lagre",
      saving: "Lagrer...",
      saved: "Arbeidstidsreglene er lagret",
      saveFailed: "Kunne ikke lagre arbeidstidsreglene",
    },
    competences: {
      title: "Kompetanse",
      intro: "Kompetanse som en ekstravakt kan kreve. Hvem som har den, settes i «Rediger bruker».",
      loading: "Laster kompetanse...",
      failed: "Kunne ikke laste kompetanse",
      retry: "Prøv igjen",
      empty: "Ingen kompetanse ennå",
      emptyBody: "Legg til kompetanse med «Ny kompetanse», for eksempel Anestesisykepleier.",
      new: "Ny kompetanse",
      name: "Navn på kompetansen",
      namePlaceholder: "F.eks. Anestesisykepleier",
      nameHint: `Høyst ${workLimits.competenceNameMaxLength} tegn.`,
      holders: (n: number) => (n === 0 ? "Ingen har den" : n === 1 ? "1 har den" : `${n} har den`),
      create: "Opprett",
      creating: "Oppretter...",
      created: (name: string) => `Kompetansen ${name} er opprettet.`,
      createFailed: "Kunne ikke opprette kompetansen",
      renameLabel: (name: string) => `Gi nytt navn til ${name}`,
      save: "Lagre",
      saving: "Lagrer...",
      cancel: "Avbryt",
      renamed: "Kompetansen har fått nytt navn.",
      renameFailed: "Kunne ikke gi kompetansen nytt navn",
      delete: "Slett",
      deleteLabel: (name: string) => `Slett ${name}`,
      deleteTitle: (name: string) => `Slette ${name}?`,
      deleteBody:
        "Kompetansen fjernes fra alle som har den og fra vaktene som krever den. Dette kan ikke angres.",
      deleted: "Kompetansen er slettet.",
      deleteFailed: "Kunne ikke slette kompetansen",
    },
    /** A staff member's contract and competences in one department. */
    staff: {
      /** the row action of a leader, who cannot edit the person otherwise, and its dialog */
      open: "Arbeidsavtale og kompetanse",
      openLabel: (name: string) => `Arbeidsavtale og kompetanse for ${name}`,
      title: "Arbeidsavtale og kompetanse",
      description: (name: string) => `${name}: stilling og kompetanse i avdelingene du leder.`,
      section: (deptName: string) => `Arbeidsavtale i ${deptName}`,
      loading: "Laster arbeidsavtalen...",
      failed: "Kunne ikke laste arbeidsavtalen",
      retry: "Prøv igjen",
      positionPercent: "Stillingsprosent",
      positionPercentHint: "Fra 1 til 100.",
      positionPercentInvalid: "Skriv en stillingsprosent fra 1 til 100.",
      fullTimeHours: "Timer per uke i full stilling",
      fullTimeHoursHint: `Vanligvis 35,5. Fra ${workLimits.fullTimeHoursMin} til ${workLimits.fullTimeHoursMax}, med høyst én desimal.`,
      fullTimeHoursInvalid: `Skriv timer fra ${workLimits.fullTimeHoursMin} til ${workLimits.fullTimeHoursMax}, med høyst én desimal (for eksempel 35,5).`,
      competences: "Kompetanse",
      noCompetences: "Avdelingen har ingen kompetanse ennå. Den legges til på siden Ekstravakter.",
      save: "Lagre",
      saving: "Lagrer...",
      cancel: "Avbryt",
      saved: "Arbeidsavtalen er lagret",
      saveFailed: "Kunne ikke lagre arbeidsavtalen",
    },
    /** 'Krever kompetanse' on a shift: the form's checkboxes and the card's line. */
    requires: {
      label: "Krever kompetanse",
      hint: "Bare den som har all kompetansen som er krysset av, kan få vakten. Ingen krav er vanlig.",
      loading: "Laster avdelingens kompetanse...",
      failed: "Kunne ikke laste avdelingens kompetanse",
      none: "Avdelingen har ingen kompetanse ennå. Den legges til under «Kompetanse» på siden Ekstravakter.",
      tooMany: `Velg høyst ${workLimits.competencesPerShift}.`,
      card: (names: readonly string[]) => `Krever: ${names.join(", ")}`,
    },
    /** Before 'Jeg er interessert': what the working-time rules say. */
    take: {
      refused: "Du kan ikke ta denne vakten:",
      warningsTitle: "Vil du melde interesse likevel?",
      warningsIntro: "Vakten er innenfor reglene, men vær oppmerksom på dette:",
      confirm: "Meld interesse likevel",
      cancel: "Avbryt",
      dismiss: "Skjul",
    },
    /** The audit's figures per candidate ('Se full audit'). */
    audit: {
      positionPercent: "Stilling",
      dayHours: "Timer på 24 t",
      overtimeWeek: "Overtid 7 d",
      overtime4Weeks: "Overtid 4 u",
      overtimeYear: "Overtid 52 u",
      hours: (figure: string) => `${figure} t`,
      percent: (n: number) => `${n} %`,
      partTimeFirst: "Deltid først gjaldt: deltidsansatte som kunne ta vakten, kom foran heltidsansatte.",
      scrollHint: "Tabellen kan rulles sidelengs.",
    },
  },
} as const;
