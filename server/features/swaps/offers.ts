/**
 * An offer's life: created from one of my future assignments or from a described shift
 * (which becomes a roster shift and my assignment, in the offer's transaction), edited,
 * cancelled. Closing an offer closes the deals waiting on it, and tells their people.
 */
import { and, eq, gt, inArray, ne } from "drizzle-orm";
import { swapLimits } from "../../../common/base/limits.ts";
import { osloHourToInstant } from "../../../common/domain/oslo-time.ts";
import type { DescribedShift, SwapOfferEdit, SwapOfferInput } from "../../../common/schemas/swaps.ts";
import { ui } from "../../../common/texts/index.ts";
import type { Tx } from "../../db/client.ts";
import { shiftAssignments, shifts, swapDeals, swapOffers } from "../../db/schema.ts";
import type { AppContext } from "../../platform/context.ts";
import { conflict, unprocessable } from "../../platform/errors.ts";
import { leadersAndAdminsOf } from "../../platform/people.ts";
import { type TxEvents, withTx } from "../../platform/tx.ts";
import type { OfferRowDb } from "./access.ts";
import { announceDeal, announceMarket } from "./events.ts";
import { type Notify, type SwapNotificationType, swapRefOf } from "./notify.ts";
import { waitingStatuses } from "./present.ts";

const dayMs = 86_400_000;

/** The wishes' own rule: the range does not end before it begins. */
export function checkWishes(input: { wantDateFrom?: string | null; wantDateTo?: string | null }) {
  if (input.wantDateFrom && input.wantDateTo && input.wantDateTo < input.wantDateFrom)
    throw unprocessable("swap_wish_dates");
}

/** The span of a described shift by the create dialog's rules (spec §5). */
function describedSpan(shift: DescribedShift, now: Date) {
  if (!shift.title || !shift.startDate || !shift.endDate) throw unprocessable("swap_required_fields");
  // Without hours the dates are whole Oslo days: the start day's midnight to the midnight after the end day.
  const startsAt = osloHourToInstant(shift.startDate, shift.startHour ?? 0);
  const endsAt =
    shift.endHour === undefined
      ? osloHourToInstant(shift.endDate, 0, 1)
      : osloHourToInstant(shift.endDate, shift.endHour);
  if (endsAt <= startsAt) throw unprocessable("swap_end_not_after_start");
  if (startsAt <= now) throw unprocessable("swap_shift_started");
  if (endsAt.getTime() - startsAt.getTime() > swapLimits.describedShiftMaxDays * dayMs)
    throw unprocessable("swap_shift_too_long");
  return { startsAt, endsAt, title: shift.title };
}

/** My future assignment in the department, locked against a second offer on it. */
export async function myFutureAssignment(
  tx: Tx,
  userId: string,
  deptId: string,
  assignmentId: string,
  now: Date,
) {
  const [found] = await tx
    .select({ id: shiftAssignments.id })
    .from(shiftAssignments)
    .innerJoin(shifts, eq(shifts.id, shiftAssignments.shiftId))
    .where(
      and(
        eq(shiftAssignments.id, assignmentId),
        eq(shiftAssignments.userId, userId),
        eq(shifts.deptId, deptId),
        gt(shifts.startsAt, now),
      ),
    )
    .for("update", { of: shiftAssignments });
  if (!found) throw unprocessable("swap_assignment_not_found");
  return found.id;
}

export function createOffer(
  ctx: AppContext,
  userId: string,
  deptId: string,
  input: Omit<SwapOfferInput, "requireSwap" | "autoMatch" | "visibility"> &
    Pick<OfferRowDb, "requireSwap" | "autoMatch" | "visibility">,
): Promise<string> {
  checkWishes(input);
  if (input.autoMatch && !ctx.brand.features.swapsAutomatch) throw unprocessable("swap_automatch_off");
  const now = ctx.clock.now();
  const span = input.shift ? describedSpan(input.shift, now) : null;
  return withTx(ctx, async (tx, events) => {
    let assignmentId: string;
    if (span && input.shift) {
      const [shift] = await tx
        .insert(shifts)
        .values({
          deptId,
          kind: "roster",
          status: "assigned",
          title: ui.swaps.shiftTitles[span.title],
          location: input.shift.location ? (ui.swaps.locations[input.shift.location] ?? "") : "",
          startsAt: span.startsAt,
          endsAt: span.endsAt,
          createdBy: userId,
        })
        .returning({ id: shifts.id });
      const [made] = await tx
        .insert(shiftAssignments)
        .values({ shiftId: shift!.id, userId, method: "manual", assignedAt: now })
        .returning({ id: shiftAssignments.id });
      assignmentId = made!.id;
    } else {
      assignmentId = await myFutureAssignment(tx, userId, deptId, input.assignmentId!, now);
      const [open] = await tx
        .select({ id: swapOffers.id })
        .from(swapOffers)
        .where(and(eq(swapOffers.fromAssignmentId, assignmentId), eq(swapOffers.status, "open")));
      if (open) throw conflict("swap_offer_exists");
    }
    const [offer] = await tx
      .insert(swapOffers)
      .values({
        ownerId: userId,
        deptId,
        fromAssignmentId: assignmentId,
        wantDateFrom: input.wantDateFrom ?? null,
        wantDateTo: input.wantDateTo ?? null,
        wantTimeTags: input.wantTimeTags ?? [],
        wantWeekdays: input.wantWeekdays ?? [],
        requireSwap: input.requireSwap,
        autoMatch: input.autoMatch,
        visibility: input.visibility,
      })
      .returning({ id: swapOffers.id });
    if (input.visibility === "dept") await announceMarket(tx, events, deptId, now);
    return offer!.id;
  });
}

/** Locks an offer; a closed one answers 409. */
export async function lockOpenOffer(tx: Tx, offerId: string): Promise<OfferRowDb> {
  const [row] = await tx.select().from(swapOffers).where(eq(swapOffers.id, offerId)).for("update");
  if (row?.status !== "open") throw conflict("swap_offer_not_open");
  return row;
}

export function editOffer(ctx: AppContext, offerId: string, input: SwapOfferEdit) {
  checkWishes(input);
  if (input.autoMatch && !ctx.brand.features.swapsAutomatch) throw unprocessable("swap_automatch_off");
  return withTx(ctx, async (tx, events) => {
    const before = await lockOpenOffer(tx, offerId);
    await tx
      .update(swapOffers)
      .set({
        wantDateFrom: input.wantDateFrom ?? null,
        wantDateTo: input.wantDateTo ?? null,
        wantTimeTags: input.wantTimeTags ?? [],
        wantWeekdays: input.wantWeekdays ?? [],
        requireSwap: input.requireSwap,
        autoMatch: input.autoMatch,
        visibility: input.visibility,
      })
      .where(eq(swapOffers.id, offerId));
    if (before.visibility === "dept" || input.visibility === "dept")
      await announceMarket(tx, events, before.deptId, ctx.clock.now());
  });
}

/**
 * Ends the deals waiting on `offerId` (all but `except`) as rejected with `note`, and
 * tells each proposer (and with `tellOwner` the owner) with `type`. The leaders hear of
 * those that were waiting for them.
 */
export async function closeWaitingDeals(
  tx: Tx,
  events: TxEvents,
  notify: Notify,
  offerId: string,
  close: { note: string; type: SwapNotificationType; now: Date; except?: string; tellOwner?: boolean },
) {
  const waiting = await tx
    .select()
    .from(swapDeals)
    .where(
      and(
        eq(swapDeals.offerId, offerId),
        inArray(swapDeals.status, [...waitingStatuses]),
        close.except ? ne(swapDeals.id, close.except) : undefined,
      ),
    )
    .for("update");
  if (waiting.length === 0) return;
  await tx
    .update(swapDeals)
    .set({ status: "rejected", note: close.note, decidedAt: close.now })
    .where(
      inArray(
        swapDeals.id,
        waiting.map((d) => d.id),
      ),
    );
  const leaders = waiting.some((d) => d.status === "waiting_leader")
    ? await leadersAndAdminsOf(tx, waiting[0]!.deptId)
    : [];
  for (const deal of waiting) {
    announceDeal(events, deal, deal.status === "waiting_leader" ? leaders : []);
    const recipients = close.tellOwner ? [deal.proposerId, deal.ownerId] : [deal.proposerId];
    await notify(tx, events, recipients, close.type, await swapRefOf(tx, deal));
  }
}

/** 'Kanseller': the offer closes, its waiting deals end, their proposers are told. */
export function cancelOffer(ctx: AppContext, notify: Notify, offerId: string) {
  return withTx(ctx, async (tx, events) => {
    const now = ctx.clock.now();
    const offer = await lockOpenOffer(tx, offerId);
    await closeOfferLocked(tx, events, notify, offer, {
      note: ui.swaps.notes.offerCancelled,
      type: "swap_cancelled",
      now,
    });
  });
}

/** Cancels a locked open offer (by its owner, the clock, or an exchange that took its shift). */
export async function closeOfferLocked(
  tx: Tx,
  events: TxEvents,
  notify: Notify,
  offer: Pick<OfferRowDb, "id" | "deptId" | "visibility">,
  close: {
    note: string;
    type: SwapNotificationType;
    now: Date;
    tellOwner?: boolean;
    /** `matched` when the shift changed hands in another deal */
    status?: "cancelled" | "matched";
  },
) {
  await tx
    .update(swapOffers)
    .set({ status: close.status ?? "cancelled", closedAt: close.now })
    .where(eq(swapOffers.id, offer.id));
  await closeWaitingDeals(tx, events, notify, offer.id, close);
  if (offer.visibility === "dept") await announceMarket(tx, events, offer.deptId, close.now);
}
