import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { topics } from "../../../common/schemas/realtime.ts";
import { shiftAssignments, shifts, swapDeals, swapOffers } from "../../db/schema.ts";
import type { BusEvent } from "../../platform/events.ts";
import { JobRunner } from "../../platform/jobs.ts";
import { createTestApp, type TestApp } from "../../test/harness.ts";
import { holding, hourMs, offerOf, swapWorld, type World } from "./helpers.test-support.ts";
import { closeStartedOffersJob } from "./jobs.ts";

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

describe("swaps: counts, realtime, the close job, query counts", () => {
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    t = await createTestApp();
    w = await swapWorld(t);
  });
  afterAll(() => t.close());

  async function heardDuring(topicList: string[], act: () => Promise<unknown>) {
    const heard: BusEvent[] = [];
    const stops = topicList.map((topic) => t.ctx.bus.subscribe(topic, (e) => heard.push(e)));
    await act();
    await settle();
    for (const stop of stops) stop();
    return heard.filter((e) => e.type.startsWith("swap.")).map((e) => [e.topic, e.type, e.payload]);
  }

  it("tells the department of its market and the people of their deals", async () => {
    const kari = await holding(t, w.a, w.ids.kari, 50);
    let offerId = "";
    let dealId = "";
    const dept = topics.dept(w.a);
    const heard = await heardDuring(
      [dept, topics.dept(w.b), topics.user(w.ids.kari), topics.user(w.ids.ola), topics.user(w.ids.leader)],
      async () => {
        offerId = (await offerOf(w.as.kari, kari.assignmentId, { requireSwap: false })).id;
        dealId = (await w.as.ola.post(`/api/swaps/offers/${offerId}/deals`, {})).json().id;
        await w.as.kari.post(`/api/swaps/deals/${dealId}/accept`);
        await w.as.leader.post(`/api/swaps/deals/${dealId}/approve`, {});
      },
    );
    const deal = (user: string) => [topics.user(user), "swap.dealsChanged", { dealId }];
    expect(heard).toEqual([
      [dept, "swap.offersChanged", { deptId: w.a, openDeptOffers: 1 }],
      deal(w.ids.kari),
      deal(w.ids.ola),
      // accepted: it now waits for the leaders
      deal(w.ids.kari),
      deal(w.ids.ola),
      deal(w.ids.leader),
      // approved: it stops waiting for them
      deal(w.ids.kari),
      deal(w.ids.ola),
      deal(w.ids.leader),
      [dept, "swap.offersChanged", { deptId: w.a, openDeptOffers: 0 }],
    ]);
  });

  it("counts the market and what waits for me", async () => {
    // A week and more after the give-away Ola took above: 16 hours overtime in 7 days would refuse him.
    const kari = await holding(t, w.a, w.ids.kari, 250);
    const offer = await offerOf(w.as.kari, kari.assignmentId, { requireSwap: false });
    // A private offer is not on the market.
    await offerOf(w.as.kari, (await holding(t, w.a, w.ids.kari, 300)).assignmentId, {
      visibility: "private",
    });
    expect((await w.as.ola.get("/api/swaps/counts")).json()).toEqual({ market: 1, waitingForMe: 0 });
    const deal = (await w.as.ola.post(`/api/swaps/offers/${offer.id}/deals`, {})).json();
    expect((await w.as.kari.get("/api/swaps/counts")).json()).toEqual({ market: 1, waitingForMe: 1 });
    expect((await w.as.leader.get("/api/swaps/counts")).json().waitingForMe).toBe(0);
    await w.as.kari.post(`/api/swaps/deals/${deal.id}/accept`);
    expect((await w.as.kari.get("/api/swaps/counts")).json().waitingForMe).toBe(0);
    expect((await w.as.leader.get("/api/swaps/counts")).json().waitingForMe).toBe(1);
    expect((await w.as.lise.get("/api/swaps/counts")).json().waitingForMe).toBe(0);
  });

  it("closes offers whose shift has started, with their waiting deals", async () => {
    const kari = await holding(t, w.a, w.ids.kari, 400);
    const offer = await offerOf(w.as.kari, kari.assignmentId, { requireSwap: false });
    const deal = (await w.as.lise.post(`/api/swaps/offers/${offer.id}/deals`, {})).json();
    // The shift starts: it moves into the past.
    const past = new Date(Date.now() - hourMs);
    await t.ctx.db
      .update(shifts)
      .set({ startsAt: past, endsAt: new Date(past.getTime() + 8 * hourMs) })
      .where(eq(shifts.id, kari.shiftId));
    // The job as the app builds it, with a `notify` that records what it was asked to send.
    const told: [readonly string[], string][] = [];
    const job = closeStartedOffersJob(async (_tx, _events, recipients, type) => {
      told.push([recipients, type]);
    });
    const runner = new JobRunner({ db: t.ctx.db, bus: t.ctx.bus, clock: t.ctx.clock, log: t.ctx.log }, [job]);
    await runner.runNow(job.name);
    await runner.runNow(job.name);
    await runner.stop();
    const [o] = await t.ctx.db.select().from(swapOffers).where(eq(swapOffers.id, offer.id));
    expect([o!.status, o!.closedAt]).toEqual(["cancelled", expect.any(Date)]);
    const [d] = await t.ctx.db.select().from(swapDeals).where(eq(swapDeals.id, deal.id));
    expect([d!.status, d!.note]).toEqual(["rejected", "Vakten har startet."]);
    expect(told).toEqual([[[w.ids.lise, w.ids.kari], "swap_closed"]]);
    const history = (await w.as.kari.get("/api/swaps/history")).json().items;
    expect(history).toContainEqual(
      expect.objectContaining({ kind: "offer", offer: expect.objectContaining({ id: offer.id }) }),
    );
  });

  it("pages the market soonest first, and costs the same queries for 50 offers as for 5", async () => {
    const owners = [w.ids.kari, w.ids.lise, w.ids.leader];
    for (let i = 0; i < 55; i++) {
      const owner = owners[i % owners.length]!;
      const held = await holding(t, w.a, owner, 1000 + 24 * (55 - i));
      const client = owner === w.ids.kari ? w.as.kari : owner === w.ids.lise ? w.as.lise : w.as.leader;
      await offerOf(client, held.assignmentId, { requireSwap: i % 2 === 0 });
    }
    const queries = async (url: string) => {
      const client = (t.ctx.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
      const original = client.query;
      let n = 0;
      client.query = function counted(this: unknown, ...args: unknown[]) {
        n++;
        return original.apply(this, args);
      };
      try {
        return { n, body: (await w.as.ola.get(url)).json() };
      } finally {
        client.query = original;
      }
    };
    const full = await queries("/api/swaps/market");
    const small = await queries("/api/swaps/market?limit=5");
    expect(full.body.offers).toHaveLength(50);
    expect(small.body.offers).toHaveLength(5);
    expect(full.n).toBe(small.n);
    const starts = full.body.offers.map((o: { shift: { startsAt: string } }) => o.shift.startsAt);
    expect(starts).toEqual([...starts].sort());
    expect(full.body.nextOffset).toBe(50);
    const rest = (await w.as.ola.get("/api/swaps/market?offset=50")).json();
    expect(rest.nextOffset).toBeNull();
    // Ola's view of the market: his own offers are never on it.
    const own = await holding(t, w.a, w.ids.ola, 5000);
    const olas = await offerOf(w.as.ola, own.assignmentId);
    const ids = [...full.body.offers, ...rest.offers].map((o: { id: string }) => o.id);
    expect(ids).not.toContain(olas.id);
    await t.ctx.db.delete(shiftAssignments).where(eq(shiftAssignments.id, own.assignmentId));
  });
});
