/**
 * How swaps tell people things: the notifications feature's `notify`, handed in by
 * `app.ts` (features do not import each other). Every swap notification names the
 * offered shift and the deal (`swapRef`).
 */
import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { shiftAssignments, shifts } from "../../db/schema.ts";
import type { TxEvents } from "../../platform/tx.ts";

export type SwapNotificationType =
  | "swap_matched_proposed"
  | "swap_ready_for_leader"
  | "swap_approved"
  | "swap_rejected"
  | "swap_declined"
  | "swap_withdrawn"
  | "swap_cancelled"
  | "swap_closed";

export interface SwapRef {
  shiftId: string;
  title: string;
  startsAt: string;
  offerId: string;
  dealId: string;
}

export type Notify = (
  tx: Tx,
  events: TxEvents,
  recipients: readonly string[],
  type: SwapNotificationType,
  payload: SwapRef,
) => Promise<unknown>;

/** What a notification says of a deal: the offer's shift, the offer, the deal. */
export async function swapRefOf(
  tx: Tx,
  deal: { id: string; offerId: string; ownerAssignmentId: string },
): Promise<SwapRef> {
  const [shift] = await tx
    .select({ id: shifts.id, title: shifts.title, startsAt: shifts.startsAt })
    .from(shiftAssignments)
    .innerJoin(shifts, eq(shifts.id, shiftAssignments.shiftId))
    .where(eq(shiftAssignments.id, deal.ownerAssignmentId));
  return {
    shiftId: shift!.id,
    title: shift!.title.slice(0, 100),
    startsAt: shift!.startsAt.toISOString(),
    offerId: deal.offerId,
    dealId: deal.id,
  };
}
