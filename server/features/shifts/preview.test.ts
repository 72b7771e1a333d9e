import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assignmentPreview } from "../../../common/schemas/shifts.ts";
import { shiftAllocationRuns, shifts } from "../../db/schema.ts";
import { addInterest, assignShiftTo, makeShift, makeStaff } from "../../test/factories.ts";
import { createTestApp, type TestApp } from "../../test/harness.ts";
import { competence, heldExtra, shiftWorld, type World } from "./helpers.test-support.ts";

const dayMs = 86_400_000;

describe("extra shifts: what 'Tildel automatisk' would decide on", () => {
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    t = await createTestApp();
    w = await shiftWorld(t);
  });
  afterAll(() => t.close());

  const person = (name: string, active = true) => makeStaff(t, { role: "staff", dept: w.a, active, name });
  const preview = (shiftId: string, who = w.as.leader) =>
    who.get(`/api/shifts/${shiftId}/assignment-preview`);

  it("lists everyone interested, who could be given it and why not, and the rule; writes nothing", async () => {
    const startsAt = new Date(Date.now() + 5 * dayMs);
    const shift = await makeShift(t, { dept: w.a, startsAt });
    const [free, busy, gone] = [
      await person("Fri Person"),
      await person("Opptatt Person"),
      await person("Borte Person", false),
    ];
    // Busy: a shift of theirs overlapping this one.
    const other = await makeShift(t, {
      dept: w.a,
      startsAt: new Date(startsAt.getTime() + 3_600_000),
      title: "Kveldsvakt",
    });
    await assignShiftTo(t, other.id, busy.userId);
    await addInterest(t, shift.id, [free.userId, busy.userId, gone.userId]);

    const res = await preview(shift.id);
    expect(res.statusCode).toBe(200);
    const body = assignmentPreview.parse(res.json());
    expect(body.interested).toBe(3);
    expect(body.eligible).toBe(1);
    expect(body.rule).toMatch(/færrest ekstravakter de siste 90 dagene/);
    const byName = Object.fromEntries(body.candidates.map((c) => [c.name, c]));
    expect(byName["Fri Person"]).toMatchObject({ eligible: true, reason: null, fairnessValue: 0 });
    expect(byName["Opptatt Person"]).toMatchObject({ eligible: false });
    expect(byName["Opptatt Person"]!.reason).toMatch(/^Overlapper med vakt Kveldsvakt/);
    expect(byName["Borte Person"]).toMatchObject({
      eligible: false,
      reason: "Ikke lenger aktiv i avdelingen",
    });

    // Nothing decided: the shift is still open, without a run.
    const [row] = await t.ctx.db
      .select({ status: shifts.status })
      .from(shifts)
      .where(eq(shifts.id, shift.id));
    expect(row!.status).toBe("open");
    const runs = await t.ctx.db
      .select()
      .from(shiftAllocationRuns)
      .where(eq(shiftAllocationRuns.shiftId, shift.id));
    expect(runs).toEqual([]);
  });

  it("names what the working-time rules refuse: a missing competence, overtime", async () => {
    const startsAt = new Date(Date.now() + 8 * dayMs);
    const shift = await makeShift(t, { dept: w.a, startsAt });
    const [skilled, unskilled, tired] = [
      await person("Har Kompetanse"),
      await person("Mangler Kompetanse"),
      await person("Sliten Person"),
    ];
    await competence(t, w.a, "Barnesykepleier", {
      heldBy: [skilled.staffId, tired.staffId],
      requiredBy: [shift.id],
    });
    await heldExtra(t, w.a, tired.userId, new Date(startsAt.getTime() - 2 * dayMs));
    await addInterest(t, shift.id, [skilled.userId, unskilled.userId, tired.userId]);

    const body = assignmentPreview.parse((await preview(shift.id)).json());
    expect(body.candidates.map((c) => [c.name, c.eligible, c.reason])).toEqual([
      ["Har Kompetanse", true, null],
      ["Mangler Kompetanse", false, "Mangler kompetanse: Barnesykepleier"],
      ["Sliten Person", false, "Overtid 16 t siste 7 dager (grense 10 t)"],
    ]);
  });

  it("answers an empty list for a shift nobody is interested in yet", async () => {
    const shift = await makeShift(t, { dept: w.a });
    const body = assignmentPreview.parse((await preview(shift.id, w.as.admin)).json());
    expect(body).toMatchObject({ interested: 0, eligible: 0, candidates: [] });
  });

  it("is for those who may assign: staff are refused, other departments see nothing", async () => {
    const shift = await makeShift(t, { dept: w.a });
    const staffAsks = await preview(shift.id, w.as.kari);
    expect(staffAsks.statusCode).toBe(403);
    expect((await preview(shift.id, w.as.leaderB)).statusCode).toBe(404);
    expect((await preview(shift.id, w.as.per)).statusCode).toBe(404);
  });

  it("says so when the shift is no longer open", async () => {
    const shift = await makeShift(t, { dept: w.a, status: "closed" });
    const res = await preview(shift.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe("shift_not_open");
  });
});
