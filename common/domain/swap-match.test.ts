import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { osloHourToInstant } from "./oslo-time.ts";
import {
  autoMatch,
  compatible,
  fitsWishes,
  isoWeekday,
  type MatchOffer,
  type MatchWishes,
  pairKey,
  type SwapParty,
  type SwapShift,
  shiftTimeTags,
  takeVerdict,
} from "./swap-match.ts";
import { fullTimeContract, lawWorkLimits, type WorkRules } from "./working-time.ts";

const noWishes: MatchWishes = { wantDateFrom: null, wantDateTo: null, wantTimeTags: [], wantWeekdays: [] };
const rules: WorkRules = { limits: lawWorkLimits, minRestHours: 11 };
const anestesi = { id: "c1", name: "Anestesisykepleier" };

/**
 * A roster shift on an Oslo date from one whole hour to another (earlier `to`: the next
 * day); `extra` and `requires` as the shift carries them.
 */
function shift(
  id: string,
  date: string,
  from: number,
  to: number,
  opts: Partial<Pick<SwapShift, "title" | "extra" | "requires">> = {},
): SwapShift {
  return {
    shiftId: id,
    title: "Dagvakt",
    startsAt: osloHourToInstant(date, from),
    endsAt: osloHourToInstant(date, to, to <= from ? 1 : 0),
    extra: false,
    requires: [],
    ...opts,
  };
}

const party = (held: SwapShift[], competences: string[] = []): SwapParty => ({
  held,
  contract: fullTimeContract,
  competences: new Set(competences),
});

function offer(
  id: string,
  owner: string,
  s: SwapShift,
  wishes: Partial<MatchWishes> = {},
  other: SwapShift[] = [],
  competences: string[] = [],
) {
  return {
    offerId: id,
    ownerId: owner,
    shift: s,
    wishes: { ...noWishes, ...wishes },
    owner: party([s, ...other], competences),
  } satisfies MatchOffer;
}
const kinds = (v: { refusals: { kind: string }[] }) => v.refusals.map((r) => r.kind);
/** Every property runs from a fixed seed: a failure is the same failure on every run. */
const seeded = (numRuns: number) => ({ seed: 20261128, numRuns });

describe("time tags of a shift", () => {
  // 2026-11-23 is a Monday; 2026-11-27 a Friday; 2026-11-29 a Sunday.
  it("names the spec's blocks by their Oslo midpoint", () => {
    expect(shiftTimeTags(shift("d", "2026-11-23", 7, 15))).toEqual(["dag"]);
    expect(shiftTimeTags(shift("k", "2026-11-23", 15, 23))).toEqual(["kveld"]);
    expect(shiftTimeTags(shift("n", "2026-11-23", 23, 7))).toEqual(["natt"]);
  });

  it("takes a whole day for a day shift and tells weekends", () => {
    expect(shiftTimeTags(shift("w", "2026-11-23", 0, 0))).toEqual(["dag"]);
    expect(shiftTimeTags(shift("s", "2026-11-28", 7, 15))).toEqual(["dag", "helg"]);
    // A Friday night is a weekend shift; a Sunday night belongs to Monday.
    expect(shiftTimeTags(shift("f", "2026-11-27", 23, 7))).toEqual(["natt", "helg"]);
    expect(shiftTimeTags(shift("u", "2026-11-29", 23, 7))).toEqual(["natt"]);
  });

  it("holds across the night summer time ends", () => {
    // 25 October 2026: the clocks go back at 03:00; the night is nine hours long.
    expect(shiftTimeTags(shift("x", "2026-10-24", 23, 7))).toEqual(["natt", "helg"]);
  });

  it("counts ISO weekdays from Monday", () => {
    expect(isoWeekday("2026-11-23")).toBe(1);
    expect(isoWeekday("2026-11-29")).toBe(7);
  });
});

describe("wishes", () => {
  const monday = shift("m", "2026-11-23", 7, 15);

  it("takes anything when nothing is wished", () => {
    expect(fitsWishes(noWishes, monday)).toBe(true);
  });

  it("keeps to the date range by the Oslo start date, either end open", () => {
    expect(fitsWishes({ ...noWishes, wantDateFrom: "2026-11-23" }, monday)).toBe(true);
    expect(fitsWishes({ ...noWishes, wantDateFrom: "2026-11-24" }, monday)).toBe(false);
    expect(fitsWishes({ ...noWishes, wantDateTo: "2026-11-23" }, monday)).toBe(true);
    expect(fitsWishes({ ...noWishes, wantDateTo: "2026-11-22" }, monday)).toBe(false);
    // A night starting at 23:00 Oslo time starts on that Oslo date, not on the UTC one.
    const night = shift("n", "2026-11-30", 23, 7);
    expect(fitsWishes({ ...noWishes, wantDateTo: "2026-11-30" }, night)).toBe(true);
  });

  it("needs one of the wished tags and weekdays", () => {
    expect(fitsWishes({ ...noWishes, wantTimeTags: ["kveld", "dag"] }, monday)).toBe(true);
    expect(fitsWishes({ ...noWishes, wantTimeTags: ["natt"] }, monday)).toBe(false);
    expect(fitsWishes({ ...noWishes, wantWeekdays: [1, 3] }, monday)).toBe(true);
    expect(fitsWishes({ ...noWishes, wantWeekdays: [2] }, monday)).toBe(false);
  });
});

describe("taking a shift", () => {
  const mine = shift("mine", "2026-11-23", 7, 15);
  const evening = shift("ev", "2026-11-23", 15, 23);

  it("refuses overlap and short rest against what I keep", () => {
    const night = shift("night", "2026-11-23", 23, 7);
    // (evening and night are 16 hours in 24 as well)
    expect(kinds(takeVerdict(evening, null, party([night]), rules))).toEqual(["restBefore", "day"]);
    expect(kinds(takeVerdict(shift("o", "2026-11-23", 10, 18), null, party([mine]), rules))).toContain(
      "overlap",
    );
  });

  it("leaves the shift I give away out of my shifts, and only that one", () => {
    const same = shift("same", "2026-11-23", 8, 16);
    expect(takeVerdict(same, "mine", party([mine]), rules).refusals).toEqual([]);
    expect(kinds(takeVerdict(same, null, party([mine]), rules))).toContain("overlap");
    // Giving another shift leaves the overlapping one in place.
    const other = shift("other", "2026-11-25", 7, 15);
    expect(kinds(takeVerdict(same, "other", party([mine, other]), rules))).toContain("overlap");
    // The extra hours of the shift I give no longer count toward my overtime.
    const extraMine = { ...mine, extra: true };
    const extraSame = { ...same, extra: true };
    expect(takeVerdict(extraSame, "mine", party([extraMine]), rules).figures.overtimeWeek).toBe(8);
  });

  it("refuses a shift that needs a competence I lack, naming it", () => {
    const needs = shift("needs", "2026-11-25", 7, 15, { requires: [anestesi] });
    expect(takeVerdict(needs, "mine", party([mine]), rules).refusals).toEqual([
      { kind: "competence", missing: ["Anestesisykepleier"] },
    ]);
    expect(takeVerdict(needs, "mine", party([mine], ["c1"]), rules).refusals).toEqual([]);
  });

  it("counts an extra shift received toward overtime", () => {
    // An extra evening this week already (8 hours): one more would make 16 over 10.
    const extras = [shift("x", "2026-11-24", 15, 23, { extra: true })];
    const received = shift("r", "2026-11-27", 15, 23, { extra: true });
    const verdict = takeVerdict(received, "mine", party([mine, ...extras]), rules);
    expect(verdict.refusals).toEqual([{ kind: "overtime", window: "week", hours: 16, limit: 10 }]);
    // A roster shift received counts no overtime.
    expect(
      takeVerdict({ ...received, extra: false }, "mine", party([mine, ...extras]), rules).refusals,
    ).toEqual([]);
  });
});

describe("auto-match", () => {
  const opts = { limit: 10, rules };

  it("pairs offers whose shifts fit each other's wishes, oldest first, each once", () => {
    const a = offer("a", "kari", shift("sa", "2026-12-01", 7, 15), { wantTimeTags: ["kveld"] });
    const b = offer("b", "ola", shift("sb", "2026-12-02", 15, 23), { wantTimeTags: ["dag"] });
    const c = offer("c", "lise", shift("sc", "2026-12-03", 15, 23), { wantTimeTags: ["dag"] });
    const pairs = autoMatch([a, b, c], opts);
    expect(pairs.map((p) => [p.a.offerId, p.b.offerId])).toEqual([["a", "b"]]);
  });

  it("never pairs one person with themselves, nor breaks the rest rule", () => {
    const a = offer("a", "kari", shift("sa", "2026-12-01", 7, 15));
    const b = offer("b", "kari", shift("sb", "2026-12-05", 7, 15));
    expect(autoMatch([a, b], opts)).toEqual([]);
    // Ola's evening on 1 December leaves Kari, who works the night before it, 8 hours of rest.
    const kari = offer("k", "kari", shift("sk", "2026-12-03", 7, 15), {}, [shift("kn", "2026-11-29", 23, 7)]);
    const ola = offer("o", "ola", shift("so", "2026-12-01", 15, 23));
    expect(compatible(kari, ola, rules)).toBe(true);
    const tired = offer("k", "kari", shift("sk", "2026-12-03", 7, 15), {}, [
      shift("kn", "2026-11-30", 23, 7),
    ]);
    expect(compatible(tired, ola, rules)).toBe(false);
  });

  it("never pairs across a missing competence or overtime", () => {
    const ola = offer("o", "ola", shift("so", "2026-12-02", 7, 15));
    const needs = offer("a", "kari", shift("sa", "2026-12-01", 7, 15, { requires: [anestesi] }));
    expect(autoMatch([needs, ola], opts)).toEqual([]);
    const trained = offer("o", "ola", shift("so", "2026-12-02", 7, 15), {}, [], ["c1"]);
    expect(autoMatch([needs, trained], opts)).toHaveLength(1);

    // Kari's extra shift to Ola, who has worked 16 extra hours that week: 24 over 10.
    const extraShift = offer("e", "kari", shift("se", "2026-12-03", 15, 23, { extra: true }));
    const olaExtras = ["2026-12-01", "2026-12-02"].map((d, i) => shift(`ox${i}`, d, 15, 23, { extra: true }));
    const busyOla = offer("b", "ola", shift("sb", "2026-12-05", 7, 15), {}, olaExtras);
    expect(compatible(extraShift, busyOla, rules)).toBe(false);
    expect(autoMatch([extraShift, busyOla], opts)).toEqual([]);
    // The department's limit of 25 allows it.
    const generous = { ...rules, limits: { ...rules.limits, maxOvertimeWeek: 25 } };
    expect(autoMatch([extraShift, busyOla], { limit: 10, rules: generous })).toHaveLength(1);
  });

  it("skips pairs that had a deal, so a second run adds none", () => {
    const a = offer("a", "kari", shift("sa", "2026-12-01", 7, 15));
    const b = offer("b", "ola", shift("sb", "2026-12-02", 7, 15));
    const first = autoMatch([a, b], opts);
    expect(first).toHaveLength(1);
    const excluded = new Set(first.map((p) => pairKey(p.a.offerId, p.b.offerId)));
    expect(autoMatch([a, b], { ...opts, excluded })).toEqual([]);
  });

  const days = ["2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04", "2026-12-05", "2026-12-06"];
  const blocks: [number, number][] = [
    [7, 15],
    [15, 23],
    [23, 7],
  ];
  const arbOffers = fc
    .array(
      fc.record({
        owner: fc.constantFrom("kari", "ola", "lise", "per"),
        day: fc.constantFrom(...days),
        block: fc.constantFrom(...blocks),
        tags: fc.subarray(["dag", "kveld", "natt", "helg"] as const),
        weekdays: fc.subarray([1, 2, 3, 4, 5, 6, 7]),
        from: fc.option(fc.constantFrom(...days), { nil: null }),
        extra: fc.boolean(),
        needs: fc.boolean(),
      }),
      { maxLength: 14 },
    )
    .map((rows) =>
      rows.map((r, i) =>
        offer(
          `o${i}`,
          r.owner,
          shift(`s${i}`, r.day, r.block[0], r.block[1], {
            extra: r.extra,
            requires: r.needs ? [anestesi] : [],
          }),
          { wantTimeTags: [...r.tags], wantWeekdays: [...r.weekdays], wantDateFrom: r.from },
        ),
      ),
    )
    // One person's offered shifts are all theirs at once; Kari and Lise hold the competence.
    .map((offers) =>
      offers.map((o) => ({
        ...o,
        owner: party(
          offers.filter((x) => x.ownerId === o.ownerId).map((x) => x.shift),
          o.ownerId === "kari" || o.ownerId === "lise" ? ["c1"] : [],
        ),
      })),
    );

  it("pairs only where neither side would break a working-time rule", () => {
    fc.assert(
      fc.property(arbOffers, (offers) => {
        for (const { a, b } of autoMatch(offers, { limit: 100, rules })) {
          expect(takeVerdict(b.shift, a.shift.shiftId, a.owner, rules).refusals).toEqual([]);
          expect(takeVerdict(a.shift, b.shift.shiftId, b.owner, rules).refusals).toEqual([]);
        }
      }),
      seeded(100),
    );
  });

  it("judges an exchange as if the given shift were already gone", () => {
    fc.assert(
      fc.property(arbOffers, fc.nat(), fc.nat(), (offers, i, j) => {
        if (offers.length < 2) return;
        const a = offers[i % offers.length]!;
        const b = offers[j % offers.length]!;
        const without = { ...a.owner, held: a.owner.held.filter((s) => s.shiftId !== a.shift.shiftId) };
        expect(without.held).toHaveLength(a.owner.held.length - 1);
        expect(takeVerdict(b.shift, a.shift.shiftId, a.owner, rules)).toEqual(
          takeVerdict(b.shift, null, without, rules),
        );
      }),
      seeded(100),
    );
  });

  it("makes only compatible pairs, uses each offer once, and keeps to the limit", () => {
    fc.assert(
      fc.property(arbOffers, fc.integer({ min: 0, max: 10 }), (offers, limit) => {
        const pairs = autoMatch(offers, { limit, rules });
        expect(pairs.length).toBeLessThanOrEqual(limit);
        const used = pairs.flatMap((p) => [p.a.offerId, p.b.offerId]);
        expect(new Set(used).size).toBe(used.length);
        for (const p of pairs) expect(compatible(p.a, p.b, rules)).toBe(true);
      }),
      seeded(100),
    );
  });

  it("leaves no compatible pair of unused offers behind when under the limit", () => {
    fc.assert(
      fc.property(arbOffers, (offers) => {
        const pairs = autoMatch(offers, { limit: 100, rules });
        const used = new Set(pairs.flatMap((p) => [p.a.offerId, p.b.offerId]));
        const left = offers.filter((o) => !used.has(o.offerId));
        for (const x of left) for (const y of left) if (x !== y) expect(compatible(x, y, rules)).toBe(false);
      }),
      seeded(100),
    );
  });

  it("adds nothing on a second run without the first run's offers", () => {
    fc.assert(
      fc.property(arbOffers, (offers) => {
        const first = autoMatch(offers, opts);
        const excluded = new Set(first.map((p) => pairKey(p.a.offerId, p.b.offerId)));
        const matched = new Set(first.flatMap((p) => [p.a.offerId, p.b.offerId]));
        const again = autoMatch(
          offers.filter((o) => !matched.has(o.offerId)),
          { ...opts, excluded },
        );
        expect(again).toEqual([]);
        // The same input gives the same pairs: the rule has no randomness.
        expect(autoMatch(offers, opts)).toEqual(first);
      }),
      seeded(100),
    );
  });
});
