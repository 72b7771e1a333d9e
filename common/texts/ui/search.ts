/** Search (the box in the top bar, Ctrl+K): messages, files and colleagues, with filters. */
import type { ShiftBlockKind } from "../../domain/shift-block.ts";

export const searchTexts = {
  search: {
    /** the box in the top bar and its name */
    box: "Søk",
    boxHint: "Søk i meldinger, filer og kolleger",
    /** the shortcut as the box shows it, on a Mac and elsewhere */
    shortcut: { mac: "⌘K", other: "Ctrl K" },
    shortcutLabel: "Hurtigtast: Ctrl+K eller Cmd+K",
    title: "Søk",
    fieldLabel: "Søk i meldinger, filer og kolleger",
    placeholder: "Søk etter ord, fil eller kollega…",
    clear: "Tøm søket",
    close: "Lukk søket",
    searching: "Søker…",
    /** before anything is typed */
    intro: "Søk i alle samtaler du har tilgang til.",
    introTips: "Skriv minst to tegn. Bruk «anførselstegn» for en hel frase.",
    tooShort: "Skriv minst to tegn, eller velg et filter.",
    empty: "Ingen treff",
    emptyBody: "Prøv andre ord, eller fjern et filter.",
    /** read out when results come */
    found: (n: number) => (n === 0 ? "Ingen treff" : n === 1 ? "1 treff" : `${n} treff`),
    resultsLabel: "Søkeresultater",
    groups: { messages: "Meldinger", files: "Filer", people: "Personer" },
    more: (n: number) => `Viser de ${n} beste treffene. Avgrens søket for å finne flere.`,
    keyboardHint: "Piltastene velger, Enter åpner, Esc lukker",
    /** a message's row */
    deletedAuthor: "Slettet bruker",
    files: (n: number) => (n === 1 ? "1 vedlegg" : `${n} vedlegg`),
    /** a colleague's row */
    writeTo: "Send direktemelding",
    /** where a hit was written */
    threadKind: {
      department: "Avdeling",
      shift: "Vakt-chat",
      direct: "Direktemelding",
      channel: "Kanal",
    },
    shiftThread: (block: string, date: string) => `${block} ${date}`,
    blocks: { day: "Dagvakt", evening: "Kveldsvakt", night: "Nattevakt" } satisfies Record<
      ShiftBlockKind,
      string
    >,
    filters: {
      show: "Filtre",
      showCount: (n: number) => `Filtre, ${n} valgt`,
      label: "Filtre for søket",
      active: "Valgte filtre",
      from: "Fra",
      fromAnyone: "Alle",
      fromLoading: "Laster kolleger…",
      in: "I",
      inAll: "Alle samtaler",
      inThis: (name: string) => `Denne samtalen (${name})`,
      before: "Før",
      after: "Etter",
      hasFile: "Har vedlegg",
      chip: (label: string, value: string) => `${label}: ${value}`,
      remove: (what: string) => `Fjern filteret ${what}`,
      clearAll: "Fjern alle filtre",
    },
    /** the errors a search can meet, by code; others say the server's own words */
    errors: {
      rate_limited: "Du har søkt mange ganger på kort tid. Vent litt og prøv igjen.",
      validation_failed: "Skriv minst to tegn, eller velg et filter.",
      network: "Fikk ikke kontakt med serveren. Sjekk nettet og prøv igjen.",
      fallback: "Søket mislyktes. Prøv igjen.",
    },
  },
} as const;
