import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatShiftStart,
  formatShiftWhen,
  isOsloDate,
  osloDate,
  osloHour,
  osloHourToInstant,
  osloMinutes,
  osloTimeToInstant,
  shiftSpan,
  shiftSpanOfTimes,
} from "./oslo-time.ts";

const hourMs = 3_600_000;

/** Oslo dates from 2000 to 2099, including both summer-time change days of every year. */
const dates = fc
  .date({ min: new Date("2000-01-01T12:00:00Z"), max: new Date("2099-12-31T12:00:00Z"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const changeDays = fc
  .integer({ min: 2000, max: 2099 })
  .chain((year) => fc.constantFrom(lastSunday(year, 2), lastSunday(year, 9)));
const anyDate = fc.oneof(dates, changeDays);
const hours = fc.integer({ min: 0, max: 23 });

/** Summer time starts on the last Sunday of March and ends on the last Sunday of October. */
function lastSunday(year: number, month: number): string {
  const last = new Date(Date.UTC(year, month + 1, 0));
  last.setUTCDate(last.getUTCDate() - last.getUTCDay());
  return last.toISOString().slice(0, 10);
}

describe("Oslo hour → instant", () => {
  it("round-trips every hour that exists, across summer-time changes", () => {
    fc.assert(
      fc.property(anyDate, hours, (date, hour) => {
        const at = osloHourToInstant(date, hour);
        // 02:00 on the spring-forward day does not exist; it means 03:00.
        const missing = date === lastSunday(Number(date.slice(0, 4)), 2) && hour === 2;
        expect(osloDate(at)).toBe(date);
        expect(osloHour(at)).toBe(missing ? 3 : hour);
      }),
      { numRuns: 3000 },
    );
  });

  it("the hour after is an hour later, except across the missing hour", () => {
    fc.assert(
      fc.property(anyDate, fc.integer({ min: 0, max: 22 }), (date, hour) => {
        const gap = osloHourToInstant(date, hour + 1).getTime() - osloHourToInstant(date, hour).getTime();
        const spring = date === lastSunday(Number(date.slice(0, 4)), 2);
        const autumn = date === lastSunday(Number(date.slice(0, 4)), 9);
        // spring: 01→02 and 02→03 both land on 03:00 (0 h, after 1 h); autumn: 02 happens twice.
        if (spring && hour === 1) expect(gap).toBe(hourMs);
        else if (spring && hour === 2) expect(gap).toBe(0);
        else if (autumn && hour === 2) expect(gap).toBe(2 * hourMs);
        else expect(gap).toBe(hourMs);
      }),
      { numRuns: 2000 },
    );
  });

  it("a repeated hour means its first occurrence (summer time)", () => {
    expect(osloHourToInstant("2026-10-25", 2).toISOString()).toBe("2026-10-25T00:00:00.000Z");
    expect(osloHourToInstant("2026-03-29", 2).toISOString()).toBe("2026-03-29T01:00:00.000Z");
    expect(osloHourToInstant("2026-07-01", 7).toISOString()).toBe("2026-07-01T05:00:00.000Z");
    expect(osloHourToInstant("2026-12-01", 7).toISOString()).toBe("2026-12-01T06:00:00.000Z");
  });

  it("quarter hours follow the same rules, to the minute", () => {
    expect(osloTimeToInstant("2026-12-01", 7 * 60 + 30).toISOString()).toBe("2026-12-01T06:30:00.000Z");
    expect(osloTimeToInstant("2026-07-01", 15 * 60 + 45).toISOString()).toBe("2026-07-01T13:45:00.000Z");
    // 02:30 happens twice in October (first: summer time) and not at all in March (03:30).
    expect(osloTimeToInstant("2026-10-25", 150).toISOString()).toBe("2026-10-25T00:30:00.000Z");
    expect(osloTimeToInstant("2026-03-29", 150).toISOString()).toBe("2026-03-29T01:30:00.000Z");
    expect(osloMinutes(new Date("2026-12-01T06:30:00Z"))).toBe(450);
    const night = shiftSpanOfTimes("2026-12-01", 22 * 60 + 45, 7 * 60 + 15)!;
    expect(night.nextDay).toBe(true);
    expect(night.endsAt.getTime() - night.startsAt.getTime()).toBe(8.5 * hourMs);
    expect(formatShiftWhen(night.startsAt, night.endsAt)).toBe("tir. 01.12 · 22:45–07:15 (+1 dag)");
    expect(shiftSpanOfTimes("2026-12-01", 450, 450)).toBeNull();
  });
});

describe("shift spans", () => {
  it("a 'to' before 'from' ends the next day; equal hours are no shift", () => {
    fc.assert(
      fc.property(anyDate, hours, hours, (date, from, to) => {
        const span = shiftSpan(date, from, to);
        const spring = date === lastSunday(Number(date.slice(0, 4)), 2);
        if (from === to || (spring && from === 2 && to === 3)) {
          expect(span).toBeNull();
          return;
        }
        expect(span).not.toBeNull();
        expect(span!.endsAt.getTime()).toBeGreaterThan(span!.startsAt.getTime());
        expect(span!.nextDay).toBe(to < from);
        // at most 23 hours, plus one on the night clocks go back
        expect(span!.endsAt.getTime() - span!.startsAt.getTime()).toBeLessThanOrEqual(24 * hourMs);
      }),
      { numRuns: 3000 },
    );
  });

  it("a night shift over the autumn change lasts 9 hours, over the spring change 7", () => {
    const autumn = shiftSpan("2026-10-24", 23, 7)!;
    expect((autumn.endsAt.getTime() - autumn.startsAt.getTime()) / hourMs).toBe(9);
    const spring = shiftSpan("2026-03-28", 23, 7)!;
    expect((spring.endsAt.getTime() - spring.startsAt.getTime()) / hourMs).toBe(7);
  });

  it("cards show day and time first, with +1 dag for nights", () => {
    const night = shiftSpan("2026-11-24", 23, 7)!;
    expect(formatShiftWhen(night.startsAt, night.endsAt)).toBe("tir. 24.11 · 23:00–07:00 (+1 dag)");
    const day = shiftSpan("2026-03-02", 7, 15)!;
    expect(formatShiftWhen(day.startsAt, day.endsAt)).toBe("man. 02.03 · 07:00–15:00");
    expect(formatShiftStart(day.startsAt)).toBe("man. 02.03 · 07:00");
  });
});

describe("what Oslo's clocks show, worked out once per UTC hour", () => {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/Oslo",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const weekday = new Intl.DateTimeFormat("nb-NO", { timeZone: "Europe/Oslo", weekday: "short" });
  /** Any minute of 2000–2099, and any minute of the hours around each summer-time change. */
  const instants = fc.oneof(
    fc
      .integer({ min: Date.UTC(2000, 0, 1) / 60_000, max: Date.UTC(2099, 11, 31) / 60_000 })
      .map((m) => new Date(m * 60_000)),
    fc
      .tuple(changeDays, fc.integer({ min: -3 * 60, max: 4 * 60 }))
      .map(([day, minutes]) => new Date(Date.parse(`${day}T01:00:00Z`) + minutes * 60_000)),
  );

  it("agrees with the time-zone database for every instant, in any order of asking", () => {
    fc.assert(
      fc.property(instants, (at) => {
        const p = Object.fromEntries(parts.formatToParts(at).map((x) => [x.type, x.value]));
        expect(osloDate(at)).toBe(`${p.year}-${p.month}-${p.day}`);
        expect(osloHour(at)).toBe(Number(p.hour));
        const end = new Date(at.getTime() + 8 * hourMs);
        const q = Object.fromEntries(parts.formatToParts(end).map((x) => [x.type, x.value]));
        const nextDay = `${q.year}-${q.month}-${q.day}` !== osloDate(at) ? " (+1 dag)" : "";
        expect(formatShiftWhen(at, end)).toBe(
          `${weekday.format(at)} ${p.day}.${p.month} · ${p.hour}:${p.minute}–${q.hour}:${q.minute}${nextDay}`,
        );
      }),
      { numRuns: 2_000 },
    );
  });
});

describe("dates", () => {
  it("knows real calendar dates", () => {
    expect(isOsloDate("2026-02-28")).toBe(true);
    expect(isOsloDate("2026-02-30")).toBe(false);
    expect(isOsloDate("2026-2-3")).toBe(false);
    expect(isOsloDate("")).toBe(false);
  });
});
