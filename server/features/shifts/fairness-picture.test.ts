/**
 * Fairness everyone can see (issue 28), through the API on a fixed clock: the leaders'
 * picture with each person's nights, weekends and public holidays over 90 days and this
 * year, and 'Din plass i køen' by the assignment's rule, 'Deltid først' on and off.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { osloHourToInstant } from "../../../common/domain/oslo-time.ts";
import { fairnessOverview } from "../../../common/schemas/shifts.ts";
import { myFairness } from "../../../common/schemas/work.ts";
import { departments, profiles, shiftAssignments, shifts, staff } from "../../db/schema.ts";
import { makeDepartment, makeStaff, signedInClient } from "../../test/factories.ts";
import { type Client, createTestApp, type TestApp } from "../../test/harness.ts";
import { queuePlace } from "./fairness.ts";

/** Monday 15 June 2026, noon in Oslo: the fairness window reaches back to 17 March. */
const now = osloHourToInstant("2026-06-15", 12);
const zero = { nights: 0, weekends: 0, holidays: 0 };

describe("fairness everyone can see", () => {
  let t: TestApp;
  let dept: string;
  let other: string;
  const people: Record<"p1" | "p2" | "p3" | "p4" | "leader", { id: string; as: Client }> = {} as never;
  let inactive: string;

  /** A shift `date` `from`–`to` o'clock (Oslo) held by `userId`, assigned on `assigned`. */
  async function held(
    userId: string,
    date: string,
    from: number,
    to: number,
    opts: { assigned: string; kind?: "extra" | "roster"; method?: "auto" | "swap"; dept?: string },
  ) {
    const [s] = await t.ctx.db
      .insert(shifts)
      .values({
        deptId: opts.dept ?? dept,
        kind: opts.kind ?? "extra",
        title: "Vakt",
        location: "Post 1",
        startsAt: osloHourToInstant(date, from),
        endsAt: osloHourToInstant(date, to, to <= from ? 1 : 0),
        status: "assigned",
        publishedAt: now,
      })
      .returning();
    await t.ctx.db.insert(shiftAssignments).values({
      shiftId: s!.id,
      userId,
      assignedAt: osloHourToInstant(opts.assigned, 9),
      method: opts.method ?? "auto",
    });
  }

  const partTimeFirst = (on: boolean) =>
    t.ctx.db.update(departments).set({ partTimeFirst: on }).where(eq(departments.id, dept));

  async function mine(as: Client) {
    const res = await as.get("/api/shifts/fairness/me");
    expect(res.statusCode, res.body).toBe(200);
    return myFairness.parse(res.json());
  }

  beforeAll(async () => {
    t = await createTestApp({}, { clock: { now: () => now } });
    dept = (await makeDepartment(t)).id;
    other = (await makeDepartment(t)).id;
    for (const [key, role] of [
      ["p1", "staff"],
      ["p2", "staff"],
      ["p3", "staff"],
      ["p4", "staff"],
      ["leader", "leader"],
    ] as const) {
      const made = await makeStaff(t, { role, dept, active: true, name: `Person ${key}` });
      people[key] = { id: made.userId, as: await signedInClient(t, made.userId) };
    }
    inactive = (await makeStaff(t, { role: "staff", dept, active: false })).userId;
    await t.ctx.db.update(staff).set({ positionPercent: 50 }).where(eq(staff.userId, people.p2.id));

    const p1 = people.p1.id;
    // Counted both ways: a Friday night, 17 May (a Sunday), and a Sunday in another department.
    await held(p1, "2026-06-12", 23, 7, { assigned: "2026-06-01" });
    await held(p1, "2026-05-17", 7, 15, { assigned: "2026-05-01" });
    await held(p1, "2026-06-07", 7, 15, { assigned: "2026-06-01", dept: other });
    // This year only: a Saturday evening in February, assigned before the window.
    await held(p1, "2026-02-14", 15, 23, { assigned: "2026-02-01" });
    // Last year's 1. juledag: neither.
    await held(p1, "2025-12-25", 7, 15, { assigned: "2025-12-01" });
    // Ahead: counts for the queue (assigned in the window), not as worked.
    await held(p1, "2026-06-20", 23, 7, { assigned: "2026-06-14" });
    // Roster shifts: Langfredag got in a swap counts as worked (not for the queue); a
    // Saturday of one's own roster does not.
    await held(p1, "2026-04-03", 7, 15, { assigned: "2026-03-20", kind: "roster", method: "swap" });
    await held(p1, "2026-06-06", 7, 15, { assigned: "2026-01-05", kind: "roster" });
    // Two weekday day shifts each for P2 (part-time) and P4; one for the inactive person.
    for (const who of [people.p2.id, people.p4.id])
      for (const date of ["2026-06-02", "2026-06-03"])
        await held(who, date, 7, 15, { assigned: "2026-05-20" });
    await held(inactive, "2026-06-04", 7, 15, { assigned: "2026-05-20" });
  });
  afterAll(() => t.close());

  it("shows leaders each active member's count, nights, weekends and holidays", async () => {
    const res = await people.leader.as.get("/api/shifts/fairness");
    expect(res.statusCode, res.body).toBe(200);
    const overview = fairnessOverview.parse(res.json());
    expect(overview).toMatchObject({ deptId: dept, windowDays: 90 });
    const byId = new Map(overview.people.map((p) => [p.userId, p]));
    expect([...byId.keys()].sort()).toEqual(
      Object.values(people)
        .map((p) => p.id)
        .sort(),
    );
    expect(byId.get(people.p1.id)).toEqual({
      userId: people.p1.id,
      name: "Person p1",
      avatarUrl: null,
      count: 4,
      last90Days: { nights: 1, weekends: 3, holidays: 2 },
      thisYear: { nights: 1, weekends: 4, holidays: 2 },
    });
    expect(byId.get(people.p2.id)).toMatchObject({ count: 2, last90Days: zero, thisYear: zero });
    expect(byId.get(people.p3.id)).toMatchObject({ count: 0, last90Days: zero, thisYear: zero });
  });

  it("keeps the picture from staff", async () => {
    expect((await people.p1.as.get("/api/shifts/fairness")).statusCode).toBe(403);
  });

  it("gives me my figures and my place: fewest extra shifts first, equals sharing a place", async () => {
    await partTimeFirst(false);
    const p1 = await mine(people.p1.as);
    expect(p1).toEqual({
      deptId: dept,
      windowDays: 90,
      figures: {
        count: 4,
        last90Days: { nights: 1, weekends: 3, holidays: 2 },
        thisYear: { nights: 1, weekends: 4, holidays: 2 },
      },
      place: 5,
      // The five active members; the inactive one is in nobody's queue.
      of: 5,
      partTimeFirst: false,
      partTime: false,
    });
    const places = await Promise.all(
      (["p2", "p3", "p4", "leader"] as const).map(async (k) => (await mine(people[k].as)).place),
    );
    expect(places).toEqual([3, 1, 3, 1]);
    expect(await mine(people.p2.as)).toMatchObject({ partTime: true, figures: { count: 2 } });
  });

  it("puts part-timers first with 'Deltid først'", async () => {
    await partTimeFirst(true);
    try {
      const got = await Promise.all(
        (["p2", "p3", "leader", "p4", "p1"] as const).map(async (k) => mine(people[k].as)),
      );
      expect(got.map((m) => m.place)).toEqual([1, 2, 2, 4, 5]);
      expect(got.every((m) => m.partTimeFirst && m.of === 5)).toBe(true);
    } finally {
      await partTimeFirst(false);
    }
  });

  it("answers of my current department only, never of one I left", async () => {
    const made = await makeStaff(t, { role: "staff", dept: other, active: true });
    // Left this department, which is still saved as the one the app works in.
    await t.ctx.db.insert(staff).values({ userId: made.userId, deptId: dept, isActive: false });
    await t.ctx.db.update(profiles).set({ currentDeptId: dept }).where(eq(profiles.userId, made.userId));
    const elsewhere = await mine(await signedInClient(t, made.userId));
    expect(elsewhere).toMatchObject({ deptId: other, of: 1, place: 1 });
    expect(elsewhere.figures).toEqual({ count: 0, last90Days: zero, thisYear: zero });
    // Active nowhere: signed out, not told anyone's place.
    const res = await (await signedInClient(t, inactive)).get("/api/shifts/fairness/me");
    expect([res.statusCode, res.json().error?.code]).toEqual([401, "user_deactivated"]);
  });
});

describe("queuePlace", () => {
  const s = (count: number, partTime = false) => ({ count, partTime });

  it("counts those who stand before me, by the assignment's order", () => {
    const everyone = [s(0), s(1), s(1), s(3, true), s(0, true)];
    expect(everyone.map((me) => queuePlace(me, everyone, false))).toEqual([1, 3, 3, 5, 1]);
    expect(everyone.map((me) => queuePlace(me, everyone, true))).toEqual([3, 4, 4, 2, 1]);
  });
});
