import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type AssignmentRules,
  type Candidate,
  type RankedCandidate,
  rankCandidates,
  shortTieBreak,
} from "./fairness.ts";
import {
  type Contract,
  fullTimeContract,
  judgeWork,
  lawWorkLimits,
  type ShiftToTake,
  type WorkShift,
} from "./working-time.ts";

const hourMs = 3_600_000;
const base = Date.UTC(2026, 10, 24, 6); // 07:00 in Oslo
const at = (hours: number) => new Date(base + hours * hourMs);
/** Every property runs from a fixed seed: a failure is the same failure on every run. */
const seeded = (numRuns: number) => ({ seed: 20261128, numRuns });

const competences = [
  { id: "c1", name: "Anestesisykepleier" },
  { id: "c2", name: "Intensivsykepleier" },
  { id: "c3", name: "Barnesykepleier" },
];
const shift: ShiftToTake = { startsAt: at(0), endsAt: at(8), extra: true, requires: [] };
const held = (fromHours: number, toHours: number, extra = false, title = "Dagvakt"): WorkShift => ({
  startsAt: at(fromHours),
  endsAt: at(toHours),
  title,
  extra,
});
const lawRules: AssignmentRules = { limits: lawWorkLimits, minRestHours: 11, partTimeFirst: false };
const candidate = (
  userId: string,
  fairnessValue: number,
  tieBreak: string,
  shifts: WorkShift[] = [],
  contract: Contract = fullTimeContract,
): Candidate => ({
  userId,
  fairnessValue,
  tieBreak,
  work: { held: shifts, contract, competences: new Set(["c1"]) },
});

/** A seeded generator of v4-looking UUIDs: the draw is the test's, so it cannot flake. */
function seededUuids(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    // xorshift32
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s;
  };
  const hex = (n: number) => n.toString(16).padStart(8, "0");
  return () => {
    const h = hex(next()) + hex(next()) + hex(next()) + hex(next());
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
  };
}

/** Shifts near the one taken (overlap, rest, 24 hours) and a stretch of extra ones (overtime). */
const heldShifts = fc
  .tuple(
    fc.array(
      fc.record({
        from: fc.integer({ min: -48, max: 48 }),
        length: fc.integer({ min: 1, max: 12 }),
        extra: fc.boolean(),
      }),
      { maxLength: 2 },
    ),
    fc.array(fc.record({ day: fc.integer({ min: -27, max: 27 }), length: fc.integer({ min: 4, max: 12 }) }), {
      maxLength: 4,
    }),
  )
  .map(([near, days]) => [
    ...near.map((s) => held(s.from, s.from + s.length, s.extra)),
    ...days.map((d) => held(d.day * 24 + 12, d.day * 24 + 12 + d.length, true, "Ekstravakt")),
  ]);
const contracts = fc.record({
  positionPercent: fc.oneof(fc.constant(100), fc.integer({ min: 20, max: 99 })),
  fullTimeHours: fc.constantFrom(35.5, 37.5),
});
const candidates = fc.uniqueArray(
  fc.record({
    userId: fc.uuid(),
    fairnessValue: fc.integer({ min: 0, max: 3 }),
    tieBreak: fc.uuid(),
    work: fc.record({
      held: heldShifts,
      contract: contracts,
      competences: fc
        .oneof(fc.constant(competences.map((c) => c.id)), fc.subarray(competences.map((c) => c.id)))
        .map((ids) => new Set(ids)),
    }),
  }),
  { minLength: 1, maxLength: 10, selector: (c) => c.userId },
);
const shifts = fc.record({
  startsAt: fc.constant(at(0)),
  endsAt: fc.integer({ min: 1, max: 12 }).map(at),
  extra: fc.boolean(),
  requires: fc.subarray(competences, { maxLength: 2 }),
});
const assignmentRules = fc.record({
  limits: fc.record({
    maxHoursPerDay: fc.integer({ min: 10, max: 16 }),
    maxOvertimeWeek: fc.integer({ min: 5, max: 25 }),
    maxOvertime4Weeks: fc.integer({ min: 10, max: 50 }),
    maxOvertimeYear: fc.integer({ min: 50, max: 400 }),
  }),
  minRestHours: fc.integer({ min: 8, max: 12 }),
  partTimeFirst: fc.boolean(),
});

/** Whether `a` may rank right before `b` by the rule. */
function inOrder(a: RankedCandidate, b: RankedCandidate, partTimeFirst: boolean): boolean {
  if (partTimeFirst && a.partTime !== b.partTime) return a.partTime;
  if (a.fairnessValue !== b.fairnessValue) return a.fairnessValue < b.fairnessValue;
  return a.tieBreak < b.tieBreak;
}

describe("ranking", () => {
  it("never ranks a candidate the working-time rules refuse; each carries the rules' verdict", () => {
    fc.assert(
      fc.property(shifts, candidates, assignmentRules, (toTake, list, rules) => {
        const { winner, candidates: ranked } = rankCandidates(toTake, list, rules);
        expect(ranked).toHaveLength(list.length);
        for (const r of ranked) {
          const c = list.find((x) => x.userId === r.userId)!;
          const verdict = judgeWork(toTake, c.work, rules);
          expect(r.refusals).toEqual(verdict.refusals);
          expect(r.warnings).toEqual(verdict.warnings);
          expect(r.figures).toEqual(verdict.figures);
          expect(r.ineligible).toEqual(verdict.refusals[0] ?? null);
          expect(r.partTime).toBe(c.work.contract.positionPercent < 100);
          if (verdict.refusals.length > 0) {
            expect(r.rank).toBeNull();
            expect(r.winner).toBe(false);
          } else expect(r.rank).not.toBeNull();
        }
        const eligible = ranked.filter((r) => r.refusals.length === 0);
        expect(winner).toEqual(eligible[0] ?? null);
        expect(ranked.filter((r) => r.winner)).toHaveLength(eligible.length > 0 ? 1 : 0);
      }),
      seeded(80),
    );
  });

  it("ranks the eligible 1..n: with 'Deltid først' part-timers first, then fewest, then tie-break", () => {
    fc.assert(
      fc.property(shifts, candidates, assignmentRules, (toTake, list, rules) => {
        const { candidates: ranked } = rankCandidates(toTake, list, rules);
        const eligible = ranked.filter((r) => !r.ineligible);
        expect(eligible.map((r) => r.rank)).toEqual(eligible.map((_, i) => i + 1));
        // The eligible first, then the ineligible by user id.
        expect(ranked.slice(0, eligible.length)).toEqual(eligible);
        const ineligible = ranked.slice(eligible.length).map((r) => r.userId);
        expect(ineligible).toEqual([...ineligible].sort());
        for (let i = 1; i < eligible.length; i++)
          expect(inOrder(eligible[i - 1]!, eligible[i]!, rules.partTimeFirst)).toBe(true);
        if (rules.partTimeFirst) {
          const lastPart = eligible.findLastIndex((r) => r.partTime);
          const firstFull = eligible.findIndex((r) => !r.partTime);
          if (lastPart >= 0 && firstFull >= 0) expect(lastPart).toBeLessThan(firstFull);
        }
      }),
      seeded(100),
    );
  });

  it("without 'Deltid først' the order ignores the position", () => {
    fc.assert(
      fc.property(shifts, candidates, assignmentRules, (toTake, list, rules) => {
        const off = { ...rules, partTimeFirst: false };
        const asFullTime = list.map((c) => ({ ...c, work: { ...c.work, contract: fullTimeContract } }));
        const order = (l: Candidate[]) =>
          rankCandidates(toTake, l, off)
            .candidates.filter((r) => r.rank !== null)
            .map((r) => r.userId);
        // The part-timers' allowance may make more of them eligible; among those
        // eligible either way, the order is the same.
        const both = new Set(order(asFullTime));
        expect(order(list).filter((id) => both.has(id))).toEqual(
          order(asFullTime).filter((id) => both.has(id)),
        );
      }),
      seeded(80),
    );
  });

  it("the snapshot names the winner's value, who shared their standing, and the others", () => {
    fc.assert(
      fc.property(shifts, candidates, assignmentRules, (toTake, list, rules) => {
        const { winner, snapshot, candidates: ranked } = rankCandidates(toTake, list, rules);
        if (!winner) {
          expect(snapshot).toBeNull();
          return;
        }
        const eligible = ranked.filter((r) => r.rank !== null);
        const tied = (r: RankedCandidate) =>
          r.fairnessValue === winner.fairnessValue &&
          (!rules.partTimeFirst || r.partTime === winner.partTime);
        expect(snapshot).toEqual({
          minScore: winner.fairnessValue,
          ties: eligible.filter(tied).map((r) => r.userId),
          others: eligible.filter((r) => !tied(r)).map((r) => r.userId),
          partTimeFirst: rules.partTimeFirst,
        });
        expect(snapshot!.ties[0]).toBe(winner.userId);
      }),
      seeded(100),
    );
  });

  it("names the lowest value, who shared it, and the others; the refused rank last", () => {
    const list: Candidate[] = [
      candidate("a", 2, "9"),
      candidate("b", 1, "5"),
      candidate("c", 1, "3"),
      candidate("d", 0, "1", [held(-6, -2)]),
    ];
    const { winner, snapshot, candidates: ranked } = rankCandidates(shift, list, lawRules);
    expect(winner?.userId).toBe("c");
    expect(snapshot).toEqual({ minScore: 1, ties: ["c", "b"], others: ["a"], partTimeFirst: false });
    expect(ranked.map((c) => [c.userId, c.rank, c.ineligible?.kind ?? null])).toEqual([
      ["c", 1, null],
      ["b", 2, null],
      ["a", 3, null],
      ["d", null, "restAfter"],
    ]);
  });

  it("with 'Deltid først' a part-timer with more shifts wins over full-timers with fewer", () => {
    const half: Contract = { positionPercent: 50, fullTimeHours: 35.5 };
    const list = [
      candidate("full", 0, "1"),
      candidate("part", 4, "9", [], half),
      candidate("part2", 4, "2", [], half),
    ];
    const first = rankCandidates(shift, list, { ...lawRules, partTimeFirst: true });
    expect(first.candidates.map((c) => [c.userId, c.rank, c.partTime])).toEqual([
      ["part2", 1, true],
      ["part", 2, true],
      ["full", 3, false],
    ]);
    expect(first.snapshot).toEqual({
      minScore: 4,
      ties: ["part2", "part"],
      others: ["full"],
      partTimeFirst: true,
    });
    expect(rankCandidates(shift, list, lawRules).winner?.userId).toBe("full");
  });

  it("refuses by competence and overtime, and the audit's reason is the first refusal", () => {
    const needs = { ...shift, requires: [{ id: "c2", name: "Intensivsykepleier" }] };
    const busy = [0, 1, 2].map((d) => held(-(d + 1) * 24, -(d + 1) * 24 + 8, true));
    const list = [
      {
        ...candidate("lacks", 0, "1"),
        work: { held: [], contract: fullTimeContract, competences: new Set(["c1"]) },
      },
      {
        ...candidate("tired", 0, "2", busy),
        work: { held: busy, contract: fullTimeContract, competences: new Set(["c2"]) },
      },
      {
        ...candidate("fit", 5, "3"),
        work: { held: [], contract: fullTimeContract, competences: new Set(["c2"]) },
      },
    ];
    const { winner, candidates: ranked } = rankCandidates(needs, list, lawRules);
    expect(winner?.userId).toBe("fit");
    expect(ranked.map((c) => [c.userId, c.ineligible])).toEqual([
      ["fit", null],
      ["lacks", { kind: "competence", missing: ["Intensivsykepleier"] }],
      ["tired", { kind: "overtime", window: "week", hours: 32, limit: 10 }],
    ]);
    expect(ranked.find((c) => c.userId === "tired")!.figures.overtimeWeek).toBe(32);
  });

  it("gives no winner when every candidate is refused", () => {
    const { winner, snapshot } = rankCandidates(shift, [candidate("x", 0, "1", [held(2, 10)])], lawRules);
    expect(winner).toBeNull();
    expect(snapshot).toBeNull();
  });

  it("the tie-break is uniform among equals (chi-square over 5,000 draws)", () => {
    const people = ["p0", "p1", "p2", "p3", "p4"];
    const wins = new Map(people.map((p) => [p, 0]));
    const uuid = seededUuids(20261122);
    const draws = 5_000;
    for (let i = 0; i < draws; i++) {
      const list = people.map((userId) => candidate(userId, 3, uuid()));
      const { winner } = rankCandidates(shift, list, lawRules);
      wins.set(winner!.userId, wins.get(winner!.userId)! + 1);
    }
    const expected = draws / people.length;
    const chi2 = [...wins.values()].reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0);
    // 4 degrees of freedom: 18.47 is the 0.1 % critical value.
    expect(chi2).toBeLessThan(18.47);
  });

  it("shows the tie-break id as 8 characters", () => {
    expect(shortTieBreak("0f3a9c1e-7b2d-4e8f-9a1b-2c3d4e5f6a7b")).toBe("0f3a9c1e");
  });
});
