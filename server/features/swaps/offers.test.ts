import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { osloDate } from "../../../common/domain/oslo-time.ts";
import { shiftAssignments, shifts, swapOffers } from "../../db/schema.ts";
import { appWithout } from "../../test/factories.ts";
import { createTestApp, type TestApp } from "../../test/harness.ts";
import {
  dayMs,
  holding,
  notificationTypesOf,
  offerOf,
  swapWorld,
  type World,
} from "./helpers.test-support.ts";

const inDays = (days: number) => osloDate(new Date(Date.now() + days * dayMs));

describe("swap offers", () => {
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    t = await createTestApp();
    w = await swapWorld(t);
  });
  afterAll(() => t.close());

  it("offers one of my future assignments, once", async () => {
    const held = await holding(t, w.a, w.ids.kari, 48);
    const offer = await offerOf(w.as.kari, held.assignmentId, { requireSwap: false, wantTimeTags: ["natt"] });
    expect(offer).toMatchObject({
      deptId: w.a,
      owner: { userId: w.ids.kari, name: w.names.kari },
      shift: { assignmentId: held.assignmentId, shiftId: held.shiftId },
      requireSwap: false,
      visibility: "dept",
      status: "open",
      wantTimeTags: ["natt"],
      can: { edit: true, cancel: true, propose: false, claim: false },
    });
    const again = await w.as.kari.post("/api/swaps/offers", { assignmentId: held.assignmentId });
    expect([again.statusCode, again.json().error.code]).toEqual([409, "swap_offer_exists"]);
  });

  it("refuses an assignment that is not mine, or has started", async () => {
    const olas = await holding(t, w.a, w.ids.ola, 48);
    const started = await holding(t, w.a, w.ids.kari, -1);
    for (const assignmentId of [olas.assignmentId, started.assignmentId, randomUUID()]) {
      const res = await w.as.kari.post("/api/swaps/offers", { assignmentId });
      expect([res.statusCode, res.json().error.code]).toEqual([422, "swap_assignment_not_found"]);
    }
  });

  it("creates a described shift as a roster shift and my assignment with the offer", async () => {
    const res = await w.as.kari.post("/api/swaps/offers", {
      shift: {
        title: "nattevakt",
        startDate: inDays(5),
        endDate: inDays(6),
        startHour: 23,
        endHour: 7,
        location: "intensiv",
      },
    });
    expect(res.statusCode).toBe(201);
    const offer = res.json();
    expect(offer).toMatchObject({
      visibility: "private",
      requireSwap: true,
      shift: { title: "Nattevakt", location: "Intensiv" },
    });
    expect(offer.shift.timeTags).toContain("natt");
    const [row] = await t.ctx.db
      .select({
        kind: shifts.kind,
        status: shifts.status,
        userId: shiftAssignments.userId,
        method: shiftAssignments.method,
      })
      .from(shifts)
      .innerJoin(shiftAssignments, eq(shiftAssignments.shiftId, shifts.id))
      .where(eq(shifts.id, offer.shift.shiftId));
    expect(row).toEqual({ kind: "roster", status: "assigned", userId: w.ids.kari, method: "manual" });
    // Without hours: whole days, from the first midnight to the one after the end date.
    const days = (
      await w.as.kari.post("/api/swaps/offers", {
        shift: { title: "helgevakt", startDate: inDays(8), endDate: inDays(9) },
      })
    ).json();
    expect(
      new Date(days.shift.endsAt).getTime() - new Date(days.shift.startsAt).getTime(),
    ).toBeGreaterThanOrEqual(47 * 3_600_000);
  });

  it("checks the create dialog's rules", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ shift: { startDate: inDays(3), endDate: inDays(3) } }, "swap_required_fields"],
      [
        { shift: { title: "dagvakt", startDate: inDays(3), endDate: inDays(3), startHour: 15, endHour: 7 } },
        "swap_end_not_after_start",
      ],
      [{ shift: { title: "dagvakt", startDate: inDays(-2), endDate: inDays(-1) } }, "swap_shift_started"],
      [{ shift: { title: "dagvakt", startDate: inDays(3), endDate: inDays(12) } }, "swap_shift_too_long"],
      [
        {
          shift: { title: "dagvakt", startDate: inDays(3), endDate: inDays(3) },
          wantDateFrom: inDays(9),
          wantDateTo: inDays(8),
        },
        "swap_wish_dates",
      ],
    ];
    for (const [body, code] of cases) {
      const res = await w.as.kari.post("/api/swaps/offers", body);
      expect([res.statusCode, res.json().error.code]).toEqual([422, code]);
    }
  });

  it("rolls the described shift back when the offer fails", async () => {
    const before = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(shifts);
    await t.ctx.db.execute(sql`create function swap_offers_fail() returns trigger language plpgsql as
      $$ begin raise exception 'refused'; end $$`);
    await t.ctx.db.execute(sql`create trigger swap_offers_fail before insert on swap_offers
      for each row execute function swap_offers_fail()`);
    try {
      const res = await w.as.kari.post("/api/swaps/offers", {
        shift: { title: "dagvakt", startDate: inDays(4), endDate: inDays(4), startHour: 7, endHour: 15 },
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.ctx.db.execute(sql`drop trigger swap_offers_fail on swap_offers`);
    }
    const after = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(shifts);
    expect(after).toEqual(before);
  });

  it("lists my offers newest first, with waiting deals", async () => {
    const list = (await w.as.kari.get("/api/swaps/offers/mine")).json().offers;
    const created = list.map((o: { createdAt: string }) => o.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    expect(list.every((o: { owner: { userId: string } }) => o.owner.userId === w.ids.kari)).toBe(true);
    expect((await w.as.ola.get("/api/swaps/offers/mine")).json().offers).toEqual([]);
  });

  it("edits an open offer of mine only", async () => {
    const held = await holding(t, w.a, w.ids.kari, 72);
    const offer = await offerOf(w.as.kari, held.assignmentId);
    const edit = {
      wantDateFrom: inDays(3),
      wantDateTo: inDays(4),
      wantTimeTags: ["dag"],
      wantWeekdays: [1, 2],
      requireSwap: false,
      autoMatch: true,
      visibility: "private",
    };
    const res = await w.as.kari.request("PATCH", `/api/swaps/offers/${offer.id}`, edit);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject(edit);
    expect((await w.as.ola.request("PATCH", `/api/swaps/offers/${offer.id}`, edit)).statusCode).toBe(404);
    const bad = await w.as.kari.request("PATCH", `/api/swaps/offers/${offer.id}`, {
      ...edit,
      wantDateTo: inDays(2),
    });
    expect(bad.json().error.code).toBe("swap_wish_dates");
    await w.as.kari.post(`/api/swaps/offers/${offer.id}/cancel`);
    const late = await w.as.kari.request("PATCH", `/api/swaps/offers/${offer.id}`, edit);
    expect([late.statusCode, late.json().error.code]).toEqual([409, "swap_offer_not_open"]);
  });

  it("cancels an offer: its waiting deals end and their people hear of it", async () => {
    const held = await holding(t, w.a, w.ids.kari, 100);
    const offer = await offerOf(w.as.kari, held.assignmentId, { requireSwap: false });
    const deal = (await w.as.lise.post(`/api/swaps/offers/${offer.id}/deals`, {})).json();
    const listed = (await w.as.kari.get("/api/swaps/offers/mine")).json().offers;
    expect(listed.find((o: { id: string }) => o.id === offer.id).waitingDeals).toBe(1);
    const res = await w.as.kari.post(`/api/swaps/offers/${offer.id}/cancel`);
    expect(res.json()).toMatchObject({ status: "cancelled", can: { edit: false, cancel: false } });
    const waiting = (await w.as.lise.get("/api/swaps/deals?view=waiting")).json().deals;
    expect(waiting.find((d: { id: string }) => d.id === deal.id)).toBeUndefined();
    expect(await notificationTypesOf(t, w.ids.lise)).toContain("swap_cancelled");
    const [row] = await t.ctx.db.select().from(swapOffers).where(eq(swapOffers.id, offer.id));
    expect(row!.closedAt).not.toBeNull();
    expect((await w.as.ola.post(`/api/swaps/offers/${offer.id}/cancel`)).statusCode).toBe(409);
  });

  it("keeps a private offer to its owner (404 for others)", async () => {
    const held = await holding(t, w.a, w.ids.kari, 130);
    const offer = await offerOf(w.as.kari, held.assignmentId, { visibility: "private", requireSwap: false });
    const market = (await w.as.ola.get("/api/swaps/market")).json().offers;
    expect(market.find((o: { id: string }) => o.id === offer.id)).toBeUndefined();
    for (const res of [
      await w.as.ola.post(`/api/swaps/offers/${offer.id}/deals`, {}),
      await w.as.ola.get(`/api/swaps/assignments?forOffer=${offer.id}`),
      await w.as.ola.post(`/api/swaps/offers/${offer.id}/cancel`),
    ])
      expect([res.statusCode, res.json().error.code]).toEqual([404, "swap_offer_not_found"]);
  });

  it("shows Per of another department nothing", async () => {
    const held = await holding(t, w.a, w.ids.kari, 140);
    const offer = await offerOf(w.as.kari, held.assignmentId, { requireSwap: false });
    const deal = (await w.as.ola.post(`/api/swaps/offers/${offer.id}/deals`, {})).json();
    expect((await w.as.per.get("/api/swaps/market")).json().offers).toEqual([]);
    expect((await w.as.per.get("/api/swaps/counts")).json()).toEqual({ market: 0, waitingForMe: 0 });
    expect((await w.as.per.post(`/api/swaps/offers/${offer.id}/deals`, {})).statusCode).toBe(404);
    expect((await w.as.per.post(`/api/swaps/deals/${deal.id}/withdraw`)).statusCode).toBe(404);
    expect((await w.as.per.post(`/api/swaps/deals/${deal.id}/approve`, {})).statusCode).toBe(404);
    expect((await w.as.leaderB.post(`/api/swaps/deals/${deal.id}/approve`, {})).statusCode).toBe(404);
    // Another department's queue is refused outright.
    const other = await w.as.per.get(`/api/swaps/deals?view=approval&deptId=${w.a}`);
    expect(other.statusCode).toBe(403);
  });
});

describe("swap offers with the flags off", () => {
  it("answers 404 when swaps are off, and refuses auto-match offers when auto-match is off", async () => {
    const off = await appWithout(["swaps"]);
    try {
      const res = await off.client().get("/api/swaps/market");
      expect([res.statusCode, res.json().error.code]).toEqual([404, "feature_disabled"]);
    } finally {
      await off.close();
    }
    const noAuto = await appWithout(["swapsAutomatch"]);
    try {
      const w = await swapWorld(noAuto);
      const held = await holding(noAuto, w.a, w.ids.kari, 48);
      const res = await w.as.kari.post("/api/swaps/offers", {
        assignmentId: held.assignmentId,
        autoMatch: true,
      });
      expect([res.statusCode, res.json().error.code]).toEqual([422, "swap_automatch_off"]);
      const run = await w.as.leader.post("/api/swaps/automatch", {});
      expect([run.statusCode, run.json().error.code]).toEqual([404, "feature_disabled"]);
    } finally {
      await noAuto.close();
    }
  });
});
