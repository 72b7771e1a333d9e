/**
 * What open screens hear after a change commits (common/schemas/realtime.ts):
 * the department hears of its market with the new count, so the 'Bytte' badge needs no
 * request; each party hears of their deals, and the department's leaders and admins of
 * deals that start or stop waiting for them.
 */
import { and, count, eq, gt } from "drizzle-orm";
import { topics } from "../../../common/schemas/realtime.ts";
import type { Db, Tx } from "../../db/client.ts";
import { shiftAssignments, shifts, swapOffers } from "../../db/schema.ts";
import type { TxEvents } from "../../platform/tx.ts";

/** Open department offers of the department whose shift has not started ('Bytte'). */
export async function openDeptOffers(db: Db | Tx, deptId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(swapOffers)
    .innerJoin(shiftAssignments, eq(shiftAssignments.id, swapOffers.fromAssignmentId))
    .innerJoin(shifts, eq(shifts.id, shiftAssignments.shiftId))
    .where(
      and(
        eq(swapOffers.deptId, deptId),
        eq(swapOffers.status, "open"),
        eq(swapOffers.visibility, "dept"),
        gt(shifts.startsAt, now),
      ),
    );
  return row!.n;
}

export async function announceMarket(tx: Tx, events: TxEvents, deptId: string, now: Date) {
  events.publish(topics.dept(deptId), "swap.offersChanged", {
    deptId,
    openDeptOffers: await openDeptOffers(tx, deptId, now),
  });
}

/** A deal changed: its parties hear, and the leaders when `leaders` (it starts or stops waiting for them). */
export function announceDeal(
  events: TxEvents,
  deal: { id: string; ownerId: string; proposerId: string },
  leaders: readonly string[] = [],
) {
  for (const userId of new Set([deal.ownerId, deal.proposerId, ...leaders]))
    events.publish(topics.user(userId), "swap.dealsChanged", { dealId: deal.id });
}
