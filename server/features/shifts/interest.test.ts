import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorMessages } from "../../../common/texts/errors.ts";
import { assignShiftTo, makeShift } from "../../test/factories.ts";
import { createTestApp, type TestApp } from "../../test/harness.ts";
import { shiftWorld, type World } from "./helpers.test-support.ts";

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
});
