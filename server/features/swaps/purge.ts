/**
 * Deleting a person (decisions.md § Users): their offers and every deal they are part
 * of go. A deal still waiting is ended for the other side first, with the notification
 * that side would get had the person withdrawn (their proposal) or cancelled (their
 * offer). Runs in the deletion's transaction, before the assignments go.
 */
import { and, eq, inArray, or } from "drizzle-orm";
import { topics } from "../../../common/schemas/realtime.ts";
import type { Tx } from "../../db/client.ts";
import { swapDeals, swapOffers } from "../../db/schema.ts";
import type { TxEvents } from "../../platform/tx.ts";
import { type Notify, swapRefOf } from "./notify.ts";

export function purgeSwaps(notify: Notify) {
  return async (tx: Tx, events: TxEvents, person: { userId: string }): Promise<void> => {
    const { userId } = person;
    const theirs = or(eq(swapDeals.ownerId, userId), eq(swapDeals.proposerId, userId));
    const waiting = await tx
      .select()
      .from(swapDeals)
      .where(and(theirs, inArray(swapDeals.status, ["waiting_owner", "waiting_leader"])));
    for (const deal of waiting) {
      const owner = deal.ownerId === userId;
      const other = owner ? deal.proposerId : deal.ownerId;
      await notify(
        tx,
        events,
        [other],
        owner ? "swap_cancelled" : "swap_withdrawn",
        await swapRefOf(tx, deal),
      );
      events.publish(topics.user(other), "swap.dealsChanged", { dealId: deal.id });
    }
    await tx.delete(swapDeals).where(theirs);
    await tx.delete(swapOffers).where(eq(swapOffers.ownerId, userId));
  };
}
