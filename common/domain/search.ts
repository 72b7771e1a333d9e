/**
 * Search in Norwegian: what a query means, and which words of a found text it matched.
 *
 * The database finds the messages (Norwegian full-text search for inflections, trigrams
 * for parts of words); these rules read the query and mark the words a reader should
 * see. Both sides compare text folded the same way: lower case, with æ, ø and å and
 * their common substitutes (ae, o, aa) made one, so 'blåbær' and 'blaabaer' meet.
 * The database's copy of `foldNorwegian` is the SQL function `search_fold`
 * (migration 0026); a test holds the two equal.
 */

export const searchLimits = {
  /** shorter queries find everything; the box waits for a second letter */
  queryMin: 2,
  queryMax: 200,
  /** terms beyond this are ignored: a pasted paragraph is not a query */
  termsMax: 8,
  messages: 20,
  files: 8,
  people: 6,
  /** words either side of the first match in a message's snippet */
  snippetWords: 8,
} as const;

/**
 * Whether a search has something to look for: two characters, or a filter that says
 * what ('Fra', 'I', 'Har vedlegg'). The server refuses anything else; the box does not
 * ask.
 */
export const hasSomethingToFind = (s: { q?: string; from?: string; thread?: string; hasFile?: boolean }) =>
  (s.q ?? "").trim().length >= searchLimits.queryMin || Boolean(s.from || s.thread || s.hasFile);

/** Letters folded to one spelling; anything else is only lower-cased. */
const foldings: Record<string, string> = {
  æ: "ae",
  ä: "ae",
  ø: "o",
  ö: "o",
  å: "aa",
  é: "e",
  è: "e",
  ê: "e",
  ó: "o",
  ò: "o",
  ô: "o",
  ü: "u",
};
const foldable = new RegExp(`[${Object.keys(foldings).join("")}]`, "g");

/** Lower case with æøå and their substitutes made one (`search_fold` in SQL). */
export function foldNorwegian(text: string): string {
  return text.toLowerCase().replace(foldable, (c) => foldings[c] ?? c);
}

/** The SQL twin's `translate`/`replace` arguments, so the migration and this file agree. */
export const foldingPairs: readonly (readonly [string, string])[] = Object.entries(foldings);

export interface ParsedQuery {
  /** single words, folded, in the order typed, without repeats */
  terms: string[];
  /** quoted phrases: each a list of folded words that must follow one another */
  phrases: string[][];
}

const wordPattern = /[\p{L}\p{N}]+/gu;

/** The words of a text with where each stands: [start, end) in UTF-16 units. */
export function wordsOf(text: string): { word: string; start: number; end: number }[] {
  return [...text.matchAll(wordPattern)].map((m) => ({
    word: m[0],
    start: m.index,
    end: m.index + m[0].length,
  }));
}

/**
 * Words and "quoted phrases". A lone quote runs to the end of the query; punctuation
 * separates words, as it does in the text searched.
 */
export function parseSearchQuery(query: string): ParsedQuery {
  const terms: string[] = [];
  const phrases: string[][] = [];
  const parts = query.split('"');
  parts.forEach((part, i) => {
    const words = wordsOf(part).map((w) => foldNorwegian(w.word));
    // Odd parts were inside quotes; a one-word phrase is a word.
    if (i % 2 === 1 && words.length > 1) phrases.push(words);
    else for (const w of words) if (!terms.includes(w)) terms.push(w);
  });
  const room = Math.max(0, searchLimits.termsMax - phrases.length);
  return { terms: terms.slice(0, room), phrases: phrases.slice(0, searchLimits.termsMax) };
}

export const isEmptyQuery = (q: ParsedQuery) => q.terms.length === 0 && q.phrases.length === 0;

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/** At most one letter added, dropped or changed: the small typo trigrams forgive. */
function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  const p = commonPrefix(a, b);
  const restA = a.slice(p);
  const restB = b.slice(p);
  return restA.slice(1) === restB.slice(1) || restA === restB.slice(1) || restA.slice(1) === restB;
}

/**
 * Whether a folded word of a text answers a folded query term: the term is part of it
 * ('pumpe' in 'pumpeinstruks'), they are the same word inflected ('vakter', 'vakt':
 * they differ only in the last letters), or one is a small typo of the other.
 */
export function wordMatches(word: string, term: string): boolean {
  if (term.length < 3) return word === term;
  if (word.includes(term)) return true;
  const shorter = Math.min(word.length, term.length);
  if (commonPrefix(word, term) >= Math.max(3, shorter - 2)) return true;
  return term.length >= 5 && withinOneEdit(word, term);
}

/** The [start, end) ranges of `text` a query matched: whole words, in order, never overlapping. */
export function matchRanges(text: string, query: ParsedQuery): [number, number][] {
  const words = wordsOf(text);
  const folded = words.map((w) => foldNorwegian(w.word));
  const marked = new Array<boolean>(words.length).fill(false);
  folded.forEach((word, i) => {
    if (query.terms.some((term) => wordMatches(word, term))) marked[i] = true;
  });
  for (const phrase of query.phrases) {
    for (let i = 0; i + phrase.length <= folded.length; i++) {
      if (phrase.every((p, k) => folded[i + k] === p))
        for (let k = 0; k < phrase.length; k++) marked[i + k] = true;
    }
  }
  // Neighbouring marked words of a phrase become one range.
  const ranges: [number, number][] = [];
  words.forEach((w, i) => {
    if (!marked[i]) return;
    const last = ranges.at(-1);
    if (last && marked[i - 1] && /^\s+$/.test(text.slice(last[1], w.start))) last[1] = w.end;
    else ranges.push([w.start, w.end]);
  });
  return ranges;
}

export interface Snippet {
  text: string;
  highlights: [number, number][];
}

/**
 * A few words either side of the first match, on one line, '…' where it was cut; the
 * ranges are moved to the snippet's offsets. Without a match, the text's beginning.
 */
export function snippetOf(text: string, query: ParsedQuery, words = searchLimits.snippetWords): Snippet {
  const ranges = matchRanges(text, query);
  const all = wordsOf(text);
  const firstAt = ranges[0] ? all.findIndex((w) => w.start === ranges[0]?.[0]) : 0;
  const fromWord = Math.max(0, firstAt - words);
  const lastShown = Math.min(all.length - 1, firstAt + words * 2 - (firstAt - fromWord));
  const start = fromWord === 0 ? 0 : (all[fromWord]?.start ?? 0);
  const end =
    lastShown >= all.length - 1 || all.length === 0 ? text.length : (all[lastShown]?.end ?? text.length);
  const prefix = start > 0 ? "…" : "";
  const suffix = end < text.length ? "…" : "";
  // Line breaks become spaces, one for one, so offsets stay where they were.
  const body = text.slice(start, end).replace(/\s/g, " ");
  const shift = prefix.length - start;
  const highlights = ranges
    .filter(([s, e]) => s >= start && e <= end)
    .map(([s, e]): [number, number] => [s + shift, e + shift]);
  return { text: prefix + body + suffix, highlights };
}
