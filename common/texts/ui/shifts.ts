/**
 * Extra shifts (spec §2 Extra shifts, §8 Shifts; decisions.md § Extra shifts). The spec's
 * own words are copied exactly.
 */

import { shortTieBreak } from "../../domain/fairness.ts";
import { formatShiftWhen } from "../../domain/oslo-time.ts";
import type { BusyShift, OvertimeWindow, Refusal, ShortRest } from "../../domain/working-time.ts";

/** Hours as figures show them: 14,5 · 26 (one decimal at most, a decimal comma). */
export const hoursFigure = (hours: number) => String(Math.round(hours * 10) / 10).replace(".", ",");
const otherShift = (shift: BusyShift) => `${shift.title} ${formatShiftWhen(shift.startsAt, shift.endsAt)}`;
const overtimeWindowLabel: Record<OvertimeWindow, string> = {
  week: "7 dager",
  "4weeks": "4 uker",
  year: "52 uker",
};

export const shiftsTexts = {
  shifts: {
    /** a person of a shift's history whose account is gone */
    deletedUser: "Slettet bruker",
    /** Why a candidate could not get the shift, as the audit shows it. */
    ineligible: (reason: Refusal, minRestHours: number) => {
      switch (reason.kind) {
        case "competence":
          return `Mangler kompetanse: ${reason.missing.join(", ")}`;
        case "overlap":
          return `Overlapper med vakt ${otherShift(reason.shift)}`;
        case "restAfter":
          return `Mindre enn ${minRestHours} timer hvile etter vakt ${otherShift(reason.shift)}`;
        case "restBefore":
          return `Mindre enn ${minRestHours} timer hvile før vakt ${otherShift(reason.shift)}`;
        case "day":
          return `Over ${reason.limit} timer arbeid på 24 timer (${hoursFigure(reason.hours)} t)`;
        case "overtime":
          return `Overtid ${hoursFigure(reason.hours)} t siste ${overtimeWindowLabel[reason.window]} (grense ${reason.limit} t)`;
      }
    },
    /** Allowed by the department's agreement, said anyway. */
    shortRest: (warning: ShortRest) =>
      `Kort hvile: ${hoursFigure(warning.hours)} t mellom vaktene (under 11 t) – ${otherShift(warning.shift)}`,
    /** The outcome's explanation ('Hvordan fungerer tildelingen?'), as the run was decided. */
    explanation: (windowDays: number, minRestHours: number, partTimeFirst: boolean) =>
      (partTimeFirst
        ? `Deltid først: deltidsansatte som kan ta vakten, går foran heltidsansatte. Innenfor hver gruppe får den som har fått færrest ekstravakter de siste ${windowDays} dagene vakten. `
        : `Den som har fått færrest ekstravakter de siste ${windowDays} dagene får vakten. `) +
      `Står flere likt, avgjør en tilfeldig trekning (et nytt tilfeldig løpenummer for hver kandidat, lavest vinner). ` +
      `Den som mangler kompetansen vakten krever, ville jobbet overlappende vakter, fått mindre enn ${minRestHours} timer hvile mellom to vakter (arbeidsmiljøloven § 10-8), ` +
      `jobbet mer enn avdelingens grense på 24 timer eller fått mer overtid enn grensene for 7 dager, 4 uker eller 52 uker (§ 10-6), kan ikke få vakten.`,
    tieBreak: shortTieBreak,

    newShift: "Ny ekstravakt",
    /** 'Åpne (3)'; the label alone while the count loads */
    tab: (label: string, count: number | undefined) => (count === undefined ? label : `${label} (${count})`),
    tabsLabel: "Visning av ekstravakter",
    views: {
      open: {
        tab: "Åpne",
        loading: "Laster åpne ekstravakter...",
        empty: "Ingen åpne ekstravakter",
        next: "Når en leder publiserer en ekstravakt, dukker den opp her, og du får et varsel.",
        nextLeader: "Lag en med «Ny ekstravakt», eller publiser et utkast fra «Utkast».",
      },
      waiting: {
        tab: "Venter svar",
        loading: "Laster vakter som venter på svar...",
        empty: "Ingen vakter venter på svar",
        next: "Trykk «Jeg er interessert» på en åpen ekstravakt, så venter den her til den er tildelt.",
      },
      assigned: {
        tab: "Mine tildelte",
        loading: "Laster tildelte vakter...",
        empty: "Ingen tildelte vakter",
        next: "Meld interesse for åpne ekstravakter. Vakter du får, vises her.",
      },
      drafts: {
        tab: "Utkast",
        loading: "Laster utkast...",
        empty: "Ingen utkast",
        next: "Lag en ny ekstravakt med «Ny ekstravakt». Den lagres som utkast til du publiserer den.",
      },
      filled: {
        tab: "Tildelt",
        loading: "Laster tildelte ekstravakter...",
        empty: "Ingen tildelte ekstravakter",
        next: "Når en ekstravakt tildeles, vises den her med hvem som fikk den, nyeste tildeling først.",
      },
    },
    listFailed: "Kunne ikke laste ekstravakter",
    status: { draft: "Utkast", open: "Åpen", assigned: "Tildelt", closed: "Stengt" },
    card: {
      interestCount: (n: number) =>
        n === 0 ? "Ingen interesserte ennå" : n === 1 ? "1 interessert" : `${n} interesserte`,
      interestedLabel: "Interesserte",
      /** the avatars not shown, as '+n' and in words */
      more: (n: number) => `+${n}`,
      moreLabel: (n: number) => `og ${n} til`,
      assignedTo: (name: string) => `Tildelt ${name}`,
      assignedToYou: "Tildelt deg",
      actionsLabel: (title: string) => `Handlinger for ${title}`,
    },
    actions: {
      interest: "Jeg er interessert",
      withdraw: "Trekk interesse",
      assign: "Tildel automatisk",
      viewOutcome: "Se tildeling",
      publish: "Publiser",
      edit: "Rediger",
      delete: "Slett",
      close: "Steng",
      cancel: "Avbryt",
    },
    feedback: {
      interested: "Interesse registrert",
      interestedBody: "Din interesse er registrert for ekstravakten",
      interestFailed: "Kunne ikke registrere interesse",
      withdrawn: "Interesse trukket",
      withdrawnBody: "Du er ikke lenger med i tildelingen av ekstravakten",
      withdrawFailed: "Kunne ikke trekke interessen",
      published: "Ekstravakt publisert",
      publishedBody: "Alle i avdelingen har fått varsel.",
      publishFailed: "Kunne ikke publisere ekstravakt",
      assigned: "Vakt tildelt",
      assignedBody: (name: string) => `Tildelt til ${name}. Varsler sendt.`,
      alreadyAssigned: "Allerede tildelt",
      alreadyAssignedBody: (name: string) => `Vakten er allerede tildelt ${name}.`,
      someone: "noen",
      assignFailed: "Kunne ikke tildele vakt automatisk",
      created: "Ekstravakt opprettet",
      createdBody: "Den er lagret som utkast.",
      createFailed: "Kunne ikke opprette ekstravakt",
      updated: "Ekstravakt oppdatert",
      updateFailed: "Kunne ikke lagre endringene",
      deleted: "Utkast slettet",
      deleteFailed: "Kunne ikke slette utkastet",
      closed: "Ekstravakt stengt",
      closeFailed: "Kunne ikke stenge ekstravakten",
    },
    /** 'Tildel automatisk' asks first: who would be decided among, and by which rule. */
    assignConfirm: {
      title: "Tildele vakten automatisk?",
      summary: (interested: number, eligible: number) =>
        `${interested === 1 ? "1 interessert" : `${interested} interesserte`}, ${eligible} kan tildeles`,
      rule: (windowDays: number) =>
        `Den som har fått færrest ekstravakter de siste ${windowDays} dagene får vakten; står flere likt, avgjør en tilfeldig trekning.`,
      listLabel: "Interesserte",
      canAssign: "Kan tildeles",
      count: (n: number, days: number) =>
        `${n === 1 ? "1 ekstravakt" : `${n} ekstravakter`} siste ${days} dager`,
      inactive: "Ikke lenger aktiv i avdelingen",
      none: "Ingen av de interesserte kan tildeles vakten nå.",
      loading: "Henter de interesserte...",
      failed: "Kunne ikke hente de interesserte",
      confirm: "Tildel",
      cancel: "Avbryt",
    },
    confirmDelete: {
      title: "Slette utkastet?",
      body: (what: string) => `${what} slettes for godt. Det kan ikke angres.`,
    },
    confirmClose: {
      title: "Stenge ekstravakten?",
      body: (what: string) =>
        `${what} stenges. Ingen kan melde interesse etterpå, og vakten blir ikke tildelt.`,
    },
    form: {
      newTitle: "Ny ekstravakt",
      editTitle: "Rediger ekstravakt",
      description: "Vakten lagres som utkast. Du velger selv når den publiseres.",
      dept: "Avdeling",
      deptPlaceholder: "Velg avdeling...",
      date: "Dato",
      dateFormatHint: "Skriv datoen som dd.mm.åååå, eller velg i kalenderen.",
      from: "Fra",
      to: "Til",
      timePlaceholder: "TT:MM",
      timeHint: "Hele timer eller kvarter, for eksempel 07:30.",
      duplicateTitle: "Det finnes allerede en slik vakt",
      duplicateBody: (what: string) =>
        `${what} finnes allerede i avdelingen, som utkast eller åpen vakt. Trenger dere én til, kan du opprette den likevel.`,
      duplicateConfirm: "Opprett likevel",
      duplicateBack: "Tilbake til skjemaet",
      nextDay: "+1 dag",
      nextDayHint: "Vakten slutter dagen etter.",
      title: "Type vakt",
      titlePlaceholder: "Velg type vakt...",
      titleRequired: "Velg type vakt",
      location: "Sted",
      locationPlaceholder: "Velg sted...",
      locationRequired: "Velg sted",
      notes: "Beskrivelse (valgfritt)",
      notesPlaceholder: "For eksempel krav til kompetanse",
      submit: "Lagre som utkast",
      saving: "Lagrer...",
      savedBody: (what: string) =>
        `${what} er lagret som utkast. Publiser nå, så får alle i avdelingen varsel, eller publiser senere fra «Utkast».`,
      publishNow: "Publiser nå",
      publishLater: "Publiser senere",
      publishing: "Publiserer...",
    },
    outcome: {
      title: "Tildelingsresultat",
      titleAfterAssign: "Tildeling fullført",
      loading: "Laster tildelingsresultat...",
      notFoundTitle: "Ingen data",
      notFound: "Kunne ikke hente tildelingsresultat",
      failedTitle: "Feil",
      failed: "Kunne ikke laste tildelingsresultat",
      winner: "Tildelt til",
      noWinner: "Ingen fikk vakten",
      yourStatus: "Din status",
      /** for a leader or admin who was no candidate: how the ward's assignment went */
      wardStatus: "For avdelingen",
      ward: (interested: number, eligible: number) =>
        `${interested === 1 ? "1 interessert" : `${interested} interesserte`}, ${eligible} kunne tildeles`,
      rank: (rank: number, total: number) => `Du er nr. ${rank} av ${total}`,
      ineligible: "Du kunne ikke tildeles denne vakten.",
      notCandidate: "Du var ikke blant de interesserte.",
      won: "Du fikk vakten",
      lost: "Du fikk ikke",
      howItWorks: "Hvordan fungerer tildelingen?",
      candidates: "Kandidater",
      /** a candidate's 90-day count */
      count: (n: number, days: number) =>
        `${n === 1 ? "1 ekstravakt" : `${n} ekstravakter`} siste ${days} dager`,
      winnerMark: "Vinner",
      you: "(deg)",
      notEligible: "Kunne ikke tildeles",
      close: "Lukk",
      showAudit: "Se full audit",
      hideAudit: "Skjul audit",
    },
    audit: {
      caption: "Full audit",
      runAt: (when: string, minRestHours: number) => `Kjørt ${when}. Krav til hvile: ${minRestHours} timer.`,
      name: "Navn",
      value: "Ekstravakter siste 90 dager",
      tieBreak: "Trekningsnummer",
      rank: "Plass",
      winner: "Vinner",
      reason: "Merknad",
      yes: "Ja",
      no: "Nei",
      loading: "Laster audit...",
      failed: "Kunne ikke laste audit",
    },
    admin: {
      createTitle: "Opprett ny ekstravakt",
      createBody: "Lag et utkast og publiser det når du er klar. Alle i avdelingen får varsel.",
      countersLabel: "Nøkkeltall",
      openCount: "Åpne vakter",
      interestedCount: "Interesserte",
      draftCount: "Utkast",
      openTab: "Åpne vakter",
      draftsTab: "Utkast",
      filledTab: "Tildelt",
    },
    fairness: {
      title: "Ekstravakter per person",
      intro: (days: number) =>
        `Tildelte ekstravakter de siste ${days} dagene. Den med færrest får neste vakt.`,
      name: "Navn",
      count: "Antall",
      loading: "Laster fordelingen...",
      failed: "Kunne ikke laste fordelingen",
      empty: (days: number) => `Ingen har fått ekstravakter de siste ${days} dagene.`,
    },
    calendar: {
      open: "Abonner i kalender",
      title: "Abonner i kalender",
      intro:
        "Få vaktene dine inn i kalenderen på telefonen eller PC-en. Lenken er hemmelig: ikke del den med andre.",
      loading: "Laster kalenderlenken...",
      loadFailed: "Kunne ikke laste kalenderlenken",
      none: "Du har ingen kalenderlenke ennå.",
      create: "Lag kalenderlenke",
      url: "Kalenderlenke",
      copy: "Kopier",
      copied: "Kopiert",
      copyFailed: "Kunne ikke kopiere. Merk lenken og kopier den selv.",
      renew: "Forny lenke",
      renewHint: "Forny lenken hvis noen andre kan ha fått den. Den gamle lenken slutter da å virke.",
      renewed: "Ny kalenderlenke laget",
      off: "Slå av",
      turnedOff: "Kalenderabonnementet er slått av",
      failed: "Kunne ikke endre kalenderabonnementet",
    },
    panels: {
      next: {
        title: "Mine neste vakter",
        loading: "Laster mine neste vakter...",
        failed: "Kunne ikke laste vaktene dine",
        retry: "Prøv igjen å laste mine neste vakter",
        none: "Ingen kommende vakter",
        all: "Se alle mine vakter",
      },
      open: {
        title: "Åpne ekstravakter",
        loading: "Laster åpne ekstravakter...",
        failed: "Kunne ikke laste åpne ekstravakter",
        retry: "Prøv igjen å laste åpne ekstravakter",
        none: "Ingen åpne ekstravakter",
        all: "Se alle ekstravakter",
      },
    },
  },
} as const;
