/**
 * What the open screens hear after a change commits. A published shift concerns the
 * whole department: `shift.changed` on its topic, with the department's open count so
 * the header badge needs no request. A draft concerns only those who see drafts: the
 * department's active leaders and every active admin, on their own topics.
 */
import { count } from "drizzle-orm";
import { topics } from "../../../common/schemas/realtime.ts";
import type { Tx } from "../../db/client.ts";
import { shifts } from "../../db/schema.ts";
import { leadersAndAdminsOf } from "../../platform/people.ts";
import type { TxEvents } from "../../platform/tx.ts";
import { openIn } from "./present.ts";

export async function openCount(tx: Tx, deptId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(shifts).where(openIn(deptId));
  return row!.n;
}

export async function announceChange(tx: Tx, events: TxEvents, deptId: string, shiftId: string) {
  announceOpenCount(events, deptId, shiftId, await openCount(tx, deptId));
}

/** `announceChange` for a caller that counted the open shifts as it wrote the change. */
export function announceOpenCount(events: TxEvents, deptId: string, shiftId: string, openCount: number) {
  events.publish(topics.dept(deptId), "shift.changed", { shiftId, openCount });
}

export async function announceDrafts(tx: Tx, events: TxEvents, deptId: string, shiftId: string) {
  for (const userId of await leadersAndAdminsOf(tx, deptId))
    events.publish(topics.user(userId), "shift.draftsChanged", { shiftId, deptId });
}
