import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { takeCheckDto } from "../../../common/schemas/work.ts";
import { errorMessages } from "../../../common/texts/errors.ts";
import { assignShiftTo, makeShift, makeStaff, signedInClient } from "../../test/factories.ts";
import { createTestApp, type TestApp } from "../../test/harness.ts";
import { competence, heldExtra, shiftWorld, type World } from "./helpers.test-support.ts";

const dayMs = 86_400_000;

describe("extra shifts: interest", () => {
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    t = await createTestApp();
    w = await shiftWorld(t);
  });
  afterAll(() => t.close());

  it("registers once however often it is asked, and withdraws", async () => {
    const shift = await makeShift(t, { dept: w.a });
    for (let i = 0; i < 2; i++) {
      const res = await w.as.kari.post(`/api/shifts/${shift.id}/interest`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ shiftId: shift.id, interested: true, interestCount: 1 });
    }
    // Leaders register interest too.
    expect((await w.as.leader.post(`/api/shifts/${shift.id}/interest`)).json().interestCount).toBe(2);
    const withdrawn = await w.as.kari.request("DELETE", `/api/shifts/${shift.id}/interest`);
    expect(withdrawn.json()).toEqual({ shiftId: shift.id, interested: false, interestCount: 1 });
    const again = await w.as.kari.request("DELETE", `/api/shifts/${shift.id}/interest`);
    expect(again.json()).toEqual({ shiftId: shift.id, interested: false, interestCount: 1 });
  });

  it("refuses a shift that is no longer open, and says so (409)", async () => {
    const closed = await makeShift(t, { dept: w.a, status: "closed" });
    const assigned = await makeShift(t, { dept: w.a });
    await assignShiftTo(t, assigned.id, w.ids.ola);
    for (const shift of [closed, assigned]) {
      for (const res of [
        await w.as.kari.post(`/api/shifts/${shift.id}/interest`),
        await w.as.kari.request("DELETE", `/api/shifts/${shift.id}/interest`),
      ]) {
        expect(res.statusCode).toBe(409);
        expect(res.json().error).toEqual({ code: "shift_not_open", message: errorMessages.shift_not_open });
      }
    }
  });

  it("refuses an open shift that has started", async () => {
    const shift = await makeShift(t, { dept: w.a, startsAt: new Date(Date.now() - 60_000) });
    const res = await w.as.kari.post(`/api/shifts/${shift.id}/interest`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe("shift_started");
  });

  it("is for the department's own members: others see nothing, admins elsewhere may not", async () => {
    const inB = await makeShift(t, { dept: w.b });
    expect((await w.as.kari.post(`/api/shifts/${inB.id}/interest`)).statusCode).toBe(404);
    // An admin sees every department's shifts, but takes shifts only where they work.
    expect((await w.as.admin.post(`/api/shifts/${inB.id}/interest`)).statusCode).toBe(403);
    expect((await w.as.per.post(`/api/shifts/${inB.id}/interest`)).statusCode).toBe(200);
  });

  describe("the working-time rules", () => {
    /** A new staff member of A, so what they hold is this test's alone. */
    const newcomer = async () => {
      const made = await makeStaff(t, { role: "staff", dept: w.a, active: true });
      return { ...made, client: await signedInClient(t, made.userId) };
    };
    const check = async (client: Awaited<ReturnType<typeof newcomer>>["client"], shiftId: string) => {
      const res = await client.get(`/api/shifts/${shiftId}/eligibility`);
      expect(res.statusCode).toBe(200);
      return takeCheckDto.parse(res.json());
    };

    it("tells me before I register that I may take a shift, with what it would mean", async () => {
      const me = await newcomer();
      const shift = await makeShift(t, { dept: w.a, startsAt: new Date(Date.now() + 3 * dayMs) });
      expect(await check(me.client, shift.id)).toEqual({
        shiftId: shift.id,
        may: true,
        refusals: [],
        warnings: [],
        figures: { dayHours: 8, overtimeWeek: 8, overtime4Weeks: 8, overtimeYear: 8 },
      });
      expect((await me.client.post(`/api/shifts/${shift.id}/interest`)).statusCode).toBe(200);
    });

    it("refuses interest over an overtime limit, with the reason, and never a withdrawal", async () => {
      const me = await newcomer();
      const startsAt = new Date(Date.now() + 4 * dayMs);
      await heldExtra(t, w.a, me.userId, new Date(startsAt.getTime() - 2 * dayMs));
      const shift = await makeShift(t, { dept: w.a, startsAt });
      const reason = "Overtid 16 t siste 7 dager (grense 10 t)";
      expect(await check(me.client, shift.id)).toMatchObject({
        may: false,
        refusals: [reason],
        figures: { overtimeWeek: 16 },
      });
      const res = await me.client.post(`/api/shifts/${shift.id}/interest`);
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toEqual({
        code: "work_rules_refused",
        message: `Du kan ikke ta denne vakten: ${reason}`,
      });
      const withdrawn = await me.client.request("DELETE", `/api/shifts/${shift.id}/interest`);
      expect(withdrawn.json()).toEqual({ shiftId: shift.id, interested: false, interestCount: 0 });
    });

    it("refuses interest in a shift that requires a competence I lack; gives every reason", async () => {
      const [lacking, holding] = [await newcomer(), await newcomer()];
      const startsAt = new Date(Date.now() + 6 * dayMs);
      // Also a shift of mine overlapping it: both reasons, the competence first.
      const other = await heldExtra(t, w.a, lacking.userId, new Date(startsAt.getTime() + 3_600_000));
      const shift = await makeShift(t, { dept: w.a, startsAt });
      await competence(t, w.a, "Intensivsykepleier", { heldBy: [holding.staffId], requiredBy: [shift.id] });

      const refused = await check(lacking.client, shift.id);
      expect(refused.may).toBe(false);
      expect(refused.refusals[0]).toBe("Mangler kompetanse: Intensivsykepleier");
      expect(refused.refusals[1]).toMatch(new RegExp(`^Overlapper med vakt ${other.title}`));
      const res = await lacking.client.post(`/api/shifts/${shift.id}/interest`);
      expect(res.statusCode).toBe(422);
      expect(res.json().error.message).toBe(`Du kan ikke ta denne vakten: ${refused.refusals.join("; ")}`);

      expect((await check(holding.client, shift.id)).may).toBe(true);
      expect((await holding.client.post(`/api/shifts/${shift.id}/interest`)).json().interestCount).toBe(1);
    });

    it("is asked only where I work: another department's shift answers 404", async () => {
      const inA = await makeShift(t, { dept: w.a });
      const res = await w.as.per.get(`/api/shifts/${inA.id}/eligibility`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe("shift_not_found");
    });
  });
});
