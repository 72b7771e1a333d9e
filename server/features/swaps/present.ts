/**
 * Offers and deals as the API returns them, each list in one query whatever its length:
 * the people (name, avatar), the shifts with their time tags, the waiting deals, and
 * what the caller may do (`can`, from the policies).
 */
import { eq, inArray, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { initials } from "../../../common/domain/initials.ts";
import { shiftTimeTags } from "../../../common/domain/swap-match.ts";
import type { SwapDealDto, SwapOfferDto, SwapShift, TimeTag } from "../../../common/schemas/swaps.ts";
import { ui } from "../../../common/texts/index.ts";
import type { Db, Tx } from "../../db/client.ts";
import { profiles, shiftAssignments, shifts, swapDeals, swapOffers, user } from "../../db/schema.ts";
import { avatarUrlSql } from "../../platform/avatars.ts";
import { nameOf, personRef } from "../../platform/people.ts";
import type { Viewer } from "../../platform/viewer.ts";
import { abilitiesFor, may } from "../../policies/index.ts";
import type { SwapDealResource, SwapOfferResource } from "../../policies/resources.ts";

export const waitingStatuses = ["waiting_owner", "waiting_leader"] as const;
const waitingList = sql.raw(`('${waitingStatuses.join("', '")}')`);

interface ShiftCols {
  shiftId: string | null;
  assignmentId: string | null;
  title: string | null;
  location: string | null;
  startsAt: Date | null;
  endsAt: Date | null;
}

/** A shift as offers and deals show it, or null when it is gone. */
export function swapShiftOf(s: ShiftCols): SwapShift | null {
  if (!s.shiftId || !s.assignmentId || !s.startsAt || !s.endsAt) return null;
  const span = { startsAt: s.startsAt, endsAt: s.endsAt };
  return {
    shiftId: s.shiftId,
    assignmentId: s.assignmentId,
    title: s.title || ui.swaps.defaultTitle,
    location: s.location || null,
    startsAt: s.startsAt.toISOString(),
    endsAt: s.endsAt.toISOString(),
    timeTags: shiftTimeTags(span) as TimeTag[],
  };
}

const ownerUser = alias(user, "owner_user");
const ownerProfile = alias(profiles, "owner_profile");
const offerAssignment = alias(shiftAssignments, "offer_assignment");
const offerShift = alias(shifts, "offer_shift");

/** The offers `where` selects, in `order`, with what the viewer sees of each. */
export async function offerRows(
  db: Db | Tx,
  viewerId: string,
  where: SQL | undefined,
  order: SQL[],
  page?: { limit: number; offset: number },
) {
  const query = db
    .select({
      offer: swapOffers,
      ownerName: nameOf(ownerUser, ownerProfile),
      ownerAvatar: avatarUrlSql(ownerProfile),
      shift: {
        shiftId: offerShift.id,
        assignmentId: offerAssignment.id,
        title: offerShift.title,
        location: offerShift.location,
        startsAt: offerShift.startsAt,
        endsAt: offerShift.endsAt,
      },
      waitingDeals: sql<number>`(select count(*)::int from ${swapDeals} d
        where d.offer_id = ${swapOffers.id} and d.status in ${waitingList})`,
      myDealId: sql<string | null>`(select d.id from ${swapDeals} d where d.offer_id = ${swapOffers.id}
        and d.proposer_id = ${viewerId} and d.status in ${waitingList} limit 1)`,
      awaitingLeader: sql<boolean>`exists (select 1 from ${swapDeals} d
        where d.offer_id = ${swapOffers.id} and d.status = 'waiting_leader')`,
    })
    .from(swapOffers)
    .innerJoin(ownerUser, eq(ownerUser.id, swapOffers.ownerId))
    .leftJoin(ownerProfile, eq(ownerProfile.userId, swapOffers.ownerId))
    .leftJoin(offerAssignment, eq(offerAssignment.id, swapOffers.fromAssignmentId))
    .leftJoin(offerShift, eq(offerShift.id, offerAssignment.shiftId))
    .where(where)
    .orderBy(...order)
    .$dynamic();
  return page ? query.limit(page.limit).offset(page.offset) : query;
}
export type OfferRow = Awaited<ReturnType<typeof offerRows>>[number];

export function offerResource(o: Pick<OfferRow, "offer" | "awaitingLeader">): SwapOfferResource {
  const { id, deptId, ownerId, visibility, status } = o.offer;
  return { type: "swapOffer", id, deptId, ownerId, visibility, status, awaitingLeader: o.awaitingLeader };
}

/** An offer for the viewer; `blockedReason` is the market's (null elsewhere). */
export function presentOffer(v: Viewer, row: OfferRow, blockedReason: string | null = null): SwapOfferDto {
  const o = row.offer;
  const owner = personRef(o.ownerId, row.ownerName, row.ownerAvatar);
  const resource = offerResource(row);
  const answers = may(v.actor, "swapOffer.propose", resource, v.env) && !row.myDealId;
  return {
    id: o.id,
    deptId: o.deptId,
    owner,
    ownerInitials: initials(owner.name),
    shift: swapShiftOf(row.shift),
    requireSwap: o.requireSwap,
    autoMatch: o.autoMatch,
    visibility: o.visibility,
    status: o.status,
    wantDateFrom: o.wantDateFrom,
    wantDateTo: o.wantDateTo,
    wantTimeTags: o.wantTimeTags as TimeTag[],
    wantWeekdays: o.wantWeekdays,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
    waitingDeals: row.waitingDeals,
    blockedReason,
    myDealId: row.myDealId,
    can: {
      ...abilitiesFor(v.actor, resource, v.env, { edit: "swapOffer.edit", cancel: "swapOffer.cancel" }),
      propose: answers && o.requireSwap,
      claim: answers && !o.requireSwap,
    },
  };
}

/** One offer for the viewer (after a write). */
export async function presentOfferById(db: Db, v: Viewer, offerId: string): Promise<SwapOfferDto> {
  const [row] = await offerRows(db, v.actor.userId, eq(swapOffers.id, offerId), []);
  return presentOffer(v, row!);
}

const proposerUser = alias(user, "proposer_user");
const proposerProfile = alias(profiles, "proposer_profile");
const deciderUser = alias(user, "decider_user");
const deciderProfile = alias(profiles, "decider_profile");
const ownerAssignment = alias(shiftAssignments, "owner_assignment");
const ownerShift = alias(shifts, "owner_shift");
const proposerAssignment = alias(shiftAssignments, "proposer_assignment");
const proposerShift = alias(shifts, "proposer_shift");

/** The deals `where` selects, in `order`. */
export function dealRows(db: Db | Tx, where: SQL | undefined, order: SQL[], limit?: number) {
  const query = db
    .select({
      deal: swapDeals,
      ownerName: nameOf(ownerUser, ownerProfile),
      ownerAvatar: avatarUrlSql(ownerProfile),
      proposerName: nameOf(proposerUser, proposerProfile),
      proposerAvatar: avatarUrlSql(proposerProfile),
      deciderName: nameOf(deciderUser, deciderProfile),
      deciderAvatar: avatarUrlSql(deciderProfile),
      ownerShift: {
        shiftId: ownerShift.id,
        assignmentId: ownerAssignment.id,
        title: ownerShift.title,
        location: ownerShift.location,
        startsAt: ownerShift.startsAt,
        endsAt: ownerShift.endsAt,
      },
      proposerShift: {
        shiftId: proposerShift.id,
        assignmentId: proposerAssignment.id,
        title: proposerShift.title,
        location: proposerShift.location,
        startsAt: proposerShift.startsAt,
        endsAt: proposerShift.endsAt,
      },
    })
    .from(swapDeals)
    .innerJoin(ownerUser, eq(ownerUser.id, swapDeals.ownerId))
    .leftJoin(ownerProfile, eq(ownerProfile.userId, swapDeals.ownerId))
    .innerJoin(proposerUser, eq(proposerUser.id, swapDeals.proposerId))
    .leftJoin(proposerProfile, eq(proposerProfile.userId, swapDeals.proposerId))
    .leftJoin(deciderUser, eq(deciderUser.id, swapDeals.decidedBy))
    .leftJoin(deciderProfile, eq(deciderProfile.userId, swapDeals.decidedBy))
    .leftJoin(ownerAssignment, eq(ownerAssignment.id, swapDeals.ownerAssignmentId))
    .leftJoin(ownerShift, eq(ownerShift.id, ownerAssignment.shiftId))
    .leftJoin(proposerAssignment, eq(proposerAssignment.id, swapDeals.proposerAssignmentId))
    .leftJoin(proposerShift, eq(proposerShift.id, proposerAssignment.shiftId))
    .where(where)
    .orderBy(...order)
    .$dynamic();
  return limit ? query.limit(limit) : query;
}
export type DealRow = Awaited<ReturnType<typeof dealRows>>[number];

export function dealResource(d: typeof swapDeals.$inferSelect): SwapDealResource {
  const { id, deptId, ownerId, proposerId, status } = d;
  return { type: "swapDeal", id, deptId, ownerId, proposerId, status };
}

export function presentDeal(v: Viewer, row: DealRow): SwapDealDto {
  const d = row.deal;
  return {
    id: d.id,
    offerId: d.offerId,
    deptId: d.deptId,
    status: d.status,
    source: d.source,
    owner: personRef(d.ownerId, row.ownerName, row.ownerAvatar),
    ownerShift: swapShiftOf(row.ownerShift),
    proposer: personRef(d.proposerId, row.proposerName, row.proposerAvatar),
    proposerShift: swapShiftOf(row.proposerShift),
    createdAt: d.createdAt.toISOString(),
    answeredAt: d.answeredAt?.toISOString() ?? null,
    decidedAt: d.decidedAt?.toISOString() ?? null,
    decidedBy: d.decidedBy ? personRef(d.decidedBy, row.deciderName, row.deciderAvatar) : null,
    note: d.note,
    can: abilitiesFor(v.actor, dealResource(d), v.env, {
      answer: "swapDeal.answer",
      withdraw: "swapDeal.withdraw",
      decide: "swapDeal.approve",
    }),
  };
}

export async function presentDealById(db: Db, v: Viewer, dealId: string): Promise<SwapDealDto> {
  const [row] = await dealRows(db, eq(swapDeals.id, dealId), []);
  return presentDeal(v, row!);
}

/** Deals of these statuses. */
export const dealStatusIn = (statuses: readonly (typeof swapDeals.$inferSelect)["status"][]) =>
  inArray(swapDeals.status, [...statuses]);
