import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type BusyShift, type Candidate, ineligibility, rankCandidates, shortTieBreak } from "./fairness.ts";

const hourMs = 3_600_000;
const base = Date.UTC(2026, 10, 24, 6); // 07:00 in Oslo
const at = (hours: number) => new Date(base + hours * hourMs);
const shift = { startsAt: at(0), endsAt: at(8) };
const busy = (fromHours: number, toHours: number, title = "Dagvakt"): BusyShift => ({
  startsAt: at(fromHours),
  endsAt: at(toHours),
  title,
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

const busyShifts = fc.array(
  fc.record({ from: fc.integer({ min: -48, max: 48 }), length: fc.integer({ min: 1, max: 16 }) }),
  { maxLength: 3 },
);
const candidates = fc
  .uniqueArray(
    fc.record({
      userId: fc.uuid(),
      fairnessValue: fc.integer({ min: 0, max: 6 }),
      tieBreak: fc.uuid(),
      busy: busyShifts,
    }),
    { minLength: 1, maxLength: 12, selector: (c) => c.userId },
  )
  .map((list) =>
    list.map((c): Candidate => ({ ...c, busy: c.busy.map((b) => busy(b.from, b.from + b.length)) })),
  );
const restHours = fc.integer({ min: 8, max: 11 });

describe("eligibility", () => {
  it("an overlapping shift makes a candidate ineligible", () => {
    expect(ineligibility(shift, [busy(6, 14)], 11)?.kind).toBe("overlap");
    expect(ineligibility(shift, [busy(-4, 1)], 11)?.kind).toBe("overlap");
  });

  it("a shift ending 4 hours before leaves too little rest; 11 hours is enough", () => {
    expect(ineligibility(shift, [busy(-12, -4)], 11)?.kind).toBe("restAfter");
    expect(ineligibility(shift, [busy(-19, -11)], 11)).toBeNull();
    expect(ineligibility(shift, [busy(-18, -10)], 11)?.kind).toBe("restAfter");
  });

  it("a shift starting too soon after is a short rest too", () => {
    expect(ineligibility(shift, [busy(12, 20)], 11)?.kind).toBe("restBefore");
    expect(ineligibility(shift, [busy(19, 27)], 11)).toBeNull();
  });

  it("a local agreement's 8 hours allows what 11 does not", () => {
    expect(ineligibility(shift, [busy(-17, -9)], 11)?.kind).toBe("restAfter");
    expect(ineligibility(shift, [busy(-17, -9)], 8)).toBeNull();
  });

  it("reports the overlap before a short rest", () => {
    expect(ineligibility(shift, [busy(-12, -4), busy(6, 14)], 11)?.kind).toBe("overlap");
  });
});

describe("ranking", () => {
  it("the winner has the lowest fairness value among the eligible; no ineligible candidate wins", () => {
    fc.assert(
      fc.property(candidates, restHours, (list, rest) => {
        const { winner, candidates: ranked } = rankCandidates(shift, list, rest);
        const eligible = list.filter((c) => !ineligibility(shift, c.busy, rest));
        if (eligible.length === 0) {
          expect(winner).toBeNull();
          return;
        }
        expect(winner).not.toBeNull();
        expect(winner!.fairnessValue).toBe(Math.min(...eligible.map((c) => c.fairnessValue)));
        expect(ineligibility(shift, list.find((c) => c.userId === winner!.userId)!.busy, rest)).toBeNull();
        expect(ranked.filter((c) => c.winner)).toHaveLength(1);
      }),
      { numRuns: 2000 },
    );
  });

  it("ranks are a permutation of 1..n over the eligible, in fairness then tie-break order", () => {
    fc.assert(
      fc.property(candidates, restHours, (list, rest) => {
        const { candidates: ranked } = rankCandidates(shift, list, rest);
        expect(ranked).toHaveLength(list.length);
        const eligible = ranked.filter((c) => !c.ineligible);
        expect(eligible.map((c) => c.rank)).toEqual(eligible.map((_, i) => i + 1));
        expect(ranked.filter((c) => c.ineligible).every((c) => c.rank === null && !c.winner)).toBe(true);
        for (let i = 1; i < eligible.length; i++) {
          const [a, b] = [eligible[i - 1]!, eligible[i]!];
          expect(
            a.fairnessValue < b.fairnessValue ||
              (a.fairnessValue === b.fairnessValue && a.tieBreak < b.tieBreak),
          ).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("the snapshot names the lowest value, who shared it, and the others", () => {
    const list: Candidate[] = [
      { userId: "a", fairnessValue: 2, tieBreak: "9", busy: [] },
      { userId: "b", fairnessValue: 1, tieBreak: "5", busy: [] },
      { userId: "c", fairnessValue: 1, tieBreak: "3", busy: [] },
      { userId: "d", fairnessValue: 0, tieBreak: "1", busy: [busy(-6, -2)] },
    ];
    const { winner, snapshot, candidates: ranked } = rankCandidates(shift, list, 11);
    expect(winner?.userId).toBe("c");
    expect(snapshot).toEqual({ minScore: 1, ties: ["c", "b"], others: ["a"] });
    expect(ranked.map((c) => [c.userId, c.rank])).toEqual([
      ["c", 1],
      ["b", 2],
      ["a", 3],
      ["d", null],
    ]);
  });

  it("the tie-break is uniform among equals (chi-square over 10,000 draws)", () => {
    const people = ["p0", "p1", "p2", "p3", "p4"];
    const wins = new Map(people.map((p) => [p, 0]));
    const uuid = seededUuids(20261122);
    const draws = 10_000;
    for (let i = 0; i < draws; i++) {
      const list = people.map((userId) => ({ userId, fairnessValue: 3, tieBreak: uuid(), busy: [] }));
      const { winner } = rankCandidates(shift, list, 11);
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
