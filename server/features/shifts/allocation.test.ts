import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assignmentAudit, assignmentOutcome, fairnessOverview } from "../../../common/schemas/shifts.ts";
import { loadConfig } from "../../config.ts";
import {
  adminAuditLog,
  departments,
  notifications,
  shiftAllocationRuns,
  shifts,
  staff,
  user,
} from "../../db/schema.ts";
import { addInterest, assignShiftTo, makeShift, makeStaff, signedInClient } from "../../test/factories.ts";
import { type Client, createTestApp, type TestApp } from "../../test/harness.ts";
import { competence, heldExtra, positionPercent, shiftWorld, type World } from "./helpers.test-support.ts";

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

describe("extra shifts: fair automatic assignment", () => {
  let t: TestApp;
  let w: World;
  /** tie-break ids the next draws take, in order; then random ones */
  const draws: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    w = await shiftWorld(t);
    const real = t.ctx.random;
    t.ctx.random = { uuid: () => draws.shift() ?? real.uuid(), int: real.int };
  });
  afterAll(() => t.close());

  /** New staff of department A, so each test's fairness counts are its own. */
  const candidates = async (n: number) =>
    Promise.all(
      Array.from({ length: n }, async (_, i) => {
        const made = await makeStaff(t, {
          role: "staff",
          dept: w.a,
          active: true,
          name: `Kandidat ${i + 1}`,
        });
        return {
          id: made.userId,
          staffId: made.staffId,
          name: made.fullName,
          client: await signedInClient(t, made.userId),
        };
      }),
    );
  /**
   * An extra shift in A, assigned to `userId` `daysAgo` days ago (it counts for 90 days).
   * Ten days or more before a shift in the next few days keeps its overtime apart: a
   * full-timer's two extra shifts in 7 days are 16 hours overtime, over the law's 10.
   */
  const heldShift = async (
    userId: string,
    daysAgo: number,
    opts: { kind?: "extra" | "roster"; dept?: string } = {},
  ) => {
    const s = await makeShift(t, {
      dept: opts.dept ?? w.a,
      kind: opts.kind,
      startsAt: new Date(Date.now() - (daysAgo + 1) * dayMs),
    });
    await assignShiftTo(t, s.id, userId, new Date(Date.now() - daysAgo * dayMs));
  };
  const openShift = async (interested: string[], startsAt = new Date(Date.now() + 3 * dayMs)) => {
    const s = await makeShift(t, { dept: w.a, startsAt });
    if (interested.length > 0) await addInterest(t, s.id, interested);
    return s;
  };
  const assign = (shiftId: string, who: Client = w.as.leader) => who.post(`/api/shifts/${shiftId}/assign`);
  const audit = async (shiftId: string) =>
    assignmentAudit.parse((await w.as.leader.get(`/api/shifts/${shiftId}/audit`)).json());

  it("is for the department's leaders and admins: staff are refused, other departments see nothing", async () => {
    const [c] = await candidates(1);
    const shift = await openShift([c!.id]);
    const staffAsks = await assign(shift.id, w.as.kari);
    expect(staffAsks.statusCode).toBe(403);
    expect(staffAsks.json().error.code).toBe("shift_manage_refused");
    for (const who of ["leaderB", "per"] as const) {
      const res = await assign(shift.id, w.as[who]);
      expect(res.statusCode, who).toBe(404);
      expect(res.json().error.code).toBe("shift_not_found");
    }
    expect((await assign(shift.id, w.as.admin)).statusCode).toBe(200);
  });

  it("needs someone interested", async () => {
    const shift = await openShift([]);
    const res = await assign(shift.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: "shift_no_interest", message: "Ingen interesserte" });
  });

  it("gives the shift to whoever had the fewest extra shifts in 90 days, across departments", async () => {
    const [many, one, none] = await candidates(3);
    await t.ctx.db.insert(staff).values({ userId: many!.id, deptId: w.b, role: "staff" });
    await heldShift(many!.id, 10);
    await heldShift(many!.id, 80, { dept: w.b });
    await heldShift(one!.id, 30);
    // Neither a shift assigned 100 days ago nor a roster shift counts.
    await heldShift(none!.id, 100);
    await heldShift(none!.id, 5, { kind: "roster" });
    const shift = await openShift([many!.id, one!.id, none!.id]);

    const res = await assign(shift.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      shiftId: shift.id,
      alreadyAssigned: false,
      winner: { userId: none!.id, name: none!.name, avatarUrl: null },
    });
    const rows = (await audit(shift.id)).rows;
    expect(rows.map((r) => [r.candidateId, r.fairnessValue, r.rank, r.winner])).toEqual([
      [none!.id, 0, 1, true],
      [one!.id, 1, 2, false],
      [many!.id, 2, 3, false],
    ]);
    const [stored] = await t.ctx.db
      .select()
      .from(shiftAllocationRuns)
      .where(eq(shiftAllocationRuns.shiftId, shift.id));
    expect(stored).toMatchObject({
      winnerUserId: none!.id,
      minRestHours: 11,
      createdBy: w.ids.leader,
      snapshot: { minScore: 0, ties: [none!.id], others: [one!.id, many!.id] },
    });
    const [status] = await t.ctx.db
      .select({ status: shifts.status })
      .from(shifts)
      .where(eq(shifts.id, shift.id));
    expect(status!.status).toBe("assigned");
  });

  it("breaks ties with the injected random source, lowest tie-break first", async () => {
    for (const [first, second, expected] of [
      ["00000000-0000-4000-8000-000000000002", "00000000-0000-4000-8000-000000000001", 1],
      ["00000000-0000-4000-8000-000000000001", "00000000-0000-4000-8000-000000000002", 0],
    ] as const) {
      const pair = await candidates(2);
      const shift = await openShift(pair.map((p) => p.id));
      draws.push(first, second);
      const res = await assign(shift.id);
      expect(res.json().winner.userId).toBe(pair[expected]!.id);
      const rows = (await audit(shift.id)).rows;
      expect(rows.map((r) => r.tieBreakUuid).sort()).toEqual([first, second].sort());
      expect(rows[0]!.tieBreakUuid).toBe("00000000-0000-4000-8000-000000000001");
    }
  });

  it("passes over someone whose shift ends less than 11 hours before, and the audit says why", async () => {
    const [tired, rested] = await candidates(2);
    const startsAt = new Date(Date.now() + 5 * dayMs);
    // Tired has no extra shift in 90 days but a roster shift ending 4 hours before this one.
    const before = await makeShift(t, {
      dept: w.a,
      kind: "roster",
      title: "Kveldsvakt",
      startsAt: new Date(startsAt.getTime() - 12 * hourMs),
    });
    await assignShiftTo(t, before.id, tired!.id);
    await heldShift(rested!.id, 3);
    const shift = await openShift([tired!.id, rested!.id], startsAt);

    expect((await assign(shift.id)).json().winner.userId).toBe(rested!.id);
    const [winner, passed] = (await audit(shift.id)).rows;
    expect(winner).toMatchObject({ candidateId: rested!.id, rank: 1, winner: true, ineligibleReason: null });
    expect(passed).toMatchObject({ candidateId: tired!.id, rank: null, winner: false, fairnessValue: 0 });
    expect(passed!.ineligibleReason).toMatch(/^Mindre enn 11 timer hvile etter vakt Kveldsvakt .+/);
  });

  it("finds no candidate when everyone interested is busy, and leaves the shift open", async () => {
    const [busy] = await candidates(1);
    const startsAt = new Date(Date.now() + 6 * dayMs);
    const overlapping = await makeShift(t, {
      dept: w.a,
      startsAt: new Date(startsAt.getTime() + 2 * hourMs),
    });
    await assignShiftTo(t, overlapping.id, busy!.id);
    const shift = await openShift([busy!.id], startsAt);
    const res = await assign(shift.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: "shift_no_candidates",
      message: "Ingen kandidater funnet for tildeling",
    });
    const [status] = await t.ctx.db
      .select({ status: shifts.status })
      .from(shifts)
      .where(eq(shifts.id, shift.id));
    expect(status!.status).toBe("open");
  });

  it("leaves out people no longer active in the department", async () => {
    const [gone, here] = await candidates(2);
    await heldShift(here!.id, 10);
    const shift = await openShift([gone!.id, here!.id]);
    await t.ctx.db.update(staff).set({ isActive: false }).where(eq(staff.userId, gone!.id));
    expect((await assign(shift.id)).json().winner.userId).toBe(here!.id);
    expect((await audit(shift.id)).rows.map((r) => r.candidateId)).toEqual([here!.id]);
  });

  it("answers a second request with the earlier result, and tells the winner and the others", async () => {
    const [a, b] = await candidates(2);
    const shift = await openShift([a!.id, b!.id]);
    const first = (await assign(shift.id)).json();
    const second = await assign(shift.id, w.as.admin);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ ...first, alreadyAssigned: true });
    const runs = await t.ctx.db
      .select()
      .from(shiftAllocationRuns)
      .where(eq(shiftAllocationRuns.shiftId, shift.id));
    expect(runs).toHaveLength(1);

    // Both notices went out right after the assignment: the winner's and the other's.
    await t.ctx.background.settled();
    const told = await t.ctx.db
      .select({ to: notifications.recipientUserId, type: notifications.type })
      .from(notifications)
      .where(
        eq(notifications.payload, {
          shiftId: shift.id,
          title: shift.title,
          startsAt: shift.startsAt.toISOString(),
        }),
      );
    const loser = first.winner.userId === a!.id ? b! : a!;
    expect(told.map((n) => [n.to, n.type]).sort()).toEqual(
      [
        [first.winner.userId, "shift_assigned_winner"],
        [loser.id, "shift_assigned_closed"],
      ].sort(),
    );
    const logged = await t.ctx.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, "shift.assign"), eq(adminAuditLog.targetId, shift.id)));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ actorUserId: w.ids.leader, targetType: "shift" });
  });

  it("shows the outcome to its candidates and the leaders, and to nobody else", async () => {
    const [winner, other] = await candidates(2);
    await heldShift(other!.id, 10);
    const shift = await openShift([winner!.id, other!.id]);
    const before = await other!.client.get(`/api/shifts/${shift.id}/outcome`);
    expect(before.statusCode).toBe(404);
    expect(before.json().error.code).toBe("shift_outcome_not_found");
    await assign(shift.id);

    const mine = assignmentOutcome.parse((await other!.client.get(`/api/shifts/${shift.id}/outcome`)).json());
    expect(mine).toMatchObject({
      shiftId: shift.id,
      yourId: other!.id,
      winnerId: winner!.id,
      winnerName: winner!.name,
      yourRank: 2,
      totalCandidates: 2,
      yourFairnessValue: 1,
      method: "auto",
    });
    expect(mine.explanation).toContain("de siste 90 dagene");
    expect(mine.candidates.map((c) => [c.candidateId, c.rank, c.winner])).toEqual([
      [winner!.id, 1, true],
      [other!.id, 2, false],
    ]);
    const leaders = assignmentOutcome.parse(
      (await w.as.leader.get(`/api/shifts/${shift.id}/outcome`)).json(),
    );
    expect(leaders).toMatchObject({ yourRank: null, yourFairnessValue: null, winnerId: winner!.id });

    for (const [who, code] of [
      [w.as.kari, "shift_outcome_not_found"],
      [w.as.per, "shift_not_found"],
      [w.as.leaderB, "shift_not_found"],
    ] as const) {
      for (const path of ["outcome", "audit"]) {
        const res = await who.get(`/api/shifts/${shift.id}/${path}`);
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe(code);
      }
    }
    expect((await winner!.client.get(`/api/shifts/${shift.id}/audit`)).statusCode).toBe(200);
  });

  it("keeps the history of a deleted candidate as 'Slettet bruker'", async () => {
    const [leaving, staying] = await candidates(2);
    await heldShift(staying!.id, 10);
    const shift = await openShift([leaving!.id, staying!.id]);
    await assign(shift.id);
    await t.ctx.db.delete(user).where(eq(user.id, leaving!.id));

    const outcome = assignmentOutcome.parse(
      (await staying!.client.get(`/api/shifts/${shift.id}/outcome`)).json(),
    );
    expect(outcome).toMatchObject({ winnerId: null, winnerName: "Slettet bruker", yourRank: 2 });
    expect(outcome.candidates[0]!.name).toBe("Slettet bruker");
    expect(outcome.candidates[0]!.candidateId).not.toBe(leaving!.id);
    const rows = (await audit(shift.id)).rows;
    expect(rows[0]).toMatchObject({ name: "Slettet bruker", rank: 1, winner: true });
  });

  it("passes over someone over an overtime limit or lacking what the shift requires; the audit says why, in figures", async () => {
    const [tired, unskilled, able] = await candidates(3);
    const startsAt = new Date(Date.now() + 4 * dayMs);
    // Tired already has an extra night two days before: 16 hours overtime in 7 days.
    await heldExtra(t, w.a, tired!.id, new Date(startsAt.getTime() - 2 * dayMs));
    const shift = await openShift([tired!.id, unskilled!.id, able!.id], startsAt);
    await competence(t, w.a, "Anestesisykepleier", {
      heldBy: [tired!.staffId, able!.staffId],
      requiredBy: [shift.id],
    });

    expect((await assign(shift.id)).json().winner.userId).toBe(able!.id);
    const result = await audit(shift.id);
    expect(result.partTimeFirst).toBe(false);
    const byId = new Map(result.rows.map((r) => [r.candidateId, r]));
    expect(byId.get(able!.id)).toMatchObject({
      rank: 1,
      ineligibleReason: null,
      figures: { dayHours: 8, overtimeWeek: 8, overtime4Weeks: 8, overtimeYear: 8, positionPercent: 100 },
    });
    expect(byId.get(tired!.id)).toMatchObject({
      rank: null,
      ineligibleReason: "Overtid 16 t siste 7 dager (grense 10 t)",
      figures: { overtimeWeek: 16, positionPercent: 100 },
    });
    expect(byId.get(unskilled!.id)).toMatchObject({
      rank: null,
      ineligibleReason: "Mangler kompetanse: Anestesisykepleier",
    });
  });

  it("with 'Deltid først', gives the shift to a part-timer with more extra shifts before a full-timer", async () => {
    const [part, full] = await candidates(2);
    await positionPercent(t, part!.id, w.a, 50);
    await heldShift(part!.id, 30);
    await heldShift(part!.id, 40);
    const shift = await openShift([full!.id, part!.id]);
    await t.ctx.db.update(departments).set({ partTimeFirst: true }).where(eq(departments.id, w.a));
    try {
      expect((await assign(shift.id)).json().winner.userId).toBe(part!.id);
    } finally {
      await t.ctx.db.update(departments).set({ partTimeFirst: false }).where(eq(departments.id, w.a));
    }
    const result = await audit(shift.id);
    expect(result.partTimeFirst).toBe(true);
    expect(
      result.rows.map((r) => [r.candidateId, r.fairnessValue, r.rank, r.figures?.positionPercent]),
    ).toEqual([
      [part!.id, 2, 1, 50],
      [full!.id, 0, 2, 100],
    ]);
    const outcome = assignmentOutcome.parse(
      (await full!.client.get(`/api/shifts/${shift.id}/outcome`)).json(),
    );
    expect(outcome.explanation).toMatch(/^Deltid først: deltidsansatte/);
  });

  it("gives leaders the department's fairness picture, everyone active included", async () => {
    const [fresh] = await candidates(1);
    const res = await w.as.leader.get("/api/shifts/fairness");
    expect(res.statusCode).toBe(200);
    const overview = fairnessOverview.parse(res.json());
    expect(overview).toMatchObject({ deptId: w.a, windowDays: 90 });
    expect(overview.people.find((p) => p.userId === fresh!.id)).toMatchObject({
      userId: fresh!.id,
      name: fresh!.name,
      avatarUrl: null,
      count: 0,
    });
    expect(overview.people.some((p) => p.count > 0)).toBe(true);
    expect(overview.people.map((p) => p.userId)).not.toContain(w.ids.per);
    const refused = await w.as.kari.get("/api/shifts/fairness");
    expect(refused.statusCode).toBe(403);
  });
});

describe("extra shifts: MIN_REST_HOURS", () => {
  it("follows a local agreement of 8 hours", async () => {
    const t = await createTestApp({ MIN_REST_HOURS: "8" });
    try {
      const w = await shiftWorld(t);
      const startsAt = new Date(Date.now() + 4 * dayMs);
      // Four hours (a roster shift): with this one, 12 hours in 24 and no overtime.
      const before = await makeShift(t, {
        dept: w.a,
        kind: "roster",
        hours: 4,
        startsAt: new Date(startsAt.getTime() - 13 * hourMs),
      });
      await assignShiftTo(t, before.id, w.ids.kari);
      const shift = await makeShift(t, { dept: w.a, startsAt });
      await addInterest(t, shift.id, [w.ids.kari]);
      // Nine hours of rest: enough under the agreement.
      expect((await w.as.leader.post(`/api/shifts/${shift.id}/assign`)).json().winner.userId).toBe(
        w.ids.kari,
      );
      const audit = assignmentAudit.parse((await w.as.leader.get(`/api/shifts/${shift.id}/audit`)).json());
      expect(audit.minRestHours).toBe(8);
    } finally {
      await t.close();
    }
  });

  it("refuses values outside 8 to 24", async () => {
    expect(() => loadConfig({ MIN_REST_HOURS: "7" })).toThrow(/MIN_REST_HOURS/);
    expect(() => loadConfig({ MIN_REST_HOURS: "25" })).toThrow(/MIN_REST_HOURS/);
    expect(loadConfig({}).minRestHours).toBe(11);
  });
});
