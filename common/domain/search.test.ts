import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  foldNorwegian,
  matchRanges,
  parseSearchQuery,
  searchLimits,
  snippetOf,
  wordMatches,
} from "./search.ts";

const marked = (text: string, q: string) =>
  matchRanges(text, parseSearchQuery(q)).map(([s, e]) => text.slice(s, e));

describe("foldNorwegian", () => {
  it.each([
    ["Blåbærsyltetøy", "blaabaersyltetoy"],
    ["BLAABAER", "blaabaer"],
    ["Kjøkken", "kjokken"],
    ["ÅSE", "aase"],
    ["Kafé idé", "kafe ide"],
    ["Müller Jönsson Bäck", "muller jonsson baeck"],
  ])("%j reads %j", (text, folded) => {
    expect(foldNorwegian(text)).toBe(folded);
  });

  it("is idempotent, and meets a word written with æøå and the same word with substitutes", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(foldNorwegian(foldNorwegian(s))).toBe(foldNorwegian(s));
      }),
    );
    const substitute = (s: string) => s.replaceAll("æ", "ae").replaceAll("ø", "o").replaceAll("å", "aa");
    const letters = fc.constantFrom(..."abdefgiklmnoprstuvæøå".split(""));
    fc.assert(
      fc.property(fc.string({ unit: letters }), (word) => {
        expect(foldNorwegian(word)).toBe(foldNorwegian(substitute(word)));
      }),
    );
  });
});

describe("parseSearchQuery", () => {
  it("folds words, drops repeats and punctuation, and keeps quoted phrases whole", () => {
    expect(parseSearchQuery('Pumpe, "ny pumpe"  rom-3 pumpe')).toEqual({
      terms: ["pumpe", "rom", "3"],
      phrases: [["ny", "pumpe"]],
    });
  });

  it("reads a lone quote to the end, and a one-word phrase as a word", () => {
    expect(parseSearchQuery('"vakt" "ny pumpe')).toEqual({ terms: ["vakt"], phrases: [["ny", "pumpe"]] });
  });

  it(`keeps at most ${searchLimits.termsMax} words and phrases`, () => {
    const q = parseSearchQuery(Array.from({ length: 20 }, (_, i) => `ord${i}`).join(" "));
    expect(q.terms).toHaveLength(searchLimits.termsMax);
  });
});

describe("wordMatches", () => {
  it.each([
    ["pumpeinstruksen", "pumpe", true],
    ["pumpeinstruksen", "instruks", true],
    ["vakt", "vakter", true],
    ["vaktene", "vakter", true],
    ["defibrillatoren", "defibrilatoren", true],
    ["kari", "ka", false],
    ["ka", "ka", true],
    ["sengepost", "pasient", false],
    ["rom", "morgen", false],
  ])("%j answers %j: %s", (word, term, expected) => {
    expect(wordMatches(word, term)).toBe(expected);
  });
});

describe("matchRanges", () => {
  it("marks whole words, whatever their case or æøå spelling", () => {
    expect(marked("Husk pumpeinstruksen på Kjøkkenet!", "pumpe kjokken")).toEqual([
      "pumpeinstruksen",
      "Kjøkkenet",
    ]);
  });

  it("marks a phrase as one range, and not its words apart", () => {
    expect(marked("Ny pumpe på rom 3, pumpe ny", '"ny pumpe"')).toEqual(["Ny pumpe"]);
  });

  it("gives sorted ranges that never overlap and lie within the text", () => {
    const words = fc.constantFrom(
      "vakt",
      "vakter",
      "pumpe",
      "pumpeinstruks",
      "rom",
      "ny",
      "Åse",
      "aase",
      "og",
      "i",
    );
    const text = fc.array(words, { maxLength: 30 }).map((w) => w.join(" "));
    fc.assert(
      fc.property(text, fc.array(words, { minLength: 1, maxLength: 3 }), (t, q) => {
        const ranges = matchRanges(t, parseSearchQuery(q.join(" ")));
        let last = 0;
        for (const [s, e] of ranges) {
          expect(s).toBeGreaterThanOrEqual(last);
          expect(e).toBeGreaterThan(s);
          expect(e).toBeLessThanOrEqual(t.length);
          last = e;
        }
      }),
    );
  });
});

describe("snippetOf", () => {
  it("cuts a long text around the first match, with '…' where it was cut, and moves the marks with it", () => {
    const text = `${"a b c d e f g h i j k l ".repeat(3)}pumpeinstruksen ${"x y z ".repeat(10)}`;
    const s = snippetOf(text, parseSearchQuery("pumpe"));
    expect(s.text.startsWith("…")).toBe(true);
    expect(s.text.endsWith("…")).toBe(true);
    expect(s.highlights.map(([a, b]) => s.text.slice(a, b))).toEqual(["pumpeinstruksen"]);
  });

  it("keeps a short text whole, on one line", () => {
    const s = snippetOf("Husk\npumpen", parseSearchQuery("pumpe"));
    expect(s).toEqual({ text: "Husk pumpen", highlights: [[5, 11]] });
  });

  it("always marks what the full text marks within the piece shown", () => {
    const words = fc.constantFrom("vakt", "pumpe", "rom", "og", "på", "Åse", "\n", "nattevakt");
    fc.assert(
      fc.property(fc.array(words, { maxLength: 60 }), fc.constantFrom("vakt", "pumpe", "aase"), (ws, q) => {
        const text = ws.join(" ");
        const s = snippetOf(text, parseSearchQuery(q));
        for (const [a, b] of s.highlights)
          expect(wordMatches(foldNorwegian(s.text.slice(a, b)), q)).toBe(true);
        if (matchRanges(text, parseSearchQuery(q)).length > 0) expect(s.highlights.length).toBeGreaterThan(0);
      }),
    );
  });
});
