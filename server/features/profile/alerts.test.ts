/**
 * 'Stille når jeg ikke er på vakt' (issue 26 item 5): the setting through the profile API,
 * and whether it silences now, decided from the person's shifts and duty-role holdings
 * at the app's clock.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { currentShiftBlock } from "../../../common/domain/shift-block.ts";
import { type AlertsState, alertsState } from "../../../common/schemas/alerts.ts";
import { topics } from "../../../common/schemas/realtime.ts";
import { dutyHoldings, dutyRoles, profiles, shiftAssignments, shifts, staff } from "../../db/schema.ts";
import type { BusEvent } from "../../platform/events.ts";
import { assignShiftTo, makeDepartment, makeShift, makeStaff, signedInClient } from "../../test/factories.ts";
import { type Client, createTestApp, type TestApp } from "../../test/harness.ts";

const hour = 3_600_000;
const day = 24 * hour;

describe("quiet when off shift", () => {
  let t: TestApp;
  let now: Date;
  let dept: string;
  let other: string;
  let kari: { id: string; as: Client };
  let leader: { id: string; as: Client };
  let role: string;

  const alerts = async (as: Client): Promise<AlertsState> => {
    const res = await as.get("/api/me/alerts");
    expect(res.statusCode, res.body).toBe(200);
    return alertsState.parse(res.json());
  };
  /** A roster shift of `userId` in `deptId` from `from` for `hours`. */
  const shiftOf = async (userId: string, from: Date, hours = 8, deptId = dept) => {
    const s = await makeShift(t, { dept: deptId, kind: "roster", status: "assigned", startsAt: from, hours });
    await assignShiftTo(t, s.id, userId);
    return s;
  };
  const hold = async (userId: string, at: Date) => {
    const block = currentShiftBlock(at);
    await t.ctx.db
      .insert(dutyHoldings)
      .values({ roleId: role, deptId: dept, blockStart: block.start, blockEnd: block.end, userId });
  };

  beforeAll(async () => {
    // Near real time (sessions expire by the wall clock); the test moves it within hours.
    now = new Date();
    t = await createTestApp({}, { clock: { now: () => now } });
    dept = (await makeDepartment(t)).id;
    other = (await makeDepartment(t)).id;
    const k = await makeStaff(t, { role: "staff", dept, active: true });
    const l = await makeStaff(t, { role: "leader", dept, active: true });
    kari = { id: k.userId, as: await signedInClient(t, k.userId) };
    leader = { id: l.userId, as: await signedInClient(t, l.userId) };
    const [r] = await t.ctx.db
      .insert(dutyRoles)
      .values({ deptId: dept, name: "Ansvarshavende sykepleier" })
      .returning();
    role = r!.id;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    now = new Date();
    await t.ctx.db.delete(shiftAssignments);
    await t.ctx.db.delete(shifts);
    await t.ctx.db.delete(dutyHoldings);
    await t.ctx.db.update(profiles).set({ quietOffShift: null });
  });

  it("is on by default for staff, off for leaders, and nobody without shift data is silenced", async () => {
    const block = currentShiftBlock(now);
    expect(await alerts(kari.as)).toEqual({
      quietOffShift: true,
      quiet: false,
      until: block.end.toISOString(),
    });
    expect(await alerts(leader.as)).toEqual({ quietOffShift: false, quiet: false, until: null });
  });

  it("silences off shift once there is shift data, until the next shift starts", async () => {
    const block = currentShiftBlock(now);
    // a shift three days ahead: shift data, but nothing covering now
    const later = await shiftOf(kari.id, new Date(block.start.getTime() + 3 * day));
    expect(await alerts(kari.as)).toEqual({
      quietOffShift: true,
      quiet: true,
      until: block.end.toISOString(),
    });

    // one starting within the block: the answer may change then
    const soon = new Date(now.getTime() + 60_000);
    const next = await shiftOf(kari.id, soon, 2);
    if (soon < block.end) expect((await alerts(kari.as)).until).toBe(soon.toISOString());

    now = new Date(soon.getTime() + 1);
    // on shift until it ends, or the block does first (a holding may begin then)
    const until = Math.min(next.endsAt.getTime(), currentShiftBlock(now).end.getTime());
    expect(await alerts(kari.as)).toMatchObject({ quiet: false, until: new Date(until).toISOString() });
    now = next.endsAt;
    expect((await alerts(kari.as)).quiet).toBe(true);
    expect(later.id).toBeTruthy();
  });

  it("a shift covering now counts only where the person is active staff", async () => {
    const started = await shiftOf(kari.id, new Date(now.getTime() - hour), 4, dept);
    expect((await alerts(kari.as)).quiet).toBe(false);
    await t.ctx.db.update(staff).set({ isActive: false }).where(eq(staff.userId, kari.id));
    try {
      // deactivated: the shift is no longer theirs to be on; nor is it shift data
      expect(await alerts(kari.as)).toMatchObject({ quiet: false });
      await shiftOf(kari.id, new Date(now.getTime() + 2 * day), 8, other);
      expect((await alerts(kari.as)).quiet).toBe(false);
    } finally {
      await t.ctx.db.update(staff).set({ isActive: true }).where(eq(staff.userId, kari.id));
    }
    expect(started.id).toBeTruthy();
  });

  it("a duty role held in the ongoing block is being on shift; one held in the next is not", async () => {
    const block = currentShiftBlock(now);
    await hold(kari.id, block.end);
    expect(await alerts(kari.as)).toEqual({
      quietOffShift: true,
      quiet: true,
      until: block.end.toISOString(),
    });
    await hold(kari.id, now);
    expect((await alerts(kari.as)).quiet).toBe(false);
    // the block ends: the next block's holding takes over, still on shift
    now = block.end;
    expect((await alerts(kari.as)).quiet).toBe(false);
  });

  it("shift data further away than the window does not count", async () => {
    await shiftOf(kari.id, new Date(now.getTime() + 31 * day));
    expect((await alerts(kari.as)).quiet).toBe(false);
    await shiftOf(kari.id, new Date(now.getTime() - 31 * day));
    expect((await alerts(kari.as)).quiet).toBe(false);
    await shiftOf(kari.id, new Date(now.getTime() + 29 * day));
    expect((await alerts(kari.as)).quiet).toBe(true);
  });

  it("each person turns it on or off for themselves, and their other tabs hear of it", async () => {
    await shiftOf(kari.id, new Date(now.getTime() + 2 * day));
    await shiftOf(leader.id, new Date(now.getTime() + 2 * day));
    const heard: BusEvent[] = [];
    const stop = t.ctx.bus.subscribe(topics.user(kari.id), (e) => heard.push(e));
    try {
      const off = await kari.as.put("/api/me/alerts", { quietOffShift: false });
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json()).toEqual({ quietOffShift: false, quiet: false, until: null });
      expect(await alerts(kari.as)).toMatchObject({ quietOffShift: false, quiet: false });
      await t.ctx.background.settled();
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect(heard.map((e) => e.type)).toContain("alerts.changed");
    } finally {
      stop();
    }
    // a leader may turn it on
    const on = await leader.as.put("/api/me/alerts", { quietOffShift: true });
    expect(on.json()).toMatchObject({ quietOffShift: true, quiet: true });
    // one person's choice is theirs alone
    expect((await alerts(kari.as)).quietOffShift).toBe(false);
    const [row] = await t.ctx.db
      .select({ q: profiles.quietOffShift })
      .from(profiles)
      .where(eq(profiles.userId, leader.id));
    expect(row!.q).toBe(true);
  });

  it("refuses a malformed setting with 400 and the signed-out with 401", async () => {
    expect((await kari.as.put("/api/me/alerts", { quietOffShift: "ja" })).statusCode).toBe(400);
    expect((await kari.as.put("/api/me/alerts", {})).statusCode).toBe(400);
    expect((await t.client().get("/api/me/alerts")).statusCode).toBe(401);
  });
});
