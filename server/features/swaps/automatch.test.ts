import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { osloDate, osloHourToInstant } from "../../../common/domain/oslo-time.ts";
import { swapDeals } from "../../db/schema.ts";
import { assignShiftTo, makeShift } from "../../test/factories.ts";
import { createTestApp, type TestApp } from "../../test/harness.ts";
import { dayMs, offerOf, swapWorld, type World } from "./helpers.test-support.ts";

describe("auto-match", () => {
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    t = await createTestApp();
    w = await swapWorld(t);
  });
  afterAll(() => t.close());

  /** A shift `userId` holds on day `d` (from a day 30 days ahead), `from` to `to` o'clock Oslo. */
  async function held(userId: string, d: number, from: number, to: number) {
    const day = osloDate(new Date(Date.now() + (30 + d) * dayMs));
    const startsAt = osloHourToInstant(day, from);
    const endsAt = to > from ? osloHourToInstant(day, to) : osloHourToInstant(day, to, 1);
    const shift = await makeShift(t, {
      dept: w.a,
      kind: "roster",
      status: "assigned",
      startsAt,
      hours: (endsAt.getTime() - startsAt.getTime()) / 3_600_000,
    });
    await assignShiftTo(t, shift.id, userId);
    const client = Object.entries(w.ids).find(([, id]) => id === userId)![0] as keyof World["as"];
    const [{ assignmentId }] = (await w.as[client].get("/api/swaps/assignments"))
      .json()
      .assignments.filter((a: { shiftId: string }) => a.shiftId === shift.id);
    return { client, assignmentId: assignmentId as string };
  }

  it("pairs exactly the compatible offers, and a second run adds none", async () => {
    const make = async (h: Awaited<ReturnType<typeof held>>, extra: Record<string, unknown> = {}) =>
      (await offerOf(w.as[h.client], h.assignmentId, { autoMatch: true, visibility: "private", ...extra }))
        .id;
    const k1 = await make(await held(w.ids.kari, 0, 7, 15));
    const o1 = await make(await held(w.ids.ola, 10, 7, 15));
    // Kari wants a night; the only night is the leader's, which ends 4 hours before her k1: too little rest.
    await make(await held(w.ids.kari, 5, 7, 15), { wantTimeTags: ["natt"] });
    const l1 = await make(await held(w.ids.lise, 15, 7, 15));
    await make(await held(w.ids.leader, -1, 23, 3));
    // Not auto-match: never paired.
    await make(await held(w.ids.ola, 20, 7, 15), { autoMatch: false });

    // Staff may not run it.
    expect((await w.as.kari.post("/api/swaps/automatch", {})).statusCode).toBe(403);
    const run = await w.as.leader.post("/api/swaps/automatch", {});
    expect(run.json()).toEqual({ created: 2 });
    const deals = await t.ctx.db
      .select({ offerId: swapDeals.offerId, proposerId: swapDeals.proposerId })
      .from(swapDeals)
      .where(
        and(eq(swapDeals.deptId, w.a), eq(swapDeals.source, "auto"), eq(swapDeals.status, "waiting_leader")),
      );
    expect(deals.sort((a, b) => a.offerId.localeCompare(b.offerId))).toEqual(
      [
        { offerId: k1, proposerId: w.ids.ola },
        { offerId: l1, proposerId: w.ids.leader },
      ].sort((a, b) => a.offerId.localeCompare(b.offerId)),
    );
    expect((await w.as.admin.post("/api/swaps/automatch", {})).json()).toEqual({ created: 0 });
    // Two runs at once do not double-create.
    const both = await Promise.all([
      w.as.leader.post("/api/swaps/automatch", {}),
      w.as.admin.post("/api/swaps/automatch", {}),
    ]);
    expect(both.map((r) => r.json().created)).toEqual([0, 0]);
    // The leaders' queue has them, for the admin (the leader is a party to one).
    const queue = (await w.as.admin.get("/api/swaps/deals?view=approval")).json().deals;
    expect(queue).toHaveLength(2);
    expect((await w.as.leader.get("/api/swaps/counts")).json().waitingForMe).toBe(1);

    // Approved, the exchange settles both offers of the pair: each shift changed hands.
    const kariOla = queue.find((d: { offerId: string }) => d.offerId === k1);
    expect((await w.as.admin.post(`/api/swaps/deals/${kariOla.id}/approve`, {})).statusCode).toBe(200);
    const mine = async (who: "kari" | "ola") => (await w.as[who].get("/api/swaps/offers/mine")).json().offers;
    expect((await mine("kari")).find((o: { id: string }) => o.id === k1).status).toBe("matched");
    expect((await mine("ola")).find((o: { id: string }) => o.id === o1).status).toBe("matched");
  });
});
