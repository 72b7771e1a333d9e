/**
 * How this feature tells people things. Notifications are another feature's, which this
 * one may not import: `app.ts`, where features meet, hands its functions in. The types
 * names only the notifications a shift sends.
 */
import type { SQL } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import type { TxEvents } from "../../platform/tx.ts";
import type { ShiftRow } from "./access.ts";

export type ShiftNotificationType = "shift_published" | "shift_assigned_winner" | "shift_assigned_closed";

/** The notifications feature's `notifyAfterCommit`: its outbox row in the caller's transaction. */
export type Notify = (
  tx: Tx,
  events: TxEvents,
  recipients: readonly string[],
  type: ShiftNotificationType,
  payload: { shiftId: string; title: string; startsAt: string },
) => Promise<unknown>;

/** Notices of one type to some people. */
export interface ShiftNotice {
  recipients: readonly string[];
  type: ShiftNotificationType;
  payload: { shiftId: string; title: string; startsAt: string };
}

/**
 * How the notifications feature tells many people: right after the caller commits (an
 * outbox row now, the notifications a moment later), so that they need not hold the
 * caller's locks and answer. `notifyAfterCommit` writes the outbox row in the caller's
 * transaction; `queue` gives it as SQL for the caller's own statement (written only
 * when `onlyIf` holds), with what to do once that has committed, or null for nobody.
 */
export interface Notices {
  notifyAfterCommit: Notify;
  queue: (
    notices: readonly ShiftNotice[],
    onlyIf?: SQL,
  ) => { insert: SQL; committed: (events: TxEvents) => void } | null;
}

/** What a shift notification says of the shift: what the bell shows. */
export const shiftRef = (shift: Pick<ShiftRow, "id" | "title" | "startsAt">) => ({
  shiftId: shift.id,
  title: shift.title,
  startsAt: shift.startsAt.toISOString(),
});
