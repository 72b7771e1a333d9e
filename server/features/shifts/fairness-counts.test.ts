/**
 * The running fairness counts (migration 0011) against a plain count of the same rows:
 * whatever writes assignments (an assignment, a swap moving one, its removal, a shift
 * deleted with its assignment, a person deleted) and wherever the window was last moved,
 * the count as of any instant equals counting that instant's 90 days of extra shifts.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fairnessCounts, fairnessWindow, shiftAssignments, shifts, user } from "../../db/schema.ts";
import { JobRunner } from "../../platform/jobs.ts";
import { makeDepartment, makeShift, makeStaff } from "../../test/factories.ts";
import { createTestApp, type TestApp } from "../../test/harness.ts";
import { moveFairnessWindow, recentExtraCounts } from "./fairness.ts";
import { fairnessWindowJob } from "./jobs.ts";

const dayMs = 86_400_000;
const base = new Date("2026-06-15T10:00:00Z");
const at = (days: number) => new Date(base.getTime() + days * dayMs);

type Op =
  | { op: "assign"; person: number; kind: "extra" | "roster"; day: number }
  | { op: "swap"; which: number; person: number; day: number }
  | { op: "unassign"; which: number }
  | { op: "deleteShift"; which: number }
  | { op: "deletePerson"; person: number }
  | { op: "moveWindow"; day: number };

const day = fc.integer({ min: -200, max: 20 });
const person = fc.nat(3);
const which = fc.nat(20);
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant("assign"),
      person,
      kind: fc.constantFrom("extra", "roster"),
      day,
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("swap"), which, person, day }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("unassign"), which }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("deleteShift"), which }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("deletePerson"), person }) },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant("moveWindow"), day: fc.integer({ min: -120, max: 30 }) }),
  },
) as fc.Arbitrary<Op>;

describe("running fairness counts", () => {
  let t: TestApp;
  let dept: string;

  beforeAll(async () => {
    t = await createTestApp();
    dept = (await makeDepartment(t)).id;
  });
  afterAll(() => t.close());

  /** The definition: extra shifts assigned after `now` − 90 days, counted row by row. */
  async function plainCounts(people: string[], now: Date) {
    const rows = await t.ctx.db
      .select({ userId: shiftAssignments.userId, count: sql<number>`count(*)::int` })
      .from(shiftAssignments)
      .innerJoin(shifts, eq(shifts.id, shiftAssignments.shiftId))
      .where(
        and(
          inArray(shiftAssignments.userId, people),
          eq(shifts.kind, "extra"),
          sql`${shiftAssignments.assignedAt} > ${new Date(now.getTime() - 90 * dayMs).toISOString()}::timestamptz`,
        ),
      )
      .groupBy(shiftAssignments.userId);
    return new Map(rows.map((r) => [r.userId, r.count]));
  }

  async function keptCounts(people: string[], now: Date) {
    const recent = recentExtraCounts(t.ctx.db, now);
    const rows = await t.ctx.db.select().from(recent).where(inArray(recent.userId, people));
    // A person whose assignments all left the window keeps a row of 0.
    return new Map(rows.filter((r) => r.count !== 0).map((r) => [r.userId, r.count]));
  }

  async function apply(o: Op, people: string[], held: { id: string; shiftId: string }[]) {
    const db = t.ctx.db;
    const pick = <T>(list: T[], i: number) => list[i % list.length];
    switch (o.op) {
      case "assign": {
        const s = await makeShift(t, { dept, kind: o.kind, status: "assigned", startsAt: at(o.day + 1) });
        const [row] = await db
          .insert(shiftAssignments)
          .values({ shiftId: s.id, userId: pick(people, o.person)!, assignedAt: at(o.day), method: "auto" })
          .returning({ id: shiftAssignments.id, shiftId: shiftAssignments.shiftId });
        held.push(row!);
        return;
      }
      case "swap": {
        const a = pick(held, o.which);
        if (a)
          await db
            .update(shiftAssignments)
            .set({ userId: pick(people, o.person)!, assignedAt: at(o.day), method: "swap" })
            .where(eq(shiftAssignments.id, a.id));
        return;
      }
      case "unassign":
      case "deleteShift": {
        const a = pick(held, o.which);
        if (!a) return;
        held.splice(held.indexOf(a), 1);
        if (o.op === "unassign") await db.delete(shiftAssignments).where(eq(shiftAssignments.id, a.id));
        else await db.delete(shifts).where(eq(shifts.id, a.shiftId));
        return;
      }
      case "deletePerson": {
        if (people.length < 2) return;
        const [gone] = people.splice(o.person % people.length, 1);
        await db.delete(user).where(eq(user.id, gone!));
        return;
      }
      case "moveWindow":
        await db.transaction((tx) => moveFairnessWindow(tx, at(o.day)));
        return;
    }
  }

  it("equal a plain count after any sequence of writes and window moves, as of any instant", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 14 }), async (ops) => {
        const people = await Promise.all(
          [1, 2, 3, 4].map(async () => (await makeStaff(t, { role: "staff", dept, active: true })).userId),
        );
        const everyone = [...people];
        const held: { id: string; shiftId: string }[] = [];
        for (const o of ops) await apply(o, people, held);
        for (const now of [at(0), at(-30), at(-95), at(25)])
          expect(await keptCounts(everyone, now)).toEqual(await plainCounts(everyone, now));
      }),
      { numRuns: 25 },
    );
  });

  it("the hourly job moves the window to 90 days before its clock, and the counts stay exact", async () => {
    const { userId } = await makeStaff(t, { role: "staff", dept, active: true });
    for (const day of [-100, -80, -10]) {
      const s = await makeShift(t, { dept, status: "assigned", startsAt: at(day + 1) });
      await t.ctx.db
        .insert(shiftAssignments)
        .values({ shiftId: s.id, userId, assignedAt: at(day), method: "auto" });
    }
    const runner = new JobRunner(
      { db: t.ctx.db, bus: t.ctx.bus, clock: { now: () => at(0) }, log: t.ctx.log },
      [fairnessWindowJob],
    );
    try {
      expect(await runner.runNow(fairnessWindowJob.name)).toBe("ran");
    } finally {
      await runner.stop();
    }
    const [window] = await t.ctx.db.select().from(fairnessWindow);
    expect(window?.since).toEqual(at(-90));
    const [kept] = await t.ctx.db.select().from(fairnessCounts).where(eq(fairnessCounts.userId, userId));
    expect(kept?.count).toBe(2);
    expect(await keptCounts([userId], at(0))).toEqual(await plainCounts([userId], at(0)));
  });

  it("a roster shift's assignment never counts, even when its shift is deleted", async () => {
    const { userId } = await makeStaff(t, { role: "staff", dept, active: true });
    const roster = await makeShift(t, { dept, kind: "roster", status: "assigned", startsAt: at(1) });
    const extra = await makeShift(t, { dept, status: "assigned", startsAt: at(2) });
    await t.ctx.db.insert(shiftAssignments).values([
      { shiftId: roster.id, userId, assignedAt: at(0), method: "swap" },
      { shiftId: extra.id, userId, assignedAt: at(0), method: "auto" },
    ]);
    expect(await keptCounts([userId], at(0))).toEqual(new Map([[userId, 1]]));
    await t.ctx.db.delete(shifts).where(eq(shifts.id, roster.id));
    expect(await keptCounts([userId], at(0))).toEqual(new Map([[userId, 1]]));
  });
});
