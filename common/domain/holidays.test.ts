import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { easterSunday, isPublicHoliday, publicHolidays } from "./holidays.ts";
import { isoWeekday } from "./swap-match.ts";

describe("easterSunday", () => {
  it("finds the known Easter Sundays, the earliest and latest possible among them", () => {
    expect([2019, 2024, 2025, 2026, 2027, 2038, 2285, 1818, 2000].map((y) => [y, easterSunday(y)])).toEqual([
      [2019, "2019-04-21"],
      [2024, "2024-03-31"],
      [2025, "2025-04-20"],
      [2026, "2026-04-05"],
      [2027, "2027-03-28"],
      // The latest date Easter can fall on, and the earliest.
      [2038, "2038-04-25"],
      [2285, "2285-03-22"],
      [1818, "1818-03-22"],
      [2000, "2000-04-23"],
    ]);
  });

  it("is always a Sunday between 22 March and 25 April", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1900, max: 2400 }), (year) => {
        const easter = easterSunday(year);
        expect(isoWeekday(easter)).toBe(7);
        expect(easter >= `${year}-03-22` && easter <= `${year}-04-25`).toBe(true);
      }),
    );
  });
});

describe("publicHolidays", () => {
  it("lists 2026's twelve in date order", () => {
    expect(publicHolidays(2026)).toEqual([
      "2026-01-01", // 1. nyttårsdag
      "2026-04-02", // Skjærtorsdag
      "2026-04-03", // Langfredag
      "2026-04-05", // 1. påskedag
      "2026-04-06", // 2. påskedag
      "2026-05-01", // Arbeidernes dag
      "2026-05-14", // Kristi himmelfartsdag
      "2026-05-17", // Grunnlovsdag
      "2026-05-24", // 1. pinsedag
      "2026-05-25", // 2. pinsedag
      "2026-12-25", // 1. juledag
      "2026-12-26", // 2. juledag
    ]);
  });

  it("lists a date once when two holidays share it", () => {
    // Kristi himmelfartsdag on 17 May (2007), on 1 May (2008); 2. pinsedag on 17 May (2027).
    for (const [year, date] of [
      [2007, "2007-05-17"],
      [2008, "2008-05-01"],
      [2027, "2027-05-17"],
    ] as const) {
      const days = publicHolidays(year);
      expect(days).toHaveLength(11);
      expect(days.filter((d) => d === date)).toHaveLength(1);
    }
  });

  it("puts the moving days on their weekdays around Easter, every year", () => {
    const plus = (date: string, days: number) =>
      new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    fc.assert(
      fc.property(fc.integer({ min: 1900, max: 2400 }), (year) => {
        const days = publicHolidays(year);
        const easter = easterSunday(year);
        // Skjærtorsdag, Langfredag, the Easter days, Kristi himmelfartsdag, the Pinse days.
        const moving = [-3, -2, 0, 1, 39, 49, 50].map((d) => plus(easter, d));
        expect(moving.map(isoWeekday)).toEqual([4, 5, 7, 1, 4, 7, 1]);
        for (const d of [...moving, `${year}-01-01`, `${year}-05-01`, `${year}-05-17`, `${year}-12-25`])
          expect(days).toContain(d);
        expect(days).toContain(`${year}-12-26`);
        expect(days.length).toBeGreaterThanOrEqual(10);
        expect([...days].sort()).toEqual(days);
      }),
    );
  });
});

describe("isPublicHoliday", () => {
  it("says which dates are holidays, a Sunday as such not among them", () => {
    expect(isPublicHoliday("2026-12-25")).toBe(true);
    expect(isPublicHoliday("2026-12-24")).toBe(false); // Julaften is no public holiday
    expect(isPublicHoliday("2026-04-03")).toBe(true);
    expect(isPublicHoliday("2026-04-04")).toBe(false); // Påskeaften
    expect(isPublicHoliday("2026-05-17")).toBe(true);
    expect(isPublicHoliday("2026-06-07")).toBe(false); // an ordinary Sunday
    expect(isPublicHoliday("2027-03-25")).toBe(true); // Skjærtorsdag 2027
  });
});
