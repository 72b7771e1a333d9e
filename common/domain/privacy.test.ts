import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  accountNumber,
  cardNumber,
  corpus,
  expectedLevel,
  group,
  luhnCheckDigit,
  nationalId,
  nationalIdFrom,
} from "../test/privacy-corpus.ts";
import {
  checkPrivacy,
  isValidAccountNumber,
  isValidNationalId,
  luhnValid,
  type PrivacyConfidence,
  type PrivacyKind,
} from "./privacy.ts";

const levelOf = (text: string) => checkPrivacy(text).confidence;
const kindsOf = (text: string) => checkPrivacy(text).findings.map((f) => f.kind);
/** The finding of `kind` covering exactly `part` of `text`, if any. */
const findingOf = (text: string, kind: PrivacyKind, part: string) => {
  const start = text.indexOf(part);
  return checkPrivacy(text).findings.find(
    (f) => f.kind === kind && f.start === start && f.end === start + part.length,
  );
};

// ---------------------------------------------------------------------------------------
// Generators

const pad2 = (n: number) => String(n).padStart(2, "0");
const digitString = (min: number, max: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: min, maxLength: max }).map((d) => d.join(""));

/** A real birth date as ddmmyy; days up to 28 so every month has them. */
const birthDate = fc
  .record({ day: fc.integer({ min: 1, max: 28 }), month: fc.integer({ min: 1, max: 12 }), year: fc.nat(99) })
  .map(({ day, month, year }) => ({ day, month, year }));

type IdKind = "fødselsnummer" | "D-nummer" | "H-nummer";
/** A valid identity number of each kind: D adds 40 to the day, H to the month. */
const validId = fc
  .record({
    date: birthDate,
    kind: fc.constantFrom<IdKind>("fødselsnummer", "D-nummer", "H-nummer"),
    individual: fc.integer({ min: 0, max: 999 }),
  })
  .map(({ date, kind, individual }) => {
    const day = kind === "D-nummer" ? date.day + 40 : date.day;
    const month = kind === "H-nummer" ? date.month + 40 : date.month;
    return nationalIdFrom(`${pad2(day)}${pad2(month)}${pad2(date.year)}`, individual);
  })
  .filter((id): id is string => id !== null);

/** How an identity number is written in a message. */
const idWritten = (id: string, style: number) =>
  [id, group(id, [6, 5]), group(id, [6, 5], "-"), `${group(id.slice(0, 6), [2, 2, 2], ".")} ${id.slice(6)}`][
    style
  ]!;

/** Around a finding: a plain ward sentence with nothing else in it. */
const sentence = fc.constantFrom(
  (x: string) => x,
  (x: string) => `Fnr ${x}`,
  (x: string) => `Sjekk ${x} før visitt.`,
  (x: string) => `Rom 412: ${x}, kl 14:30.`,
  (x: string) => `(${x})`,
);

const luhnValidCard = fc
  .record({ length: fc.integer({ min: 13, max: 19 }), body: digitString(18, 18) })
  .map(({ length, body }) => {
    const b = body.slice(0, length - 1);
    return b + luhnCheckDigit(b);
  });
const cardWritten = (card: string, style: number) => {
  if (style === 0) return card;
  const sizes = Array.from({ length: Math.floor(card.length / 4) }, () => 4);
  return group(card, sizes, style === 1 ? " " : "-");
};

// ---------------------------------------------------------------------------------------

describe("isValidNationalId", () => {
  it("accepts fødselsnummer, D- and H-numbers with both control digits right", () => {
    expect(isValidNationalId(nationalId("150385", 123))).toBe(true);
    expect(isValidNationalId(nationalId("550385", 123))).toBe(true); // D: 15 + 40
    expect(isValidNationalId(nationalId("154385", 123))).toBe(true); // H: 03 + 40
    expect(isValidNationalId(nationalId("290204", 500))).toBe(true); // a leap day
  });

  it("rejects a wrong control digit, a date that does not exist, and anything not 11 digits", () => {
    const id = nationalId("150385", 123);
    const wrong = (i: number) => id.slice(0, i) + ((Number(id[i]) + 1) % 10) + id.slice(i + 1);
    expect(isValidNationalId(wrong(9))).toBe(false);
    expect(isValidNationalId(wrong(10))).toBe(false);
    for (const date of ["310485", "300285", "290203", "001085", "150085", "151385", "725585", "155585"]) {
      for (let individual = 0; individual < 1000; individual += 37) {
        const candidate = nationalIdFrom(date, individual);
        if (candidate) expect(isValidNationalId(candidate), candidate).toBe(false);
      }
    }
    expect(isValidNationalId(id.slice(0, 10))).toBe(false);
    expect(isValidNationalId(`${id.slice(0, 6)} ${id.slice(6)}`)).toBe(false);
  });
});

describe("luhnValid and isValidAccountNumber", () => {
  it("know the textbook examples", () => {
    expect(luhnValid("4111111111111111")).toBe(true);
    expect(luhnValid("79927398713")).toBe(true);
    expect(luhnValid("4111111111111112")).toBe(false);
    expect(luhnValid("4111 1111 1111 1111")).toBe(false);
    expect(isValidAccountNumber("12345678903")).toBe(true);
    expect(isValidAccountNumber("12345678904")).toBe(false);
    expect(isValidAccountNumber("1234567890")).toBe(false);
  });
});

describe("checkPrivacy: what it finds", () => {
  it("finds identity numbers with or without the space, high", () => {
    const id = nationalId("150385", 123);
    for (const written of [id, group(id, [6, 5])]) {
      const text = `Pasient ${written} er innlagt.`;
      expect(findingOf(text, "nationalId", written)).toMatchObject({ confidence: "high" });
      expect(levelOf(text)).toBe("high");
    }
  });

  it("takes an 11-digit number that is no id but a valid account number as an account, medium", () => {
    expect(isValidNationalId("12345678903")).toBe(false);
    for (const written of ["12345678903", "1234.56.78903", "1234 56 78903"]) {
      const text = `Kontonr ${written} takk`;
      expect(findingOf(text, "accountNumber", written)).toMatchObject({ confidence: "medium" });
    }
    expect(levelOf("Kontonr 12345678904 takk")).toBeNull();
  });

  it("finds card numbers passing Luhn, high", () => {
    expect(findingOf("Kort 4111 1111 1111 1111.", "cardNumber", "4111 1111 1111 1111")).toBeTruthy();
    expect(levelOf("Kort 4111-1111-1111-1111")).toBe("high");
    expect(levelOf("Kort 4111 1111 1111 1112")).toBeNull();
    const amex = cardNumber("37", 15, 1);
    expect(levelOf(`Amex ${group(amex, [4, 6, 5])}`)).toBe("high");
  });

  it("finds phone numbers in the usual spellings, medium, with the + of +47", () => {
    for (const written of [
      "91234567",
      "912 34 567",
      "91 23 45 67",
      "9123 4567",
      "+47 912 34 567",
      "+4791234567",
      "0047 91234567",
      "22 11 80 80",
    ]) {
      const text = `Ring ${written} i kveld`;
      expect(findingOf(text, "phone", written), written).toMatchObject({ confidence: "medium" });
    }
    expect(kindsOf("Ring 91234567 2 ganger")).toEqual(["phone"]);
  });

  it("finds e-mail addresses, medium, without the full stop after them", () => {
    const text = "Skriv til kari.hansen@gmail.com.";
    expect(findingOf(text, "email", "kari.hansen@gmail.com")).toMatchObject({ confidence: "medium" });
    expect(levelOf("Møte @ kantina kl 12")).toBeNull();
    expect(levelOf("hei@")).toBeNull();
  });

  it("finds street addresses and postcodes with a place, low", () => {
    for (const [text, part] of [
      ["Hun bor i Storgata 12B nå", "Storgata 12B"],
      ["Hjem til Kirkeveien 166 i dag", "Kirkeveien 166"],
      ["Adresse 0450 Oslo", "0450 Oslo"],
      ["Fra 5020 Bergen", "5020 Bergen"],
      ["Til Karl Johans gate 22 kl 14", "Karl Johans gate 22"],
      ["Ny adresse: Fjellveien 3, 0372 Oslo.", "Fjellveien 3, 0372 Oslo"],
    ] as const) {
      expect(findingOf(text, "address", part), text).toMatchObject({ confidence: "low" });
    }
    // A name in a street name is part of the address, not a person.
    expect(kindsOf("Til Karl Johans gate 22, spør etter Kari")).toEqual(["address"]);
  });

  it("finds two or more capitalised common names, low; one is not enough", () => {
    expect(levelOf("Kari Hansen på rom 4")).toBe("low");
    expect(kindsOf("Kari Hansen på rom 4")).toEqual(["names", "names"]);
    expect(levelOf("Hilde og Marit bytter vakt")).toBe("low");
    expect(levelOf("Spør Marit om nøkkelen")).toBeNull();
    expect(levelOf("kari og marit bytter vakt")).toBeNull();
  });

  it("does not take everyday words for names at the start of a sentence", () => {
    for (const text of [
      "Per dag gis Paracet 4 ganger. Kari vet.",
      "Tom for sprøyter, spør Marit.",
      "Hans kone ringte. Anne tok telefonen.",
      "Liv og lære-kurset er flyttet, sier Ingrid.",
      "Strøm er borte i korridor B, Bjørg har meldt det.",
      "Mai-turnusen er ute. Spør Hilde.",
      "Berg og dal-bane i dag, sier Knut.",
    ]) {
      expect(levelOf(text), text).toBeNull();
    }
    // The same words are names inside a sentence or before another name.
    expect(levelOf("Kari og Per tar natta")).toBe("low");
    expect(levelOf("Per Hansen er innlagt")).toBe("low");
    expect(levelOf("Dr. Berg og dr. Lie går visitt")).toBe("low");
  });

  it("finds two or more distinct medical terms, also inflected or compound, low", () => {
    expect(levelOf("Har KOLS og pneumonien er bedre")).toBe("low");
    expect(levelOf("Lungekreften har spredt seg, morfin ved behov")).toBe("low");
    expect(levelOf("Dialysen flyttes pga nyresvikten")).toBe("low");
    expect(levelOf("Husk Paracet kl 14")).toBeNull();
    expect(levelOf("Paracet, mer Paracet og PARACET")).toBeNull();
    expect(levelOf("Hiv den i søpla og hive resten")).toBeNull();
  });

  it("reports the highest level, findings in text order, offsets in the text", () => {
    const id = nationalId("150385", 123);
    const text = `Kari Hansen ${id} har KOLS og pneumoni, tlf 912 34 567.`;
    const result = checkPrivacy(text);
    expect(result.confidence).toBe("high");
    expect(new Set(result.findings.map((f) => f.kind))).toEqual(
      new Set(["names", "nationalId", "medicalTerms", "phone"]),
    );
    const starts = result.findings.map((f) => f.start);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(checkPrivacy("")).toEqual({ confidence: null, findings: [] });
  });
});

describe("checkPrivacy: what stays clean", () => {
  it("leaves times, dates, rooms, doses, extensions and counts alone", () => {
    for (const text of [
      "Vaktskifte kl. 07:30 og kl 15",
      "Kveldsvakt 1500–2300, natt 2300-0730, natt 2300 0730",
      "Ny plan fra 12.03.2026, møte 12/3 og 2026-03-12",
      "Rom 412, seng 3, rom 4012, sengeplass 4. Parkeringsplass 12 er ledig",
      "5 mg, 2,5 ml/t, 1000 IE, 0,5 mg/kg, 500 ml NaCl 0,9 %",
      "Ring 4521, apoteket 12345, calling 12345, intern 3377",
      "24 senger, 31 ansatte, kr 1 250 per person, org.nr 983 974 724",
      "BT 135/85, puls 92, Hb 11,2, CRP 45",
      "Se prosedyre 3.4.12 og avvik 2026/4411",
      "Fagmøte: https://teams.microsoft.com/l/meetup-join/19%3ameeting_NjQ5@thread.v2/0?context=%7b%22Oid%22%3a%2291234567%22%7d",
      "Prosedyren: www.helsebiblioteket.no/sak/91234567 (Marit har lest den)",
    ]) {
      expect(checkPrivacy(text), text).toEqual({ confidence: null, findings: [] });
    }
  });
});

describe("checkPrivacy: properties", () => {
  it("rates every valid identity, D- and H-number high, however it is written", () => {
    fc.assert(
      fc.property(validId, fc.integer({ min: 0, max: 3 }), sentence, (id, style, around) => {
        expect(isValidNationalId(id)).toBe(true);
        const written = idWritten(id, style);
        const text = around(written);
        expect(checkPrivacy(text).confidence).toBe("high");
        expect(findingOf(text, "nationalId", written)).toBeTruthy();
      }),
      { numRuns: 500 },
    );
  });

  it("never rates a number with a wrong control digit high", () => {
    fc.assert(
      fc.property(
        validId,
        fc.constantFrom(9, 10),
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 0, max: 3 }),
        sentence,
        (id, position, shift, style, around) => {
          const wrong =
            id.slice(0, position) + ((Number(id[position]) + shift) % 10) + id.slice(position + 1);
          expect(isValidNationalId(wrong)).toBe(false);
          expect(checkPrivacy(around(idWritten(wrong, style))).confidence).not.toBe("high");
        },
      ),
      { numRuns: 500 },
    );
  });

  it("rates any 11-digit number high exactly when it is a valid identity number", () => {
    fc.assert(
      fc.property(digitString(11, 11), sentence, (digits, around) => {
        expect(checkPrivacy(around(digits)).confidence === "high").toBe(isValidNationalId(digits));
      }),
      { numRuns: 1000 },
    );
  });

  it("rates Luhn-valid card numbers of 13–19 digits high, Luhn-invalid ones never", () => {
    fc.assert(
      fc.property(
        luhnValidCard,
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 1, max: 9 }),
        sentence,
        (card, style, shift, around) => {
          expect(luhnValid(card)).toBe(true);
          const written = cardWritten(card, style);
          expect(checkPrivacy(around(written)).confidence).toBe("high");
          expect(findingOf(around(written), "cardNumber", written)).toBeTruthy();
          const last = card.length - 1;
          const invalid = card.slice(0, last) + ((Number(card[last]) + shift) % 10);
          expect(luhnValid(invalid)).toBe(false);
          expect(checkPrivacy(around(cardWritten(invalid, style))).confidence).not.toBe("high");
        },
      ),
      { numRuns: 500 },
    );
  });

  it("rates valid account numbers that are no identity number medium, in every usual spelling", () => {
    fc.assert(
      fc.property(
        digitString(4, 4),
        fc.nat(1_000_000),
        fc.integer({ min: 0, max: 2 }),
        (bank, seed, style) => {
          const account = accountNumber(bank, seed);
          fc.pre(!isValidNationalId(account));
          const written = [account, group(account, [4, 2, 5], "."), group(account, [4, 2, 5])][style]!;
          expect(findingOf(`Konto ${written}, takk`, "accountNumber", written)).toMatchObject({
            confidence: "medium",
          });
        },
      ),
    );
  });

  it("rates Norwegian phone numbers medium, with and without +47 or 0047", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 9 }),
        digitString(7, 7),
        fc.constantFrom("", "+47 ", "+47", "0047 "),
        fc.constantFrom([8], [3, 2, 3], [2, 2, 2, 2]),
        (first, rest, prefix, sizes) => {
          const written = prefix + group(`${first}${rest}`, sizes);
          expect(findingOf(`Ring ${written} i kveld`, "phone", written)).toMatchObject({
            confidence: "medium",
          });
        },
      ),
    );
  });

  it("leaves extensions, times, dates, rooms and doses clean", () => {
    const extension = fc.integer({ min: 1000, max: 99999 }).map((n) => `ring ${n}`);
    const time = fc
      .record({ h: fc.integer({ min: 0, max: 23 }), m: fc.integer({ min: 0, max: 59 }) })
      .chain(({ h, m }) =>
        fc.constantFrom(
          `kl. ${pad2(h)}:${pad2(m)}`,
          `kl ${h}`,
          `${pad2(h)}${pad2(m)}–${pad2((h + 8) % 24)}00`,
        ),
      );
    const date = fc
      .record({
        d: fc.integer({ min: 1, max: 31 }),
        m: fc.integer({ min: 1, max: 12 }),
        y: fc.integer({ min: 1990, max: 2040 }),
      })
      .chain(({ d, m, y }) =>
        fc.constantFrom(`${pad2(d)}.${pad2(m)}.${y}`, `${d}/${m}`, `${y}-${pad2(m)}-${pad2(d)}`),
      );
    const room = fc
      .integer({ min: 1, max: 9999 })
      .chain((n) => fc.constantFrom(`rom ${n}`, `seng ${n % 40}`));
    const dose = fc
      .record({
        n: fc.integer({ min: 1, max: 5000 }),
        unit: fc.constantFrom("mg", "ml/t", "IE", "mmol", "µg"),
      })
      .map(({ n, unit }) => `${n} ${unit}`);
    fc.assert(
      fc.property(
        fc.array(fc.oneof(extension, time, date, room, dose), { minLength: 1, maxLength: 6 }),
        (parts) => {
          const text = `${parts.join(", ")}.`;
          expect(checkPrivacy(text).findings).toEqual([]);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("keeps its result consistent on any text", () => {
    const rank = { low: 1, medium: 2, high: 3 } as const;
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(..."0123456789 .-+@aeKæø\n,:/"), maxLength: 120 }),
        (text) => {
          const { confidence, findings } = checkPrivacy(text);
          expect(confidence === null).toBe(findings.length === 0);
          for (const f of findings) {
            expect(0 <= f.start && f.start < f.end && f.end <= text.length).toBe(true);
            expect(rank[f.confidence]).toBeLessThanOrEqual(rank[confidence!]);
          }
          if (confidence) expect(findings.some((f) => f.confidence === confidence)).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

// ---------------------------------------------------------------------------------------
// §8: the detector measured on the labelled corpus

const levels: PrivacyConfidence[] = ["high", "medium", "low"];
const ratio = (n: number, d: number) => (d === 0 ? Number.NaN : n / d);
const shown = (x: number) => (Number.isNaN(x) ? "  –  " : x.toFixed(3));

describe("privacy check measured on the ward corpus", () => {
  const rows = corpus.map((m) => ({ text: m.text, label: expectedLevel(m.contains), got: levelOf(m.text) }));

  it("has at least 150 messages: 60 clean ones and 10 of every kind", () => {
    expect(corpus.length).toBeGreaterThanOrEqual(150);
    expect(corpus.filter((m) => m.contains.length === 0).length).toBeGreaterThanOrEqual(60);
    const kinds: PrivacyKind[] = [
      "nationalId",
      "cardNumber",
      "accountNumber",
      "phone",
      "email",
      "address",
      "names",
      "medicalTerms",
    ];
    for (const kind of kinds) {
      expect(corpus.filter((m) => m.contains.includes(kind)).length, kind).toBeGreaterThanOrEqual(10);
    }
  });

  it("reaches recall 0.95 on high-risk messages and precision 0.9 overall", () => {
    // Per level, each message is classified by its highest level: precision is the share of
    // messages the detector rates L that are labelled L; recall the share of messages
    // labelled L that the detector rates L.
    const table = levels.map((level) => {
      const labelled = rows.filter((r) => r.label === level).length;
      const rated = rows.filter((r) => r.got === level).length;
      const both = rows.filter((r) => r.label === level && r.got === level).length;
      return { level, labelled, rated, precision: ratio(both, rated), recall: ratio(both, labelled) };
    });
    // Overall: a message the detector flags (any level) is a true positive when its label is
    // not null (any level); recall is the share of labelled messages that are flagged at all.
    const flagged = rows.filter((r) => r.got !== null);
    const labelled = rows.filter((r) => r.label !== null);
    const overallPrecision = ratio(flagged.filter((r) => r.label !== null).length, flagged.length);
    const overallRecall = ratio(labelled.filter((r) => r.got !== null).length, labelled.length);
    const accuracy = ratio(rows.filter((r) => r.label === r.got).length, rows.length);

    const lines = [
      `Privacy check on ${rows.length} ward messages (${rows.length - labelled.length} clean)`,
      "level    labelled  rated  precision  recall",
      ...table.map(
        (t) =>
          `${t.level.padEnd(8)} ${String(t.labelled).padStart(8)} ${String(t.rated).padStart(6)}  ${shown(t.precision).padStart(9)}  ${shown(t.recall).padStart(6)}`,
      ),
      `any      ${String(labelled.length).padStart(8)} ${String(flagged.length).padStart(6)}  ${shown(overallPrecision).padStart(9)}  ${shown(overallRecall).padStart(6)}`,
      `exact-level accuracy ${shown(accuracy)}`,
      ...rows
        .filter((r) => r.label !== r.got)
        .map((r) => `  labelled ${r.label ?? "clean"}, rated ${r.got ?? "clean"}: ${r.text}`),
    ];
    console.log(lines.join("\n"));

    expect(table[0]!.recall).toBeGreaterThanOrEqual(0.95);
    expect(overallPrecision).toBeGreaterThanOrEqual(0.9);
  });
});

// ---------------------------------------------------------------------------------------
// Speed: it runs while typing

/**
 * The median CPU time of one check, in ms. CPU time of this process, not wall time: the
 * suite shares two cores with the server tests' databases, and a check that waits for a
 * core is not a slower check (wall-clock medians of 0.25 ms alone went past 1 ms there).
 * Vitest runs this project in child processes, so the process's CPU is this test's.
 */
const medianMs = (text: string, runs: number) => {
  for (let i = 0; i < 20; i++) checkPrivacy(text);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const before = process.cpuUsage();
    checkPrivacy(text);
    const used = process.cpuUsage(before);
    times.push((used.user + used.system) / 1000);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(runs / 2)]!;
};

describe("privacy check speed", () => {
  it("checks a 4,000-character mixed message in under 1 ms of CPU (best median of 3 × 200 runs)", () => {
    let text = "";
    for (let i = 0; text.length < 4000; i = (i + 7) % corpus.length) text += `${corpus[i]!.text}\n`;
    text = text.slice(0, 4000);
    // The best of three medians: a round slowed by the host (CPU stolen from this virtual
    // machine is still counted as ours) does not fail the test; a slow check fails all three.
    const median = Math.min(medianMs(text, 200), medianMs(text, 200), medianMs(text, 200));
    console.log(`privacy check, 4,000 characters: median ${median.toFixed(3)} ms`);
    expect(median).toBeLessThan(1);
  });

  it("stays linear on hostile input", () => {
    for (const text of [
      "1.".repeat(2000),
      "1 ".repeat(2000),
      "a".repeat(4000),
      "a@".repeat(2000),
      `${"a".repeat(3990)}@b.no`,
      "Kari ".repeat(800),
      "Storgata 1 ".repeat(360),
    ]) {
      expect(medianMs(text, 50), text.slice(0, 12)).toBeLessThan(5);
    }
  });
});
