/**
 * 'Auto-match' (spec §2, §9 limit 10; decisions.md § Swaps): pairs the department's open
 * auto-match offers whose shifts fit each other's wishes and break nobody's working-time
 * or competence rules (`autoMatch` in common/domain/swap-match.ts), and proposes each pair to the
 * leaders directly (both owners chose auto-match: that is their consent). A pair that
 * already had a deal is never proposed again, so a second run adds none; a lock per
 * department makes two runs at once take turns.
 */
import { and, asc, eq, gt, inArray, or, sql } from "drizzle-orm";
import { swapLimits } from "../../../common/base/limits.ts";
import { autoMatch, type MatchOffer, pairKey } from "../../../common/domain/swap-match.ts";
import type { TimeTag } from "../../../common/schemas/swaps.ts";
import { shiftAssignments, shifts, swapDeals, swapOffers } from "../../db/schema.ts";
import type { AppContext } from "../../platform/context.ts";
import { leadersAndAdminsOf } from "../../platform/people.ts";
import { withTx } from "../../platform/tx.ts";
import { announceDeal } from "./events.ts";
import { partyOf, swapJudging, swapShift } from "./held.ts";
import { type Notify, swapRefOf } from "./notify.ts";

export function runAutoMatch(ctx: AppContext, notify: Notify, deptId: string): Promise<number> {
  return withTx(ctx, async (tx, events) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`swaps.automatch:${deptId}`}))`);
    const now = ctx.clock.now();
    const { minRestHours } = ctx.config;
    const offers = await tx
      .select({
        offer: swapOffers,
        shiftId: shifts.id,
        title: shifts.title,
        startsAt: shifts.startsAt,
        endsAt: shifts.endsAt,
      })
      .from(swapOffers)
      .innerJoin(shiftAssignments, eq(shiftAssignments.id, swapOffers.fromAssignmentId))
      .innerJoin(shifts, eq(shifts.id, shiftAssignments.shiftId))
      .where(
        and(
          eq(swapOffers.deptId, deptId),
          eq(swapOffers.status, "open"),
          eq(swapOffers.autoMatch, true),
          eq(shiftAssignments.userId, swapOffers.ownerId),
          gt(shifts.startsAt, now),
        ),
      )
      .orderBy(asc(swapOffers.createdAt), asc(swapOffers.id));
    if (offers.length < 2) return 0;
    const judging = await swapJudging(
      tx,
      deptId,
      offers.map((o) => o.offer.ownerId),
      offers,
      minRestHours,
    );
    // Pairs that already had a deal, in any state (a deal names one offer and the other
    // offer's assignment), and offers whose shift already waits in a deal: one exchange at a time.
    const offerOfAssignment = new Map(offers.map((o) => [o.offer.fromAssignmentId, o.offer.id]));
    const earlier = await tx
      .select({
        offerId: swapDeals.offerId,
        ownerAssignmentId: swapDeals.ownerAssignmentId,
        proposerAssignmentId: swapDeals.proposerAssignmentId,
        status: swapDeals.status,
      })
      .from(swapDeals)
      .where(
        or(
          inArray(
            swapDeals.offerId,
            offers.map((o) => o.offer.id),
          ),
          inArray(swapDeals.proposerAssignmentId, [...offerOfAssignment.keys()]),
        ),
      );
    const excluded = new Set<string>();
    const busy = new Set<string>();
    for (const d of earlier) {
      const other = d.proposerAssignmentId ? offerOfAssignment.get(d.proposerAssignmentId) : undefined;
      if (other) excluded.add(pairKey(d.offerId, other));
      if (d.status === "waiting_owner" || d.status === "waiting_leader")
        for (const id of [d.ownerAssignmentId, d.proposerAssignmentId]) if (id) busy.add(id);
    }
    const candidates: MatchOffer[] = offers
      .filter((o) => !busy.has(o.offer.fromAssignmentId))
      .map((o) => ({
        offerId: o.offer.id,
        ownerId: o.offer.ownerId,
        // An exchange: what each receives is additional only when it is an extra shift.
        shift: swapShift(judging, o, false),
        wishes: {
          wantDateFrom: o.offer.wantDateFrom,
          wantDateTo: o.offer.wantDateTo,
          wantTimeTags: o.offer.wantTimeTags as TimeTag[],
          wantWeekdays: o.offer.wantWeekdays,
        },
        owner: partyOf(judging, o.offer.ownerId),
      }));
    const pairs = autoMatch(candidates, { limit: swapLimits.autoMatch, rules: judging.rules, excluded });
    if (pairs.length === 0) return 0;
    const assignmentOf = new Map(offers.map((o) => [o.offer.id, o.offer.fromAssignmentId]));
    const deals = await tx
      .insert(swapDeals)
      .values(
        pairs.map(({ a, b }) => ({
          offerId: a.offerId,
          deptId,
          ownerId: a.ownerId,
          proposerId: b.ownerId,
          ownerAssignmentId: assignmentOf.get(a.offerId)!,
          proposerAssignmentId: assignmentOf.get(b.offerId)!,
          source: "auto" as const,
          status: "waiting_leader" as const,
        })),
      )
      .returning();
    const leaders = await leadersAndAdminsOf(tx, deptId);
    for (const deal of deals) {
      const deciders = leaders.filter((id) => id !== deal.ownerId && id !== deal.proposerId);
      announceDeal(events, deal, deciders);
      await notify(tx, events, deciders, "swap_ready_for_leader", await swapRefOf(tx, deal));
    }
    return deals.length;
  });
}
