/**
 * The tabs and badges: 'Mine tilbud', 'På markedet', my future assignments (for 'Opprett
 * tilbud' and 'Foreslå bytte'), 'Venter svar', the leaders' queue, 'Historikk', and the
 * counts. Each list is a fixed number of queries whatever its length.
 */
import { and, asc, count, desc, eq, gt, ne, or, sql } from "drizzle-orm";
import type { HistoryItem, MyAssignment, SwapCounts } from "../../../common/schemas/swaps.ts";
import { ui } from "../../../common/texts/index.ts";
import type { Db } from "../../db/client.ts";
import { shiftAssignments, shifts, swapDeals, swapOffers } from "../../db/schema.ts";
import type { Viewer } from "../../platform/viewer.ts";
import { may } from "../../policies/index.ts";
import { openDeptOffers } from "./events.ts";
import { blockedReason, type InQuestion, swapJudging } from "./held.ts";
import {
  dealRows,
  dealStatusIn,
  offerRows,
  presentDeal,
  presentOffer,
  swapShiftOf,
  waitingStatuses,
} from "./present.ts";

const offerShiftStart = sql`offer_shift.starts_at`;

export async function myOffers(db: Db, v: Viewer, deptId: string) {
  const rows = await offerRows(
    db,
    v.actor.userId,
    and(eq(swapOffers.ownerId, v.actor.userId), eq(swapOffers.deptId, deptId)),
    [desc(swapOffers.createdAt), desc(swapOffers.id)],
  );
  return { offers: rows.map((row) => presentOffer(v, row)) };
}

/** Open department offers of others in the department whose shift has not started, soonest first. */
export async function market(
  db: Db,
  v: Viewer,
  deptId: string,
  page: { offset: number; limit: number },
  minRestHours: number,
) {
  const rows = await offerRows(
    db,
    v.actor.userId,
    and(
      eq(swapOffers.deptId, deptId),
      eq(swapOffers.status, "open"),
      eq(swapOffers.visibility, "dept"),
      ne(swapOffers.ownerId, v.actor.userId),
      sql`${offerShiftStart} > ${v.now.toISOString()}::timestamptz`,
    ),
    [asc(offerShiftStart), asc(swapOffers.id)],
    { offset: page.offset, limit: page.limit + 1 },
  );
  const more = rows.length > page.limit;
  const shown = rows.slice(0, page.limit);
  // A give-away is taken as it is; for a swap the reason depends on what I give (myAssignments).
  const giveAway = (row: (typeof shown)[number]): InQuestion | null => {
    const { shiftId, title, startsAt, endsAt } = row.shift;
    return !row.offer.requireSwap && shiftId && startsAt && endsAt
      ? { shiftId, title: title ?? "", startsAt, endsAt }
      : null;
  };
  const taken = shown.map(giveAway).filter((s) => s !== null);
  const judging =
    taken.length > 0 ? await swapJudging(db, deptId, [v.actor.userId], taken, minRestHours) : null;
  const offers = shown.map((row) => {
    const shift = giveAway(row);
    const reason = shift && judging && blockedReason(judging, ui.swaps.you, v.actor.userId, shift, null);
    return presentOffer(v, row, reason ?? null);
  });
  return { offers, nextOffset: more ? page.offset + page.limit : null };
}

/**
 * My assignments whose shift has not started, soonest first; with `offer` (its shift and
 * owner), why the working-time or competence rules would refuse me or them the exchange.
 */
export async function myAssignments(
  db: Db,
  v: Viewer,
  deptId: string,
  minRestHours: number,
  offer: { ownerId: string; ownerName: string; shiftId: string; startsAt: Date; endsAt: Date } | null,
): Promise<{ assignments: MyAssignment[] }> {
  const me = v.actor.userId;
  const rows = await db
    .select({
      assignmentId: shiftAssignments.id,
      shiftId: shifts.id,
      title: shifts.title,
      location: shifts.location,
      startsAt: shifts.startsAt,
      endsAt: shifts.endsAt,
      openOfferId: sql<string | null>`(select o.id from ${swapOffers} o
        where o.from_assignment_id = ${shiftAssignments.id} and o.status = 'open')`,
    })
    .from(shiftAssignments)
    .innerJoin(shifts, eq(shifts.id, shiftAssignments.shiftId))
    .where(and(eq(shiftAssignments.userId, me), eq(shifts.deptId, deptId), gt(shifts.startsAt, v.now)))
    .orderBy(asc(shifts.startsAt), asc(shifts.id));
  const offered = offer && { ...offer, title: "" };
  const judging = offered
    ? await swapJudging(db, deptId, [me, offer.ownerId], [offered, ...rows], minRestHours)
    : null;
  return {
    assignments: rows.map((row) => ({
      ...swapShiftOf(row)!,
      openOfferId: row.openOfferId,
      blockedReason:
        offered && judging
          ? (blockedReason(judging, ui.swaps.you, me, offered, row.shiftId) ??
            blockedReason(judging, offered.ownerName, offered.ownerId, row, offered.shiftId))
          : null,
    })),
  };
}

/** 'Venter svar': deals of mine in the department still waiting, newest first. */
export async function waitingDeals(db: Db, v: Viewer, deptId: string) {
  const me = v.actor.userId;
  const rows = await dealRows(
    db,
    and(
      eq(swapDeals.deptId, deptId),
      or(eq(swapDeals.ownerId, me), eq(swapDeals.proposerId, me)),
      dealStatusIn(waitingStatuses),
    ),
    [desc(swapDeals.createdAt), desc(swapDeals.id)],
  );
  return { deals: rows.map((row) => presentDeal(v, row)) };
}

/** The leaders' queue: the department's deals waiting for a leader, oldest first. */
export async function approvalDeals(db: Db, v: Viewer, deptId: string) {
  const rows = await dealRows(db, and(eq(swapDeals.deptId, deptId), eq(swapDeals.status, "waiting_leader")), [
    asc(swapDeals.createdAt),
    asc(swapDeals.id),
  ]);
  return { deals: rows.map((row) => presentDeal(v, row)) };
}

/** 'Historikk': my ended deals and my cancelled offers, newest first. */
export async function history(db: Db, v: Viewer, deptId: string) {
  const me = v.actor.userId;
  const limit = 100;
  const [deals, offers] = await Promise.all([
    dealRows(
      db,
      and(
        eq(swapDeals.deptId, deptId),
        or(eq(swapDeals.ownerId, me), eq(swapDeals.proposerId, me)),
        dealStatusIn(["approved", "rejected", "withdrawn"]),
      ),
      [desc(swapDeals.updatedAt), desc(swapDeals.id)],
      limit,
    ),
    offerRows(
      db,
      me,
      and(eq(swapOffers.ownerId, me), eq(swapOffers.deptId, deptId), eq(swapOffers.status, "cancelled")),
      [desc(swapOffers.closedAt), desc(swapOffers.id)],
      { limit, offset: 0 },
    ),
  ]);
  const items: HistoryItem[] = [
    ...deals.map((row) => ({
      kind: "deal" as const,
      at: (row.deal.decidedAt ?? row.deal.updatedAt).toISOString(),
      deal: presentDeal(v, row),
    })),
    ...offers.map((row) => ({
      kind: "offer" as const,
      at: (row.offer.closedAt ?? row.offer.updatedAt).toISOString(),
      offer: presentOffer(v, row),
    })),
  ];
  items.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  return { items: items.slice(0, limit) };
}

/** 'Bytte' and 'Byttevakt' for my current department. */
export async function swapCounts(db: Db, v: Viewer, deptId: string): Promise<SwapCounts> {
  const me = v.actor.userId;
  const leads = may(v.actor, "swapDeal.listApproval", { type: "department", id: deptId }, v.env);
  const forOwner = and(eq(swapDeals.ownerId, me), eq(swapDeals.status, "waiting_owner"));
  const forLeader = and(
    eq(swapDeals.status, "waiting_leader"),
    ne(swapDeals.ownerId, me),
    ne(swapDeals.proposerId, me),
  );
  const [marketCount, [waiting]] = await Promise.all([
    openDeptOffers(db, deptId, v.now),
    db
      .select({ n: count() })
      .from(swapDeals)
      .where(and(eq(swapDeals.deptId, deptId), leads ? or(forOwner, forLeader) : forOwner)),
  ]);
  return { market: marketCount, waitingForMe: waiting!.n };
}
