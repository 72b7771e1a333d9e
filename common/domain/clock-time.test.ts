import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatClockTime,
  isQuarterHour,
  normalizeClockTime,
  parseClockTime,
  shiftTimeChoices,
} from "./clock-time.ts";

const quarter = fc.integer({ min: 0, max: 95 }).map((q) => q * 15);

describe("shift times", () => {
  it("read back what they write, for every quarter hour", () => {
    fc.assert(
      fc.property(quarter, (minutes) => {
        expect(parseClockTime(formatClockTime(minutes))).toBe(minutes);
        expect(normalizeClockTime(formatClockTime(minutes))).toBe(formatClockTime(minutes));
      }),
    );
    expect(formatClockTime(450)).toBe("07:30");
    expect(parseClockTime("23:45")).toBe(1425);
  });

  it("take only HH:MM on a quarter hour through the API", () => {
    for (const bad of ["7:30", "07:20", "24:00", "07:60", "0730", "07.30", "", " 07:30", "07:30:00"])
      expect(parseClockTime(bad), bad).toBeNull();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 24 * 60 - 1 }), (minutes) => {
        expect(parseClockTime(formatClockTime(minutes)) !== null).toBe(minutes % 15 === 0);
      }),
    );
  });

  it("read what people type kindly, 24-hour", () => {
    const cases: [string, string | null][] = [
      ["7", "07:00"],
      ["07", "07:00"],
      ["730", "07:30"],
      ["0730", "07:30"],
      ["7:30", "07:30"],
      ["7.30", "07:30"],
      [" 15:45 ", "15:45"],
      ["23:45", "23:45"],
      ["0", "00:00"],
      ["7:20", null],
      ["24", null],
      ["25:00", null],
      ["7:5", null],
      ["kl 7", null],
      ["", null],
    ];
    for (const [typed, expected] of cases) expect(normalizeClockTime(typed), typed).toBe(expected);
  });

  it("list the 24 whole hours first, then the other 72 quarter hours in order", () => {
    expect(shiftTimeChoices).toHaveLength(96);
    expect(new Set(shiftTimeChoices).size).toBe(96);
    expect(shiftTimeChoices.slice(0, 24)).toEqual(
      Array.from({ length: 24 }, (_, h) => formatClockTime(h * 60)),
    );
    expect(shiftTimeChoices.slice(24, 27)).toEqual(["00:15", "00:30", "00:45"]);
    expect(shiftTimeChoices.at(-1)).toBe("23:45");
    expect(shiftTimeChoices.every((t) => isQuarterHour(parseClockTime(t) ?? -1))).toBe(true);
  });
});
