import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminAuditLog,
  competences,
  shiftAssignments,
  shiftCompetences,
  swapOffers,
} from "../../db/schema.ts";
import { makeShift, makeStaff, signedInClient } from "../../test/factories.ts";
import { createTestApp, type TestApp } from "../../test/harness.ts";
import {
  holding,
  hourMs,
  notificationTypesOf,
  offerOf,
  swapWorld,
  type World,
} from "./helpers.test-support.ts";

describe("swap deals", () => {
  let t: TestApp;
  let w: World;
  /** Hours ahead, far apart per test so nobody's rest rule meets another test's shifts. */
  let slot = 24;
  const next = () => {
    slot += 72;
    return slot;
  };

  beforeAll(async () => {
    t = await createTestApp();
    w = await swapWorld(t);
  });
  afterAll(() => t.close());

  const holderOf = async (assignmentId: string) =>
    (await t.ctx.db.select().from(shiftAssignments).where(eq(shiftAssignments.id, assignmentId)))[0]!;

  it("a give-away: Ola claims, Kari accepts, the leader approves and the shift is Ola's", async () => {
    const kari = await holding(t, w.a, w.ids.kari, next());
    const offer = await offerOf(w.as.kari, kari.assignmentId, { requireSwap: false });
    const market = (await w.as.ola.get("/api/swaps/market")).json().offers;
    expect(market.find((o: { id: string }) => o.id === offer.id)).toMatchObject({
      can: { propose: false, claim: true },
      blockedReason: null,
      myDealId: null,
    });
    const claim = await w.as.ola.post(`/api/swaps/offers/${offer.id}/deals`, {});
    expect(claim.statusCode).toBe(201);
    const deal = claim.json();
    expect(deal).toMatchObject({
      status: "waiting_owner",
      source: "claim",
      proposerShift: null,
      can: { withdraw: true },
    });
    const again = await w.as.ola.post(`/api/swaps/offers/${offer.id}/deals`, {});
    expect([again.statusCode, again.json().error.code]).toEqual([409, "swap_deal_exists"]);
    expect(await notificationTypesOf(t, w.ids.kari)).toContain("swap_matched_proposed");
    expect((await w.as.kari.get("/api/swaps/counts")).json().waitingForMe).toBeGreaterThanOrEqual(1);

    // The leader cannot decide before the owner has answered.
    expect((await w.as.leader.post(`/api/swaps/deals/${deal.id}/approve`, {})).statusCode).toBe(403);
    const accepted = await w.as.kari.post(`/api/swaps/deals/${deal.id}/accept`);
    expect(accepted.json()).toMatchObject({ status: "waiting_leader", can: { answer: false } });
    expect(await notificationTypesOf(t, w.ids.leader)).toContain("swap_ready_for_leader");
    const queue = (await w.as.leader.get("/api/swaps/deals?view=approval")).json().deals;
    expect(queue.find((d: { id: string }) => d.id === deal.id)).toMatchObject({ can: { decide: true } });
    // Staff do not see the queue.
    expect((await w.as.lise.get("/api/swaps/deals?view=approval")).statusCode).toBe(403);

    const approved = await w.as.leader.post(`/api/swaps/deals/${deal.id}/approve`, { note: "Ok" });
    expect(approved.json()).toMatchObject({
      status: "approved",
      note: "Ok",
      decidedBy: { userId: w.ids.leader },
    });
    const moved = await holderOf(kari.assignmentId);
    expect(moved).toMatchObject({ userId: w.ids.ola, method: "swap" });
    expect(await notificationTypesOf(t, w.ids.ola)).toContain("swap_approved");
    expect(await notificationTypesOf(t, w.ids.kari)).toContain("swap_approved");
    const [row] = await t.ctx.db.select().from(swapOffers).where(eq(swapOffers.id, offer.id));
    expect(row!.status).toBe("matched");
    const history = (await w.as.kari.get("/api/swaps/history")).json().items;
    expect(history[0]).toMatchObject({ kind: "deal", deal: { id: deal.id, status: "approved" } });
    const audit = await t.ctx.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, deal.id));
    expect(audit).toHaveLength(1);

    // Decided: a second decision is refused with 409, not 403.
    const twice = await w.as.leader.post(`/api/swaps/deals/${deal.id}/approve`, {});
    expect([twice.statusCode, twice.json().error.code]).toEqual([409, "swap_deal_decided"]);
    expect((await w.as.admin.post(`/api/swaps/deals/${deal.id}/reject`, {})).statusCode).toBe(409);
  });

  it("a swap: both assignments are exchanged and a competing proposal ends as rejected", async () => {
    const kari = await holding(t, w.a, w.ids.kari, next());
    const ola = await holding(t, w.a, w.ids.ola, next());
    const lise = await holding(t, w.a, w.ids.lise, next());
    const offer = await offerOf(w.as.kari, kari.assignmentId);
    const missing = await w.as.ola.post(`/api/swaps/offers/${offer.id}/deals`, {});
    expect([missing.statusCode, missing.json().error.code]).toEqual([422, "swap_assignment_required"]);
    // Proposing with an assignment that is not mine is refused.
    const notMine = await w.as.ola.post(`/api/swaps/offers/${offer.id}/deals`, {
      assignmentId: lise.assignmentId,
    });
    expect([notMine.statusCode, notMine.json().error.code]).toEqual([422, "swap_assignment_not_found"]);
    const mine = (await w.as.ola.get(`/api/swaps/assignments?forOffer=${offer.id}`)).json().assignments;
    expect(mine.find((m: { assignmentId: string }) => m.assignmentId === ola.assignmentId)).toMatchObject({
      blockedReason: null,
      openOfferId: null,
    });

    const byOla = (
      await w.as.ola.post(`/api/swaps/offers/${offer.id}/deals`, { assignmentId: ola.assignmentId })
    ).json();
    const byLise = (
      await w.as.lise.post(`/api/swaps/offers/${offer.id}/deals`, { assignmentId: lise.assignmentId })
    ).json();
    expect(byOla).toMatchObject({ source: "proposal", proposerShift: { assignmentId: ola.assignmentId } });
    await w.as.kari.post(`/api/swaps/deals/${byOla.id}/accept`);
    await w.as.leader.post(`/api/swaps/deals/${byOla.id}/approve`, {});
    expect((await holderOf(kari.assignmentId)).userId).toBe(w.ids.ola);
    expect((await holderOf(ola.assignmentId)).userId).toBe(w.ids.kari);
    const lost = (await w.as.lise.get("/api/swaps/history")).json().items;
    expect(lost[0]).toMatchObject({
      kind: "deal",
      deal: { id: byLise.id, status: "rejected", note: expect.any(String) },
    });
    expect(await notificationTypesOf(t, w.ids.lise)).toContain("swap_rejected");
  });

  it("the owner declines, the proposer withdraws", async () => {
    const kari = await holding(t, w.a, w.ids.kari, next());
    const offer = await offerOf(w.as.kari, kari.assignmentId, { requireSwap: false });
    const d1 = (await w.as.ola.post(`/api/swaps/offers/${offer.id}/deals`, {})).json();
    expect((await w.as.ola.post(`/api/swaps/deals/${d1.id}/accept`)).statusCode).toBe(403);
    const declined = await w.as.kari.post(`/api/swaps/deals/${d1.id}/decline`);
    expect(declined.json()).toMatchObject({ status: "rejected", note: "Eieren av tilbudet avslo." });
    expect(await notificationTypesOf(t, w.ids.ola)).toContain("swap_declined");
    const d2 = (await w.as.ola.post(`/api/swaps/offers/${offer.id}/deals`, {})).json();
    expect((await w.as.kari.post(`/api/swaps/deals/${d2.id}/withdraw`)).statusCode).toBe(403);
    const withdrawn = await w.as.ola.post(`/api/swaps/deals/${d2.id}/withdraw`);
    expect(withdrawn.json()).toMatchObject({ status: "withdrawn" });
    expect(await notificationTypesOf(t, w.ids.kari)).toContain("swap_withdrawn");
    expect((await w.as.ola.post(`/api/swaps/deals/${d2.id}/withdraw`)).statusCode).toBe(409);
    expect((await w.as.ola.get("/api/swaps/deals?view=waiting")).json().deals).toEqual([]);
  });

  it("staff cannot approve, and a leader cannot approve a deal they are part of", async () => {
    const leader = await holding(t, w.a, w.ids.leader, next());
    const offer = await offerOf(w.as.leader, leader.assignmentId, { requireSwap: false });
    const deal = (await w.as.kari.post(`/api/swaps/offers/${offer.id}/deals`, {})).json();
    await w.as.leader.post(`/api/swaps/deals/${deal.id}/accept`);
    const own = await w.as.leader.post(`/api/swaps/deals/${deal.id}/approve`, {});
    expect([own.statusCode, own.json().error.code]).toEqual([403, "swap_own_deal"]);
    const party = await w.as.kari.post(`/api/swaps/deals/${deal.id}/approve`, {});
    expect([party.statusCode, party.json().error.code]).toEqual([403, "swap_own_deal"]);
    // Staff who are no party do not see it at all.
    expect((await w.as.ola.post(`/api/swaps/deals/${deal.id}/approve`, {})).statusCode).toBe(404);
    const rejected = await w.as.admin.post(`/api/swaps/deals/${deal.id}/reject`, { note: "Nei" });
    expect(rejected.json()).toMatchObject({ status: "rejected", note: "Nei" });
    expect((await holderOf(leader.assignmentId)).userId).toBe(w.ids.leader);
  });

  it("refuses, at proposal and at approval, an exchange that leaves someone 6 hours of rest", async () => {
    const at = next();
    const kari = await holding(t, w.a, w.ids.kari, at, 8);
    const offer = await offerOf(w.as.kari, kari.assignmentId, { requireSwap: false });
    // Ola's own shift ends 6 hours before Kari's starts: he may not claim it.
    await holding(t, w.a, w.ids.ola, at - 14, 8);
    const market = (await w.as.ola.get("/api/swaps/market")).json().offers;
    expect(market.find((o: { id: string }) => o.id === offer.id).blockedReason).toMatch(/^Du: .*hvile/);
    const refused = await w.as.ola.post(`/api/swaps/offers/${offer.id}/deals`, {});
    expect([refused.statusCode, refused.json().error.code]).toEqual([422, "swap_ineligible"]);
    expect(refused.json().error.message).toContain("hvile");
    // Lise claims while free; then she gets a shift 6 hours after it ends: approval is refused, naming her.
    const deal = (await w.as.lise.post(`/api/swaps/offers/${offer.id}/deals`, {})).json();
    await w.as.kari.post(`/api/swaps/deals/${deal.id}/accept`);
    await holding(t, w.a, w.ids.lise, at + 14, 8);
    const res = await w.as.leader.post(`/api/swaps/deals/${deal.id}/approve`, {});
    expect([res.statusCode, res.json().error.code]).toEqual([422, "swap_ineligible"]);
    expect(res.json().error.message).toContain(w.names.lise);
    expect(res.json().error.message).toContain("hvile");
    expect((await holderOf(kari.assignmentId)).userId).toBe(w.ids.kari);
  });

  describe("the working-time and competence rules", () => {
    /** A new staff member of A, so what they hold is this test's alone. */
    const newcomer = async (name: string) => {
      const made = await makeStaff(t, { role: "staff", dept: w.a, active: true, name });
      return { ...made, client: await signedInClient(t, made.userId) };
    };
    /** A week or more between tests' shifts: their overtime never meets. */
    const weekAway = () => {
      slot += 24 * 14;
      return slot;
    };

    it("refuses a give-away whose shift requires a competence the claimer lacks, in the market and at proposal", async () => {
      const [owner, lacking] = [await newcomer("Eier Eiersen"), await newcomer("Uten Kompetanse")];
      const given = await holding(t, w.a, owner.userId, weekAway());
      const [required] = await t.ctx.db
        .insert(competences)
        .values({ deptId: w.a, name: "Operasjonssykepleier" })
        .returning();
      await t.ctx.db.insert(shiftCompetences).values({ shiftId: given.shiftId, competenceId: required!.id });
      const offer = await offerOf(owner.client, given.assignmentId, { requireSwap: false });
      const reason = "Du: Mangler kompetanse: Operasjonssykepleier";
      const market = (await lacking.client.get("/api/swaps/market")).json().offers;
      expect(market.find((o: { id: string }) => o.id === offer.id).blockedReason).toBe(reason);
      const refused = await lacking.client.post(`/api/swaps/offers/${offer.id}/deals`, {});
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error).toEqual({ code: "swap_ineligible", message: reason });
    });

    it("counts a give-away taken as overtime: refused at approval once it would pass the limit", async () => {
      const [owner, taker] = [await newcomer("Gir Bort"), await newcomer("Tar Over")];
      const at = weekAway();
      const given = await holding(t, w.a, owner.userId, at);
      const offer = await offerOf(owner.client, given.assignmentId, { requireSwap: false });
      // Eight hours of overtime: within the law's 10 in 7 days.
      const claim = await taker.client.post(`/api/swaps/offers/${offer.id}/deals`, {});
      expect(claim.statusCode).toBe(201);
      await owner.client.post(`/api/swaps/deals/${claim.json().id}/accept`);
      // Then an extra shift two days before it: 16 hours.
      await holding(t, w.a, taker.userId, at - 48, 8, "Nattevakt", "extra");
      const res = await w.as.leader.post(`/api/swaps/deals/${claim.json().id}/approve`, {});
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toEqual({
        code: "swap_ineligible",
        message: `${taker.fullName}: Overtid 16 t siste 7 dager (grense 10 t)`,
      });
      expect((await holderOf(given.assignmentId)).userId).toBe(owner.userId);
    });

    it("counts a roster shift taken in a give-away as additional work afterwards", async () => {
      const [owner, taker] = [await newcomer("Gir Vakt"), await newcomer("Tar Vakt")];
      const at = weekAway();
      const given = await holding(t, w.a, owner.userId, at);
      const offer = await offerOf(owner.client, given.assignmentId, { requireSwap: false });
      const claim = (await taker.client.post(`/api/swaps/offers/${offer.id}/deals`, {})).json();
      await owner.client.post(`/api/swaps/deals/${claim.id}/accept`);
      expect((await w.as.leader.post(`/api/swaps/deals/${claim.id}/approve`, {})).statusCode).toBe(200);
      // An extra shift two days later: with the roster shift taken, 16 hours overtime in 7 days.
      const extra = await makeShift(t, { dept: w.a, startsAt: new Date(Date.now() + (at + 48) * hourMs) });
      const check = (await taker.client.get(`/api/shifts/${extra.id}/eligibility`)).json();
      expect(check.refusals).toEqual(["Overtid 16 t siste 7 dager (grense 10 t)"]);
      // The owner, who gave it away, holds nothing there.
      expect((await owner.client.get(`/api/shifts/${extra.id}/eligibility`)).json().may).toBe(true);
    });

    it("counts a roster shift received in an exchange as no overtime", async () => {
      const [owner, other] = [await newcomer("Bytter En"), await newcomer("Bytter To")];
      const at = weekAway();
      const ownerShift = await holding(t, w.a, owner.userId, at);
      const otherShift = await holding(t, w.a, other.userId, at + 24 * 5);
      await holding(t, w.a, other.userId, at - 48, 8, "Nattevakt", "extra");
      const offer = await offerOf(owner.client, ownerShift.assignmentId);
      const res = await other.client.post(`/api/swaps/offers/${offer.id}/deals`, {
        assignmentId: otherShift.assignmentId,
      });
      expect(res.statusCode).toBe(201);
    });
  });

  it("refuses an approval when an assignment changed hands", async () => {
    const kari = await holding(t, w.a, w.ids.kari, next());
    const ola = await holding(t, w.a, w.ids.ola, next());
    const offer = await offerOf(w.as.kari, kari.assignmentId);
    const deal = (
      await w.as.ola.post(`/api/swaps/offers/${offer.id}/deals`, { assignmentId: ola.assignmentId })
    ).json();
    await w.as.kari.post(`/api/swaps/deals/${deal.id}/accept`);
    await t.ctx.db
      .update(shiftAssignments)
      .set({ userId: w.ids.lise })
      .where(eq(shiftAssignments.id, ola.assignmentId));
    const res = await w.as.leader.post(`/api/swaps/deals/${deal.id}/approve`, {});
    expect([res.statusCode, res.json().error.code]).toEqual([409, "swap_assignment_changed"]);
  });

  it("settles the proposer's own open offer on the shift they gave as matched", async () => {
    const kari = await holding(t, w.a, w.ids.kari, next());
    const ola = await holding(t, w.a, w.ids.ola, next());
    const offer = await offerOf(w.as.kari, kari.assignmentId);
    const olasOffer = await offerOf(w.as.ola, ola.assignmentId);
    const deal = (
      await w.as.ola.post(`/api/swaps/offers/${offer.id}/deals`, { assignmentId: ola.assignmentId })
    ).json();
    await w.as.kari.post(`/api/swaps/deals/${deal.id}/accept`);
    expect((await w.as.leader.post(`/api/swaps/deals/${deal.id}/approve`, {})).statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(swapOffers).where(eq(swapOffers.id, olasOffer.id));
    expect(row!.status).toBe("matched");
  });

  it("two simultaneous claims on one give-away end with exactly one approved deal", async () => {
    const kari = await holding(t, w.a, w.ids.kari, next());
    const offer = await offerOf(w.as.kari, kari.assignmentId, { requireSwap: false });
    const [a, b] = await Promise.all([
      w.as.ola.post(`/api/swaps/offers/${offer.id}/deals`, {}),
      w.as.lise.post(`/api/swaps/offers/${offer.id}/deals`, {}),
    ]);
    const deals = [a.json(), b.json()];
    for (const d of deals) await w.as.kari.post(`/api/swaps/deals/${d.id}/accept`);
    const results = await Promise.all(
      deals.map((d, i) => (i === 0 ? w.as.leader : w.as.admin).post(`/api/swaps/deals/${d.id}/approve`, {})),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    const statuses = await Promise.all(
      deals.map(
        async (d) =>
          (await w.as.kari.get("/api/swaps/history"))
            .json()
            .items.find((i: { deal?: { id: string } }) => i.deal?.id === d.id)?.deal.status,
      ),
    );
    expect(statuses.sort()).toEqual(["approved", "rejected"]);
  });

  it("answers 404 for a deal that does not exist", async () => {
    expect((await w.as.kari.post(`/api/swaps/deals/${randomUUID()}/accept`)).statusCode).toBe(404);
  });
});
