/**
 * A deal's life (decisions.md § Swaps): proposed or claimed on an open offer, answered
 * by the offer's owner, decided by a leader. Every step locks the offer's row and then
 * the deal's, always in that order, so two steps on one offer wait for each other and
 * the second finds the first's result (409) instead of acting on a stale picture.
 *
 * The working-time and competence rules are checked when someone proposes (so nobody
 * waits for an impossible exchange) and again at approval, under the locks, against what
 * both people hold then; an approval also requires both assignments to be where the deal
 * says.
 */
import { and, eq, inArray } from "drizzle-orm";
import { ui } from "../../../common/texts/index.ts";
import type { Tx } from "../../db/client.ts";
import { shiftAssignments, shifts, swapDeals, swapOffers } from "../../db/schema.ts";
import { recordAudit } from "../../platform/audit.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError, conflict, forbidden, unprocessable } from "../../platform/errors.ts";
import { leadersAndAdminsOf, nameOfUser } from "../../platform/people.ts";
import { type TxEvents, withTx } from "../../platform/tx.ts";
import type { DealRowDb, OfferRowDb } from "./access.ts";
import { announceDeal, announceMarket } from "./events.ts";
import { blockedReason, swapJudging } from "./held.ts";
import type { Notify } from "./notify.ts";
import { swapRefOf } from "./notify.ts";
import { closeOfferLocked, closeWaitingDeals, lockOpenOffer, myFutureAssignment } from "./offers.ts";
import { waitingStatuses } from "./present.ts";

export interface DealDeps {
  ctx: AppContext;
  notify: Notify;
}

/** An assignment with its shift and holder, locked. */
async function lockAssignment(tx: Tx, assignmentId: string) {
  const [row] = await tx
    .select({
      id: shiftAssignments.id,
      userId: shiftAssignments.userId,
      shiftId: shifts.id,
      title: shifts.title,
      startsAt: shifts.startsAt,
      endsAt: shifts.endsAt,
    })
    .from(shiftAssignments)
    .innerJoin(shifts, eq(shifts.id, shiftAssignments.shiftId))
    .where(eq(shiftAssignments.id, assignmentId))
    .for("update", { of: shiftAssignments });
  return row ?? null;
}
type LockedAssignment = NonNullable<Awaited<ReturnType<typeof lockAssignment>>>;

/**
 * Whether the working-time or competence rules refuse either person what they receive,
 * each judged against what they hold now less what they give, by the department's
 * limits: 422 `swap_ineligible` with the reasons.
 */
async function checkExchange(
  tx: Tx,
  deps: DealDeps,
  deptId: string,
  owner: { id: string; name: string; gives: LockedAssignment },
  proposer: { id: string; name: string; gives: LockedAssignment | null },
) {
  const inQuestion = proposer.gives ? [owner.gives, proposer.gives] : [owner.gives];
  const judging = await swapJudging(
    tx,
    deptId,
    [owner.id, proposer.id],
    inQuestion,
    deps.ctx.config.minRestHours,
  );
  const reason =
    blockedReason(judging, proposer.name, proposer.id, owner.gives, proposer.gives?.shiftId ?? null) ??
    (proposer.gives
      ? blockedReason(judging, owner.name, owner.id, proposer.gives, owner.gives.shiftId)
      : null);
  if (reason) throw new AppError(422, "swap_ineligible", reason);
}

/** 'Foreslå bytte' (my assignment in exchange) or 'Meld interesse' (none, on a give-away). */
export function proposeDeal(
  deps: DealDeps,
  userId: string,
  offerId: string,
  assignmentId: string | undefined,
): Promise<string> {
  const { ctx, notify } = deps;
  return withTx(ctx, async (tx, events) => {
    const now = ctx.clock.now();
    const offer = await lockOpenOffer(tx, offerId);
    if (offer.requireSwap && !assignmentId) throw unprocessable("swap_assignment_required");
    if (!offer.requireSwap && assignmentId) throw unprocessable("swap_giveaway_takes_no_shift");
    const [mine] = await tx
      .select({ id: swapDeals.id })
      .from(swapDeals)
      .where(
        and(
          eq(swapDeals.offerId, offerId),
          eq(swapDeals.proposerId, userId),
          inArray(swapDeals.status, [...waitingStatuses]),
        ),
      );
    if (mine) throw conflict("swap_deal_exists");
    const offered = await lockAssignment(tx, offer.fromAssignmentId);
    if (!offered || offered.startsAt <= now) throw conflict("swap_shift_started");
    const given = assignmentId
      ? await lockAssignment(tx, await myFutureAssignment(tx, userId, offer.deptId, assignmentId, now))
      : null;
    await checkExchange(
      tx,
      deps,
      offer.deptId,
      { id: offer.ownerId, name: await nameOfUser(tx, offer.ownerId), gives: offered },
      { id: userId, name: ui.swaps.you, gives: given },
    );
    const [deal] = await tx
      .insert(swapDeals)
      .values({
        offerId,
        deptId: offer.deptId,
        ownerId: offer.ownerId,
        proposerId: userId,
        ownerAssignmentId: offer.fromAssignmentId,
        proposerAssignmentId: given?.id ?? null,
        source: given ? "proposal" : "claim",
        status: "waiting_owner",
      })
      .returning();
    announceDeal(events, deal!);
    await notify(tx, events, [offer.ownerId], "swap_matched_proposed", await swapRefOf(tx, deal!));
    return deal!.id;
  });
}

/** Locks the deal's offer, then the deal; a deal no longer waiting in `statuses` answers 409. */
async function lockDeal(
  tx: Tx,
  dealId: string,
  statuses: readonly DealRowDb["status"][],
): Promise<{ offer: OfferRowDb; deal: DealRowDb }> {
  const [ref] = await tx
    .select({ offerId: swapDeals.offerId })
    .from(swapDeals)
    .where(eq(swapDeals.id, dealId));
  const [offer] = await tx.select().from(swapOffers).where(eq(swapOffers.id, ref!.offerId)).for("update");
  const [deal] = await tx.select().from(swapDeals).where(eq(swapDeals.id, dealId)).for("update");
  if (!statuses.includes(deal!.status)) throw conflict("swap_deal_decided");
  return { offer: offer!, deal: deal! };
}

/** 'Godta': the deal goes to the department's leaders. */
export function acceptDeal(deps: DealDeps, dealId: string) {
  return withTx(deps.ctx, async (tx, events) => {
    const { offer, deal } = await lockDeal(tx, dealId, ["waiting_owner"]);
    if (offer.status !== "open") throw conflict("swap_offer_not_open");
    await tx
      .update(swapDeals)
      .set({ status: "waiting_leader", answeredAt: deps.ctx.clock.now() })
      .where(eq(swapDeals.id, dealId));
    const leaders = (await leadersAndAdminsOf(tx, deal.deptId)).filter(
      (id) => id !== deal.ownerId && id !== deal.proposerId,
    );
    announceDeal(events, deal, leaders);
    await deps.notify(tx, events, leaders, "swap_ready_for_leader", await swapRefOf(tx, deal));
  });
}

/** 'Avslå' by the owner. */
export function declineDeal(deps: DealDeps, dealId: string) {
  return withTx(deps.ctx, async (tx, events) => {
    const { deal } = await lockDeal(tx, dealId, ["waiting_owner"]);
    const now = deps.ctx.clock.now();
    await tx
      .update(swapDeals)
      .set({ status: "rejected", answeredAt: now, decidedAt: now, note: ui.swaps.notes.declined })
      .where(eq(swapDeals.id, dealId));
    announceDeal(events, deal);
    await deps.notify(tx, events, [deal.proposerId], "swap_declined", await swapRefOf(tx, deal));
  });
}

/** 'Trekk tilbake' by the proposer, while it waits. */
export function withdrawDeal(deps: DealDeps, dealId: string) {
  return withTx(deps.ctx, async (tx, events) => {
    const { deal } = await lockDeal(tx, dealId, waitingStatuses);
    await tx
      .update(swapDeals)
      .set({ status: "withdrawn", decidedAt: deps.ctx.clock.now() })
      .where(eq(swapDeals.id, dealId));
    announceDeal(
      events,
      deal,
      deal.status === "waiting_leader" ? await leadersAndAdminsOf(tx, deal.deptId) : [],
    );
    await deps.notify(tx, events, [deal.ownerId], "swap_withdrawn", await swapRefOf(tx, deal));
  });
}

/** 'Godkjent' or 'Avslått' by a leader of the department who is no party to it. */
export function decideDeal(
  deps: DealDeps,
  actorId: string,
  dealId: string,
  decision: { approve: boolean; note?: string | undefined },
) {
  const { ctx, notify } = deps;
  return withTx(ctx, async (tx, events) => {
    const now = ctx.clock.now();
    const { offer, deal } = await lockDeal(tx, dealId, ["waiting_leader"]);
    if (deal.ownerId === actorId || deal.proposerId === actorId) throw forbidden("swap_own_deal");
    const note = decision.note || null;
    if (decision.approve) await exchange(tx, events, deps, offer, deal, now);
    await tx
      .update(swapDeals)
      .set({ status: decision.approve ? "approved" : "rejected", decidedBy: actorId, decidedAt: now, note })
      .where(eq(swapDeals.id, dealId));
    announceDeal(events, deal, await leadersAndAdminsOf(tx, deal.deptId));
    const type = decision.approve ? "swap_approved" : "swap_rejected";
    await notify(tx, events, [deal.ownerId, deal.proposerId], type, await swapRefOf(tx, deal));
    if (decision.approve) {
      await closeWaitingDeals(tx, events, notify, offer.id, {
        note: ui.swaps.notes.competing,
        type: "swap_rejected",
        now,
        except: deal.id,
      });
      if (offer.visibility === "dept") await announceMarket(tx, events, offer.deptId, now);
    }
    await recordAudit(
      tx,
      { userId: actorId },
      "swapDeal.approve",
      { type: "swapDeal", id: deal.id },
      {
        offerId: offer.id,
        deptId: deal.deptId,
        approved: decision.approve,
      },
    );
  });
}

/**
 * The exchange itself: both assignments still where the deal says, nobody refused by
 * the working-time or competence rules; then the holders swap (the receiver's
 * fairness counts from now), the offer is matched, and so is an open offer the proposer
 * had on the shift they gave (an auto-match pairs two offers; either way the shift is
 * gone from them), whose other waiting deals end.
 */
async function exchange(
  tx: Tx,
  events: TxEvents,
  deps: DealDeps,
  offer: OfferRowDb,
  deal: DealRowDb,
  now: Date,
) {
  if (offer.status !== "open") throw conflict("swap_offer_not_open");
  const ownerGives = await lockAssignment(tx, deal.ownerAssignmentId);
  const proposerGives = deal.proposerAssignmentId
    ? await lockAssignment(tx, deal.proposerAssignmentId)
    : null;
  if (
    ownerGives?.userId !== deal.ownerId ||
    (deal.proposerAssignmentId && proposerGives?.userId !== deal.proposerId)
  )
    throw conflict("swap_assignment_changed");
  if (ownerGives.startsAt <= now || (proposerGives && proposerGives.startsAt <= now))
    throw unprocessable("swap_shift_started");
  await checkExchange(
    tx,
    deps,
    deal.deptId,
    { id: deal.ownerId, name: await nameOfUser(tx, deal.ownerId), gives: ownerGives },
    { id: deal.proposerId, name: await nameOfUser(tx, deal.proposerId), gives: proposerGives },
  );
  const moved = { assignedAt: now, method: "swap" as const };
  await tx
    .update(shiftAssignments)
    .set({ userId: deal.proposerId, ...moved })
    .where(eq(shiftAssignments.id, ownerGives.id));
  if (proposerGives)
    await tx
      .update(shiftAssignments)
      .set({ userId: deal.ownerId, ...moved })
      .where(eq(shiftAssignments.id, proposerGives.id));
  await tx.update(swapOffers).set({ status: "matched", closedAt: now }).where(eq(swapOffers.id, offer.id));
  if (proposerGives) {
    const [theirs] = await tx
      .select()
      .from(swapOffers)
      .where(and(eq(swapOffers.fromAssignmentId, proposerGives.id), eq(swapOffers.status, "open")))
      .for("update");
    if (theirs)
      await closeOfferLocked(tx, events, deps.notify, theirs, {
        note: ui.swaps.notes.shiftSwapped,
        type: "swap_rejected",
        now,
        status: "matched",
      });
  }
}
