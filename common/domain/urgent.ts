/**
 * Urgent messages ('Haster', issue 26): until a recipient acknowledges ('Bekreft'), the
 * notice comes again every 2 minutes for 30 minutes after sending; 5 minutes without an
 * acknowledgement from someone reached through a role tells the department's leaders on
 * the block ('Ikke bekreftet'), once per message. The times are `dutyLimits`'.
 *
 * Repeats are counted from the sending, not from the last notice, so a late job does
 * not push the rest later: they fall at 2, 4, … 30 minutes after it.
 */
import { dutyLimits } from "../base/limits.ts";
import type { ReachVia } from "./mentions.ts";

export interface UrgentRecipient {
  userId: string;
  via: ReachVia;
  acknowledgedAt: Date | null;
}

const { urgentRepeatMs, urgentRepeatForMs, urgentEscalateAfterMs } = dutyLimits;

/** The last instant a repeat may fall on. */
export const repeatsEndAt = (sentAt: Date) => new Date(sentAt.getTime() + urgentRepeatForMs);

/** The first repeat strictly after `after`, or null when the repeats are over by then. */
export function nextRepeatAt(sentAt: Date, after: Date): Date | null {
  const since = after.getTime() - sentAt.getTime();
  const k = since < 0 ? 1 : Math.floor(since / urgentRepeatMs) + 1;
  const next = sentAt.getTime() + k * urgentRepeatMs;
  return next > repeatsEndAt(sentAt).getTime() ? null : new Date(next);
}

/**
 * Whether a recipient is due a repeat at `now`: not acknowledged, and a repeat time has
 * come since the last notice they got (the sending's, at first).
 */
export function repeatDue(
  sentAt: Date,
  recipient: Pick<UrgentRecipient, "acknowledgedAt">,
  lastNoticeAt: Date,
  now: Date,
): boolean {
  if (recipient.acknowledgedAt) return false;
  const next = nextRepeatAt(sentAt, lastNoticeAt);
  return next !== null && next.getTime() <= now.getTime();
}

/** When the leaders are told if a role holder has not acknowledged by then. */
export const escalationAt = (sentAt: Date) => new Date(sentAt.getTime() + urgentEscalateAfterMs);

/** Recipients reached through a role who have not acknowledged (as of `now`). */
export const unacknowledgedRoleHolders = (recipients: readonly UrgentRecipient[], now: Date) =>
  recipients.filter((r) => r.via === "role" && (!r.acknowledgedAt || r.acknowledgedAt > now));

/** Whether the leaders must be told now: 5 minutes passed, a role holder is silent, not told yet. */
export function escalationDue(
  sentAt: Date,
  recipients: readonly UrgentRecipient[],
  escalatedAt: Date | null,
  now: Date,
): boolean {
  if (escalatedAt) return false;
  if (now.getTime() < escalationAt(sentAt).getTime()) return false;
  return unacknowledgedRoleHolders(recipients, now).length > 0;
}

/** 'Bekreftet av n av m'. */
export function acknowledgedCount(recipients: readonly Pick<UrgentRecipient, "acknowledgedAt">[]) {
  return { n: recipients.filter((r) => r.acknowledgedAt).length, m: recipients.length };
}
