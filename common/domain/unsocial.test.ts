import { describe, expect, it } from "vitest";
import { osloHourToInstant } from "./oslo-time.ts";
import { countUnsocial, osloYearStart, unsocialKinds, unsocialReadFrom } from "./unsocial.ts";

/** A shift on an Oslo date from one whole hour to another (an earlier `to`: the next day). */
const shift = (date: string, from: number, to: number) => ({
  startsAt: osloHourToInstant(date, from),
  endsAt: osloHourToInstant(date, to, to <= from ? 1 : 0),
});

describe("unsocialKinds", () => {
  it("tells nights, weekends and holidays by the Oslo midpoint", () => {
    const kinds = (date: string, from: number, to: number) => {
      const k = unsocialKinds(shift(date, from, to));
      return [k.night, k.weekend, k.holiday];
    };
    // Wednesday 10 June 2026: a day shift is none of them; its night is a night.
    expect(kinds("2026-06-10", 7, 15)).toEqual([false, false, false]);
    expect(kinds("2026-06-10", 23, 7)).toEqual([true, false, false]);
    // A Friday night is a weekend shift (its midpoint is on Saturday), a Sunday night is not.
    expect(kinds("2026-06-12", 23, 7)).toEqual([true, true, false]);
    expect(kinds("2026-06-14", 23, 7)).toEqual([true, false, false]);
    expect(kinds("2026-06-13", 15, 23)).toEqual([false, true, false]);
    // Langfredag (a Friday), 1. juledag on a Friday, and the night into 17 May (a Sunday in 2026).
    expect(kinds("2026-04-03", 7, 15)).toEqual([false, false, true]);
    expect(kinds("2026-12-25", 15, 23)).toEqual([false, false, true]);
    expect(kinds("2026-05-16", 23, 7)).toEqual([true, true, true]);
    // Julaften is no public holiday; the night into 1. juledag is one.
    expect(kinds("2026-12-24", 7, 15)).toEqual([false, false, false]);
    expect(kinds("2026-12-24", 23, 7)).toEqual([true, false, true]);
  });

  it("holds on the night summer time ends (a 9-hour night)", () => {
    // 25 October 2026: 23:00 Saturday to 07:00 Sunday is nine hours; its midpoint is Sunday.
    const night = shift("2026-10-24", 23, 7);
    expect(night.endsAt.getTime() - night.startsAt.getTime()).toBe(9 * 3_600_000);
    expect(unsocialKinds(night)).toEqual({ night: true, weekend: true, holiday: false });
  });
});

describe("countUnsocial", () => {
  const now = osloHourToInstant("2026-06-15", 12);

  it("counts the started shifts of the last 90 days and of this year, no future ones", () => {
    const figures = countUnsocial(
      [
        shift("2026-06-12", 23, 7), // night, weekend: both windows
        shift("2026-05-17", 7, 15), // weekend, holiday: both windows
        shift("2026-06-10", 7, 15), // nothing
        shift("2026-02-14", 15, 23), // weekend: this year, over 90 days ago
        shift("2025-12-25", 23, 7), // night, holiday: last year, over 90 days ago
        shift("2026-06-20", 23, 7), // a future weekend night: not counted
        shift("2026-06-15", 7, 15), // under way: counted, nothing unsocial
      ],
      now,
    );
    expect(figures).toEqual({
      last90Days: { nights: 1, weekends: 2, holidays: 1 },
      thisYear: { nights: 1, weekends: 3, holidays: 1 },
    });
  });

  it("puts a shift in the window its midpoint falls in", () => {
    // 90 days before 15 June 12:00 is 17 March 12:00 (Oslo summer time makes no day longer).
    const jan = osloHourToInstant("2026-01-10", 12);
    // The night into 1 January: a holiday of the new year, in both of its windows.
    expect(countUnsocial([shift("2025-12-31", 23, 7)], jan)).toEqual({
      last90Days: { nights: 1, weekends: 0, holidays: 1 },
      thisYear: { nights: 1, weekends: 0, holidays: 1 },
    });
    // A Saturday evening whose midpoint is just inside or just outside the 90 days.
    const saturday = shift("2026-03-14", 15, 23);
    const mid = (saturday.startsAt.getTime() + saturday.endsAt.getTime()) / 2;
    const at = (ms: number) => countUnsocial([saturday], new Date(ms)).last90Days.weekends;
    expect(at(mid + 90 * 86_400_000 - 1)).toBe(1);
    expect(at(mid + 90 * 86_400_000)).toBe(0);
  });

  it("counts nothing of none", () => {
    const zero = { nights: 0, weekends: 0, holidays: 0 };
    expect(countUnsocial([], now)).toEqual({ last90Days: zero, thisYear: zero });
  });
});

describe("what the server reads", () => {
  it("starts at Oslo's New Year or 90 days back, whichever is earlier", () => {
    const june = osloHourToInstant("2026-06-15", 12);
    expect(osloYearStart(june)).toEqual(new Date("2025-12-31T23:00:00Z"));
    expect(unsocialReadFrom(june)).toEqual(new Date("2025-12-31T23:00:00Z"));
    const feb = osloHourToInstant("2026-02-01", 12);
    expect(unsocialReadFrom(feb)).toEqual(new Date(feb.getTime() - 90 * 86_400_000));
    // New Year's Eve at 23:30 in Oslo is still the old year.
    expect(osloYearStart(new Date("2026-12-31T22:30:00Z"))).toEqual(new Date("2025-12-31T23:00:00Z"));
  });
});
