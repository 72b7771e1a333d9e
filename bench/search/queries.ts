/**
 * What the benchmark searches for: kinds of query a ward types into the search box, three
 * queries each, all made of the words the seed writes (words.ts). Each client takes the
 * kinds in turn (client i starts at kind i), and within a kind the queries in turn, so
 * every kind gets the same share of the requests.
 */
import { foldNorwegian } from "../../common/domain/search.ts";
import { collocations, rareWords, zipfWords } from "./words.ts";

export interface QueryKind {
  kind: string;
  /** what it exercises */
  note: string;
  queries: string[];
  /** whether the exact search must find something (the typos must not) */
  finds: boolean;
}

export const queryKinds: QueryKind[] = [
  { kind: "common", note: "frequent words", queries: ["vakt", "pasient", "rom"], finds: true },
  {
    kind: "medium",
    note: "ward words of middling frequency",
    queries: ["respirator", "blodprøve", "overlevering"],
    finds: true,
  },
  {
    kind: "rare",
    note: "a handful per department",
    queries: ["hjertestans", "lungeemboli", "brannøvelse"],
    finds: true,
  },
  {
    kind: "inflection",
    note: "finds its stem's other forms",
    queries: ["vakter", "pasientene", "medisinen"],
    finds: true,
  },
  {
    kind: "word part",
    note: "part of compounds (trigrams)",
    queries: ["pumpe", "instruks", "stell"],
    finds: true,
  },
  {
    kind: "æøå spelled out",
    note: "'kjokken' for 'kjøkken'",
    queries: ["kjokken", "paarorende", "lordag"],
    finds: true,
  },
  {
    kind: "two words",
    note: "both must match",
    queries: ["pasient smerter", "vakt helg", "ring lege"],
    finds: true,
  },
  {
    kind: "phrase",
    note: "quoted, in order",
    queries: ['"ny pumpe"', '"ring vakthavende"', '"rom 12"'],
    finds: true,
  },
  {
    kind: "typo",
    note: "no exact match: the fuzzy pass runs",
    queries: ["pasinet", "respiratr", "overleverng"],
    finds: false,
  },
];

/** The kind and query a client's n-th request asks. */
export function queryFor(client: number, n: number): { kind: QueryKind; q: string } {
  const kind = queryKinds[(client + n) % queryKinds.length]!;
  const round = Math.floor(n / queryKinds.length);
  return { kind, q: kind.queries[(client + round) % kind.queries.length]! };
}

/**
 * Guards the mix against the vocabulary drifting: every word a query that must find
 * something uses is one the seed writes (or part of one), and no typo is.
 */
export function checkQueries() {
  const text = foldNorwegian([...zipfWords, ...rareWords, ...collocations].join(" "));
  for (const { queries, finds } of queryKinds)
    for (const q of queries)
      for (const word of foldNorwegian(q.replaceAll('"', "")).split(" "))
        if (text.includes(word) !== finds)
          throw new Error(`query word '${word}' is ${finds ? "not" : "unexpectedly"} in the vocabulary`);
}
