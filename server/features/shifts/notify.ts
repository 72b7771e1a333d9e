/**
 * How this feature tells people things. Notifications are another feature's, which this
 * one may not import: `app.ts`, where features meet, hands its `notify` in. The type
 * names only the notifications a shift sends.
 */
import type { Tx } from "../../db/client.ts";
import type { TxEvents } from "../../platform/tx.ts";
import type { ShiftRow } from "./access.ts";

export type ShiftNotificationType = "shift_published" | "shift_assigned_winner" | "shift_assigned_closed";

/** The notifications feature's `notify`: one row per recipient, in the caller's transaction. */
export type Notify = (
  tx: Tx,
  events: TxEvents,
  recipients: readonly string[],
  type: ShiftNotificationType,
  payload: { shiftId: string; title: string; startsAt: string },
) => Promise<unknown>;

/**
 * Both ways the notifications feature tells people: `notify` in the caller's transaction,
 * `notifyAfterCommit` right after it commits, for notices to many (an outbox row now,
 * the notifications a moment later) that need not hold the caller's locks and answer.
 */
export interface Notices {
  notify: Notify;
  notifyAfterCommit: Notify;
}

/** What a shift notification says of the shift: what the bell shows. */
export const shiftRef = (shift: Pick<ShiftRow, "id" | "title" | "startsAt">) => ({
  shiftId: shift.id,
  title: shift.title,
  startsAt: shift.startsAt.toISOString(),
});
