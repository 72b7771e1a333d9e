import { TZDate } from "@date-fns/tz";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { currentShiftBlock, osloDayNumber, osloTimeZone, shiftBlocks } from "./shift-block.ts";

const oslo = (y: number, m: number, d: number, h: number, min = 0) =>
  new Date(new TZDate(y, m - 1, d, h, min, 0, 0, osloTimeZone).getTime());

const hourMs = 3_600_000;

describe("currentShiftBlock", () => {
  it.each([
    [oslo(2025, 6, 10, 7), "Dagvakt", "07:00–15:00"],
    [oslo(2025, 6, 10, 14, 59), "Dagvakt", "07:00–15:00"],
    [oslo(2025, 6, 10, 15), "Kveldsvakt", "15:00–23:00"],
    [oslo(2025, 6, 10, 23), "Nattevakt", "23:00–07:00"],
    [oslo(2025, 6, 11, 3), "Nattevakt", "23:00–07:00"],
    [oslo(2025, 6, 11, 6, 59), "Nattevakt", "23:00–07:00"],
  ])("maps %s to %s", (at, name, range) => {
    const block = currentShiftBlock(at);
    expect(block.name).toBe(name);
    expect(block.range).toBe(range);
  });

  it("starts a night block seen after midnight on the day before", () => {
    const block = currentShiftBlock(oslo(2025, 1, 1, 2));
    expect(block.start).toEqual(oslo(2024, 12, 31, 23));
    expect(block.end).toEqual(oslo(2025, 1, 1, 7));
  });

  it("gives the night summer time starts 7 hours and the night it ends 9 hours", () => {
    const spring = currentShiftBlock(oslo(2025, 3, 30, 1));
    expect(spring.end.getTime() - spring.start.getTime()).toBe(7 * hourMs);
    const autumn = currentShiftBlock(oslo(2025, 10, 26, 1));
    expect(autumn.end.getTime() - autumn.start.getTime()).toBe(9 * hourMs);
  });

  it("keeps day blocks at 8 hours on the days the clock changes", () => {
    for (const at of [oslo(2025, 3, 30, 12), oslo(2025, 10, 26, 16)]) {
      const block = currentShiftBlock(at);
      expect(block.end.getTime() - block.start.getTime()).toBe(8 * hourMs);
    }
  });

  const instant = fc.date({ min: new Date("2000-01-01"), max: new Date("2060-12-31"), noInvalidDate: true });

  it("puts every instant in exactly one block whose range contains it", () => {
    fc.assert(
      fc.property(instant, (at) => {
        const block = currentShiftBlock(at);
        expect(block.start.getTime()).toBeLessThanOrEqual(at.getTime());
        expect(at.getTime()).toBeLessThan(block.end.getTime());
        const hours = (block.end.getTime() - block.start.getTime()) / hourMs;
        expect([7, 8, 9]).toContain(hours);
        const local = new TZDate(block.start.getTime(), osloTimeZone);
        expect(local.getHours()).toBe(block.startHour);
        expect(local.getMinutes()).toBe(0);
      }),
    );
  });

  it("hands over to the next block exactly at the end", () => {
    fc.assert(
      fc.property(instant, (at) => {
        const block = currentShiftBlock(at);
        const next = currentShiftBlock(block.end);
        expect(next.start).toEqual(block.end);
        const index = shiftBlocks.findIndex((b) => b.kind === block.kind);
        expect(next.kind).toBe(shiftBlocks[(index + 1) % shiftBlocks.length]!.kind);
      }),
    );
  });
});

describe("osloDayNumber", () => {
  const instant = fc.date({ min: new Date("2000-01-01"), max: new Date("2060-12-31"), noInvalidDate: true });
  const dayOf = (at: Date) => {
    const local = new TZDate(at.getTime(), osloTimeZone);
    return Date.UTC(local.getFullYear(), local.getMonth(), local.getDate()) / 86_400_000;
  };

  it("is the Oslo calendar day of the very instant, though worked out per UTC hour", () => {
    fc.assert(
      fc.property(instant, (at) => {
        expect(osloDayNumber(at)).toBe(dayOf(at));
      }),
    );
  });

  it("turns at Oslo's midnight, also on the nights summer time starts and ends", () => {
    for (const midnight of [
      "2026-03-29T00:00:00+01:00",
      "2026-10-25T00:00:00+02:00",
      "2026-10-26T00:00:00+01:00",
    ]) {
      const at = new Date(midnight);
      expect(osloDayNumber(at) - osloDayNumber(new Date(at.getTime() - 1))).toBe(1);
      expect(osloDayNumber(at)).toBe(dayOf(at));
    }
  });
});
