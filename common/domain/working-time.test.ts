import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hoursFigure } from "../texts/ui/shifts.ts";
import { ui } from "../texts/ui.ts";
import { osloHourToInstant } from "./oslo-time.ts";
import type { Interval } from "./working-time.ts";
import {
  busiestWindow,
  type Contract,
  fullTimeContract,
  judgeWork,
  lawWorkLimits,
  outerWorkLimits,
  type Refusal,
  type ShiftToTake,
  type WorkLimits,
  type WorkRules,
  type WorkShift,
  type WorkSituation,
  workHorizon,
} from "./working-time.ts";

const minuteMs = 60_000;
const quarterMs = 15 * minuteMs;
const hourMs = 3_600_000;
const dayMs = 24 * hourMs;
/** Tuesday 24 November 2026, 07:00 in Oslo (winter time). */
const base = Date.UTC(2026, 10, 24, 6);
const at = (hours: number) => new Date(base + hours * hourMs);
/** Every property runs from a fixed seed: a failure is the same failure on every run. */
const seeded = (numRuns: number) => ({ seed: 20261128, numRuns });

const held = (from: number, to: number, extra = false, title = "Dagvakt"): WorkShift => ({
  title,
  startsAt: at(from),
  endsAt: at(to),
  extra,
});
const toTake = (from: number, to: number, opts: Partial<Omit<ShiftToTake, "startsAt" | "endsAt">> = {}) =>
  ({ startsAt: at(from), endsAt: at(to), extra: true, requires: [], ...opts }) satisfies ShiftToTake;
const person = (shifts: WorkShift[], contract: Contract = fullTimeContract, competences: string[] = []) =>
  ({ held: shifts, contract, competences: new Set(competences) }) satisfies WorkSituation;
const rules = (limits: Partial<WorkLimits> = {}, minRestHours = 11): WorkRules => ({
  limits: { ...lawWorkLimits, ...limits },
  minRestHours,
});
const kinds = (refusals: Refusal[]) => refusals.map((r) => r.kind);
const roundHours = (ms: number) => Math.round((ms / hourMs) * 10) / 10;

/**
 * The brute-force answer: mark every `unit` of time the intervals cover, then slide a
 * window of `lengthMs` one unit at a time over every start whose window touches `shift`.
 * Exact when every interval starts and ends on a whole unit.
 */
function oracleBusiest(
  intervals: readonly Interval[],
  shift: Interval,
  lengthMs: number,
  unit: number,
): number {
  const from = shift.startsAt.getTime() - lengthMs;
  const to = shift.endsAt.getTime() + lengthMs;
  const slots = (to - from) / unit;
  const covered = new Uint8Array(slots);
  for (const s of intervals) {
    const a = Math.max(0, (s.startsAt.getTime() - from) / unit);
    const b = Math.min(slots, (s.endsAt.getTime() - from) / unit);
    for (let i = a; i < b; i++) covered[i] = 1;
  }
  const prefix = new Int32Array(slots + 1);
  for (let i = 0; i < slots; i++) prefix[i + 1] = prefix[i]! + covered[i]!;
  const width = lengthMs / unit;
  let best = 0;
  for (let start = 0; start + width <= slots; start++)
    best = Math.max(best, prefix[start + width]! - prefix[start]!);
  return best * unit;
}

/** Intervals in whole units around 0 (some long enough to stick out of a window at both ends). */
const unitIntervals = (reachUnits: number, shortUnits: number, longUnits: number) =>
  fc.array(
    fc.record({
      from: fc.integer({ min: -reachUnits, max: reachUnits }),
      length: fc.oneof(
        { arbitrary: fc.integer({ min: 0, max: shortUnits }), weight: 4 },
        { arbitrary: fc.integer({ min: 0, max: longUnits }), weight: 1 },
      ),
    }),
    { maxLength: 24 },
  );

describe("busiestWindow against a brute-force slide", () => {
  const cases = [
    { name: "24 hours, by the minute", days: 1, unit: minuteMs, reachDays: 3, numRuns: 100 },
    { name: "7 days, by the quarter hour", days: 7, unit: quarterMs, reachDays: 12, numRuns: 100 },
    { name: "28 days, by the quarter hour", days: 28, unit: quarterMs, reachDays: 40, numRuns: 60 },
    { name: "364 days, by the quarter hour", days: 364, unit: quarterMs, reachDays: 420, numRuns: 25 },
  ];
  for (const { name, days, unit, reachDays, numRuns } of cases) {
    const length = days * dayMs;
    const perHour = hourMs / unit;
    it(name, () => {
      fc.assert(
        fc.property(
          unitIntervals((reachDays * dayMs) / unit, 16 * perHour, 2 * (length / unit)),
          fc.integer({ min: 1, max: 16 * perHour }),
          fc.integer({ min: 0, max: perHour - 1 }),
          (list, shiftUnits, offset) => {
            const time = (units: number) => new Date(base + offset * unit + units * unit);
            const intervals = list.map((s) => ({ startsAt: time(s.from), endsAt: time(s.from + s.length) }));
            const shift = { startsAt: time(0), endsAt: time(shiftUnits) };
            expect(busiestWindow(intervals, shift, length)).toBe(
              oracleBusiest(intervals, shift, length, unit),
            );
            // The shift itself among them: a window holds at least the shift (or all of the window).
            const withShift = busiestWindow([...intervals, shift], shift, length);
            expect(withShift).toBe(oracleBusiest([...intervals, shift], shift, length, unit));
            expect(withShift).toBeGreaterThanOrEqual(Math.min(length, shiftUnits * unit));
          },
        ),
        seeded(numRuns),
      );
    });
  }

  it("counts a stretch two shifts share once, and nothing for empty or far intervals", () => {
    const shift = { startsAt: at(0), endsAt: at(8) };
    expect(busiestWindow([held(0, 8), held(4, 12)], shift, dayMs)).toBe(12 * hourMs);
    expect(busiestWindow([held(3, 3), held(40, 48)], shift, dayMs)).toBe(0);
    // Only what a window touching the shift can reach: the last 24 hours before it.
    expect(busiestWindow([held(-30, -16)], shift, dayMs)).toBe(8 * hourMs);
  });
});

describe("the 24-hour rule (§ 10-6 (8))", () => {
  it("refuses over the limit in any 24 hours; exactly the limit is allowed", () => {
    // Day shift 07–15, 8 hours of rest, then 5 or 6.5 hours: 13 and 14.5 hours in 24.
    const day = [held(0, 8)];
    expect(judgeWork(toTake(16, 21), person(day), rules({}, 8)).refusals).toEqual([]);
    const over = judgeWork(toTake(16, 22.5), person(day), rules({}, 8));
    expect(over.refusals).toEqual([{ kind: "day", hours: 14.5, limit: 13 }]);
    expect(over.figures.dayHours).toBe(14.5);
    expect(judgeWork(toTake(16, 22.5), person(day), rules({ maxHoursPerDay: 15 }, 8)).refusals).toEqual([]);
  });

  it("counts roster shifts and the shift itself whether extra or not", () => {
    const verdict = judgeWork(toTake(16, 22.5, { extra: false }), person([held(0, 8, false)]), rules({}, 8));
    expect(verdict.figures.dayHours).toBe(14.5);
    expect(kinds(verdict.refusals)).toEqual(["day"]);
    expect(verdict.figures.overtimeWeek).toBe(0);
  });

  it("is the busiest 24 hours overlapping the shift, whatever the limit", () => {
    const quarters = fc.array(
      fc.record({
        from: fc.integer({ min: -48 * 4, max: 48 * 4 }),
        length: fc.integer({ min: 1, max: 12 * 4 }),
      }),
      { maxLength: 6 },
    );
    fc.assert(
      fc.property(
        quarters,
        fc.integer({ min: 1, max: 12 * 4 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 16 }),
        (list, length, extra, limit) => {
          const shifts = list.map((s, i) => held(s.from / 4, (s.from + s.length) / 4, i % 2 === 0));
          const shift = toTake(0, length / 4, { extra });
          const verdict = judgeWork(shift, person(shifts), rules({ maxHoursPerDay: limit }, 8));
          const expected = roundHours(oracleBusiest([...shifts, shift], shift, dayMs, quarterMs));
          expect(verdict.figures.dayHours).toBe(expected);
          const day = verdict.refusals.filter((r) => r.kind === "day");
          expect(day).toEqual(expected > limit ? [{ kind: "day", hours: expected, limit }] : []);
          // The limit set at the figure itself is allowed; a tenth under it is not.
          const atFigure = judgeWork(shift, person(shifts), rules({ maxHoursPerDay: expected }, 8));
          expect(kinds(atFigure.refusals)).not.toContain("day");
          const under = judgeWork(shift, person(shifts), rules({ maxHoursPerDay: expected - 0.1 }, 8));
          expect(kinds(under.refusals)).toContain("day");
        },
      ),
      seeded(100),
    );
  });

  it("takes a night across midnight as the hours it lasts", () => {
    // Monday 07–15, then the night 23–07: 16 hours in 24, with a short rest of 8.
    const verdict = judgeWork(toTake(16, 24), person([held(0, 8)]), rules({}, 8));
    expect(verdict.figures.dayHours).toBe(16);
    expect(verdict.refusals).toEqual([{ kind: "day", hours: 16, limit: 13 }]);
    expect(verdict.warnings.map((w) => [w.kind, w.hours])).toEqual([["shortRest", 8]]);
    expect(
      judgeWork(toTake(16, 24), person([held(0, 8)]), rules({ maxHoursPerDay: 16 }, 8)).refusals,
    ).toEqual([]);
  });

  it("rounds figures to one decimal", () => {
    // 7 hours 10 minutes is 7,2; 20 minutes is 0,3.
    expect(judgeWork(toTake(0, 7 + 1 / 6), person([]), rules()).figures.dayHours).toBe(7.2);
    expect(judgeWork(toTake(0, 1 / 3), person([]), rules()).figures).toEqual({
      dayHours: 0.3,
      overtimeWeek: 0.3,
      overtime4Weeks: 0.3,
      overtimeYear: 0.3,
    });
  });
});

/** Extra hours 20 days before and 7 2/3 days after a shift taken at 0–8 (see below). */
const month = [held(-480, -470, true), held(184, 194, true)];

describe("overtime (§ 10-6 (4))", () => {
  it("finds the worst 7 days where the window neither starts nor ends with the shift", () => {
    // 10 hours four days before, the shift, 10 hours two and a half days after: a window
    // from the first one's start holds 10 + 8 + 8 = 26; one from the shift's start 18.
    const extras = [held(-100, -90, true), held(60, 70, true)];
    const verdict = judgeWork(toTake(0, 8), person(extras), rules({}, 8));
    expect(verdict.figures.overtimeWeek).toBe(26);
    expect(verdict.refusals).toEqual([
      { kind: "overtime", window: "week", hours: 26, limit: 10 },
      { kind: "overtime", window: "4weeks", hours: 28, limit: 25 },
    ]);
    const allowed = judgeWork(
      toTake(0, 8),
      person(extras),
      rules({ maxOvertimeWeek: 26, maxOvertime4Weeks: 28 }),
    );
    expect(allowed.refusals).toEqual([]);
  });

  it("slides 4 weeks and 52 weeks the same way", () => {
    // 4 weeks: 10 hours 20 days before, 10 hours 7 2/3 days after, 2 hours too far apart
    // for one window: 28 days from the first hold 10 + 8 + 8 = 26, from the shift 18.
    expect(judgeWork(toTake(0, 8), person(month), rules()).refusals).toEqual([
      { kind: "overtime", window: "4weeks", hours: 26, limit: 25 },
    ]);
    expect(judgeWork(toTake(0, 8), person(month), rules({ maxOvertime4Weeks: 26 })).refusals).toEqual([]);
    // 52 weeks: 100 hours from 250 days before, 100 from 60 days after; 364 days hold them all.
    const tenDays = (fromDay: number) =>
      Array.from({ length: 10 }, (_, i) => held((fromDay + i) * 24, (fromDay + i) * 24 + 10, true));
    const year = [...tenDays(-250), ...tenDays(60)];
    const wide = { maxOvertimeWeek: 400, maxOvertime4Weeks: 400 };
    const verdict = judgeWork(toTake(0, 8), person(year), rules(wide));
    expect(verdict.figures.overtimeYear).toBe(208);
    expect(verdict.refusals).toEqual([{ kind: "overtime", window: "year", hours: 208, limit: 200 }]);
    expect(judgeWork(toTake(0, 8), person(year), rules({ ...wide, maxOvertimeYear: 208 })).refusals).toEqual(
      [],
    );
  });

  it("gives a part-timer (100 − p) % of a full week per week before overtime", () => {
    const eighty: Contract = { positionPercent: 80, fullTimeHours: 35.5 };
    // 10 extra hours in a week, 7,1 allowed: 2,9 hours of overtime; 4 weeks allow 28,4.
    const verdict = judgeWork(toTake(0, 10), person([], eighty), rules());
    expect(verdict.figures).toEqual({ dayHours: 10, overtimeWeek: 2.9, overtime4Weeks: 0, overtimeYear: 0 });
    // A full-timer's every extra hour is overtime.
    expect(judgeWork(toTake(0, 10), person([]), rules()).figures.overtimeWeek).toBe(10);
  });

  it("never counts roster shifts toward overtime", () => {
    const roster = [held(-100, -90), held(60, 70)];
    const verdict = judgeWork(toTake(0, 8), person(roster), rules({}, 8));
    expect(verdict.figures).toMatchObject({ overtimeWeek: 8, overtime4Weeks: 8, overtimeYear: 8 });
    // A roster shift taken (extra: false) counts no overtime of its own.
    const swap = judgeWork(toTake(0, 8, { extra: false }), person([held(60, 70, true)]), rules());
    expect(swap.figures.overtimeWeek).toBe(10);
  });

  const windows = [
    { window: "week", days: 7, figure: "overtimeWeek", limit: "maxOvertimeWeek", max: 25 },
    { window: "4weeks", days: 28, figure: "overtime4Weeks", limit: "maxOvertime4Weeks", max: 50 },
    { window: "year", days: 364, figure: "overtimeYear", limit: "maxOvertimeYear", max: 400 },
  ] as const;

  /** Up to `count` shifts of whole hours within `days` either side of hour 0, some extra. */
  const shiftsAround = (days: number, maxHours: number, count: number) =>
    fc.array(
      fc.record({
        from: fc.integer({ min: -days * 24, max: days * 24 }),
        length: fc.integer({ min: 1, max: maxHours }),
        extra: fc.boolean(),
      }),
      { maxLength: count },
    );

  it("is the busiest window of extra hours less the allowance, for every window", () => {
    const hourShifts = shiftsAround(400, 12, 40);
    // Many extra shifts in one stretch, so the limits bind in the short windows too.
    const cluster = fc.array(
      fc.record({
        from: fc.integer({ min: -30 * 24, max: 30 * 24 }),
        length: fc.integer({ min: 1, max: 12 }),
      }),
      { maxLength: 30 },
    );
    const limits = fc.record({
      maxHoursPerDay: fc.constant(24),
      maxOvertimeWeek: fc.integer({ min: 0, max: 25 }),
      maxOvertime4Weeks: fc.integer({ min: 0, max: 50 }),
      maxOvertimeYear: fc.integer({ min: 0, max: 400 }),
    });
    const contract = fc.record({
      positionPercent: fc.integer({ min: 1, max: 100 }),
      fullTimeHours: fc.constantFrom(33.6, 35.5, 37.5),
    });
    fc.assert(
      fc.property(
        hourShifts,
        cluster,
        contract,
        limits,
        fc.integer({ min: 1, max: 12 }),
        fc.boolean(),
        (scattered, near, c, l, length, extra) => {
          const shifts = [
            ...scattered.map((s) => held(s.from, s.from + s.length, s.extra)),
            ...near.map((s) => held(s.from, s.from + s.length, true)),
          ];
          const shift = toTake(0, length, { extra });
          const verdict = judgeWork(shift, person(shifts, c), { limits: l, minRestHours: 8 });
          const counted = [...shifts.filter((s) => s.extra), ...(extra ? [shift] : [])];
          const expected: Refusal[] = [];
          for (const w of windows) {
            const worked = oracleBusiest(counted, shift, w.days * dayMs, hourMs);
            // (multiplied in the rule's order: a figure ending in 5 hundredths must round alike)
            const allowance = ((100 - c.positionPercent) / 100) * c.fullTimeHours * hourMs * (w.days / 7);
            const hours = roundHours(Math.max(0, worked - allowance));
            expect(verdict.figures[w.figure]).toBe(hours);
            if (hours > l[w.limit])
              expected.push({ kind: "overtime", window: w.window, hours, limit: l[w.limit] });
          }
          expect(verdict.refusals.filter((r) => r.kind === "overtime")).toEqual(expected);
        },
      ),
      seeded(40),
    );
  });

  it("judges distant extra shifts passed as numbers (`distantExtra`) as it judges them held", () => {
    // Shifts over a year either side; those a day and the rest or more away go as numbers.
    const shifts = shiftsAround(370, 14, 60);
    fc.assert(
      fc.property(
        shifts,
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 8, max: 16 }),
        (all, length, minRest) => {
          const shift = toTake(0, length);
          const reach = Math.max(minRest, 24);
          const isNear = (s: { from: number; length: number }) =>
            s.from < length + reach && s.from + s.length > -reach;
          const asHeld = all.map((s) => held(s.from, s.from + s.length, s.extra));
          const split: WorkSituation = {
            ...person(all.filter(isNear).map((s) => held(s.from, s.from + s.length, s.extra))),
            distantExtra: all
              .filter((s) => s.extra && !isNear(s))
              .flatMap((s) => [at(s.from).getTime(), at(s.from + s.length).getTime()]),
          };
          const limits = { ...outerWorkLimits, maxHoursPerDay: 24 };
          expect(judgeWork(shift, split, { limits, minRestHours: minRest })).toEqual(
            judgeWork(shift, person(asHeld), { limits, minRestHours: minRest }),
          );
        },
      ),
      seeded(200),
    );
  });

  it("refuses above the limit and allows it exactly, in each window", () => {
    fc.assert(
      fc.property(fc.constantFrom(...windows), fc.integer({ min: 1, max: 30 }), (w, hours) => {
        // `hours` extra hours in 5-hour pieces a day apart before the shift: at most 6
        // pieces, so one window of 7 days or more holds them and the shift's hour.
        const shifts = Array.from({ length: Math.ceil(hours / 5) }, (_, i) => {
          const from = -(i + 1) * 24;
          return held(from, from + Math.min(5, hours - i * 5), true);
        });
        const total = hours + 1;
        const refusedAt = (limit: number) =>
          judgeWork(toTake(0, 1), person(shifts), {
            limits: { ...outerWorkLimits, [w.limit]: limit },
            minRestHours: 8,
          }).refusals.filter((r) => r.kind === "overtime" && r.window === w.window);
        expect(refusedAt(total)).toEqual([]);
        expect(refusedAt(total - 1)).toEqual([
          { kind: "overtime", window: w.window, hours: total, limit: total - 1 },
        ]);
      }),
      seeded(100),
    );
  });
});

describe("rest (§ 10-8)", () => {
  /** One shift `gap` hours before or after the 8-hour shift taken at 0. */
  const around = (gap: number, side: "before" | "after") =>
    side === "before" ? held(-gap - 4, -gap) : held(8 + gap, 12 + gap);

  it("refuses under the minimum, warns between it and 11 hours, says nothing from 11", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 16 * 4 }),
        fc.constantFrom("before" as const, "after" as const),
        fc.integer({ min: 8, max: 24 }),
        (quarters, side, minRest) => {
          const gap = quarters / 4;
          const other = around(gap, side);
          const verdict = judgeWork(toTake(0, 8, { extra: false }), person([other]), {
            limits: outerWorkLimits,
            minRestHours: minRest,
          });
          const rest = verdict.refusals.filter((r) => r.kind === "restAfter" || r.kind === "restBefore");
          const kind = side === "before" ? "restAfter" : "restBefore";
          expect(rest).toEqual(gap < minRest ? [{ kind, shift: { title: "Dagvakt", ...times(other) } }] : []);
          expect(verdict.warnings).toEqual(
            gap >= minRest && gap < 11
              ? [{ kind: "shortRest", hours: gap, shift: { title: "Dagvakt", ...times(other) } }]
              : [],
          );
        },
      ),
      seeded(300),
    );
  });

  it("judges the shifts on both sides on their own", () => {
    const verdict = judgeWork(toTake(0, 8), person([around(6, "before"), around(9, "after")]), rules({}, 8));
    expect(kinds(verdict.refusals)).toEqual(["restAfter"]);
    expect(verdict.warnings.map((w) => w.hours)).toEqual([9]);
  });

  it("refuses once for two shifts too close on one side, and warns of neither", () => {
    const verdict = judgeWork(toTake(0, 8), person([held(-7, -6), held(-4, -3)]), rules({}, 8));
    expect(kinds(verdict.refusals)).toEqual(["restAfter"]);
    expect(verdict.warnings).toEqual([]);
  });
});

const times = (s: Interval) => ({ startsAt: s.startsAt, endsAt: s.endsAt });

describe("overlap and competence", () => {
  it("refuses any shift held at the same time; touching is not overlap", () => {
    fc.assert(
      fc.property(fc.integer({ min: -15, max: 15 }), fc.integer({ min: 1, max: 12 }), (from, length) => {
        const other = held(from, from + length, false, "Kveldsvakt");
        const verdict = judgeWork(toTake(0, 8), person([other]), rules({ maxHoursPerDay: 24 }));
        const overlaps = from < 8 && from + length > 0;
        expect(verdict.refusals.filter((r) => r.kind === "overlap")).toEqual(
          overlaps ? [{ kind: "overlap", shift: { title: "Kveldsvakt", ...times(other) } }] : [],
        );
      }),
      seeded(200),
    );
  });

  it("lists every missing competence by name, first among the refusals", () => {
    const requires = [
      { id: "c1", name: "Anestesisykepleier" },
      { id: "c2", name: "Intensivsykepleier" },
    ];
    const shift = toTake(0, 8, { requires });
    expect(judgeWork(shift, person([held(4, 12)]), rules()).refusals.slice(0, 2)).toEqual([
      { kind: "competence", missing: ["Anestesisykepleier", "Intensivsykepleier"] },
      { kind: "overlap", shift: { title: "Dagvakt", ...times(held(4, 12)) } },
    ]);
    expect(judgeWork(shift, person([], fullTimeContract, ["c2"]), rules()).refusals).toEqual([
      { kind: "competence", missing: ["Anestesisykepleier"] },
    ]);
    expect(judgeWork(shift, person([], fullTimeContract, ["c1", "c2", "c3"]), rules()).refusals).toEqual([]);
  });
});

describe("Oslo time across the summer-time changes", () => {
  const night = (date: string) => ({
    startsAt: osloHourToInstant(date, 22),
    endsAt: osloHourToInstant(date, 7, 1),
    extra: true,
    requires: [],
  });
  const dayBefore = (date: string): WorkShift => ({
    title: "Dagvakt",
    startsAt: osloHourToInstant(date, 7),
    endsAt: osloHourToInstant(date, 12),
    extra: false,
  });

  it("counts the real hours of a night 22–07: 8 in March, 10 in October, 9 otherwise", () => {
    for (const [date, hours] of [
      ["2026-03-28", 8],
      ["2026-10-24", 10],
      ["2026-11-21", 9],
    ] as const) {
      const verdict = judgeWork(night(date), person([]), rules());
      expect(verdict.figures).toEqual({
        dayHours: hours,
        overtimeWeek: hours,
        overtime4Weeks: hours,
        overtimeYear: hours,
      });
      expect(judgeWork(night(date), person([]), rules({ maxOvertimeWeek: 9 })).refusals.length > 0).toBe(
        hours > 9,
      );
    }
  });

  it("counts a 24-hour window in real time: 13 hours in March, 14 in October", () => {
    // A day 07–12 and the night 22–07 after it, 10 hours of rest between.
    const march = judgeWork(night("2026-03-28"), person([dayBefore("2026-03-28")]), rules({}, 10));
    expect(march.figures.dayHours).toBe(13);
    expect(march.refusals).toEqual([]);
    expect(march.warnings.map((w) => w.hours)).toEqual([10]);
    // In October the night is 10 hours and the two span 25 hours: 14 fit in any 24.
    const october = judgeWork(night("2026-10-24"), person([dayBefore("2026-10-24")]), rules({}, 10));
    expect(october.refusals).toEqual([{ kind: "day", hours: 14, limit: 13 }]);
  });
});

describe("workHorizon", () => {
  it("reaches 52 weeks either side, far enough for the year window", () => {
    const shift = { startsAt: at(0), endsAt: at(8) };
    expect(workHorizon(shift)).toEqual({ from: at(-364 * 24), to: at(8 + 364 * 24) });
    // Nothing beyond it changes a verdict: shifts ending or starting at its edges add nothing.
    const far = [held(-364 * 24 - 10, -364 * 24, true), held(8 + 364 * 24, 8 + 364 * 24 + 10, true)];
    expect(judgeWork(toTake(0, 8), person(far), rules()).figures.overtimeYear).toBe(8);
  });
});

describe("texts", () => {
  const text = (refusal: Refusal) => ui.shifts.ineligible(refusal, 11);

  it("says why in the words the audit and the check show", () => {
    const day = judgeWork(toTake(16, 22.5), person([held(0, 8)]), rules({}, 8)).refusals[0]!;
    expect(text(day)).toBe("Over 13 timer arbeid på 24 timer (14,5 t)");
    const [overtime] = judgeWork(toTake(0, 8), person(month), rules()).refusals;
    expect(text(overtime!)).toBe("Overtid 26 t siste 4 uker (grense 25 t)");
    const [competence] = judgeWork(
      toTake(0, 8, { requires: [{ id: "c1", name: "Anestesisykepleier" }] }),
      person([]),
      rules(),
    ).refusals;
    expect(text(competence!)).toBe("Mangler kompetanse: Anestesisykepleier");
  });

  it("names each overtime window", () => {
    const overtime = (window: "week" | "4weeks" | "year", hours: number, limit: number) =>
      text({ kind: "overtime", window, hours, limit });
    expect(overtime("week", 26, 25)).toBe("Overtid 26 t siste 7 dager (grense 25 t)");
    expect(overtime("4weeks", 26, 25)).toBe("Overtid 26 t siste 4 uker (grense 25 t)");
    expect(overtime("year", 201.5, 200)).toBe("Overtid 201,5 t siste 52 uker (grense 200 t)");
  });

  it("names the rest and the other shift", () => {
    const other = held(-12, -4, false, "Nattevakt");
    const [rest] = judgeWork(toTake(0, 8), person([other]), rules()).refusals;
    expect(text(rest!)).toBe(
      "Mindre enn 11 timer hvile etter vakt Nattevakt man. 23.11 · 19:00–03:00 (+1 dag)",
    );
    const [warning] = judgeWork(toTake(0, 8), person([other]), rules({}, 4)).warnings;
    expect(ui.shifts.shortRest(warning!)).toBe(
      "Kort hvile: 4 t mellom vaktene (under 11 t) – Nattevakt man. 23.11 · 19:00–03:00 (+1 dag)",
    );
  });

  it("writes hours with one decimal at most and a decimal comma", () => {
    expect(hoursFigure(14.5)).toBe("14,5");
    expect(hoursFigure(26)).toBe("26");
    expect(hoursFigure(7 + 1 / 6)).toBe("7,2");
    expect(hoursFigure(0)).toBe("0");
  });
});
