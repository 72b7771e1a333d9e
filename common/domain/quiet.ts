/**
 * Quiet when off shift (issue 26 item 5): with 'Stille når jeg ikke er på vakt' on, a
 * person off shift still gets every message and notice in the app (unread counts, the
 * bell), but no toast, sound or push for ordinary ones. Urgent messages, mentions by
 * name and mentions of a role the person holds always alert. Someone with no shift data
 * at all (no shift and no duty-role holding within `quietLimits.shiftDataWindowDays`
 * either side of now) counts as on shift: nothing is silenced by surprise.
 */
import { quietLimits } from "../base/limits.ts";
import { isLeaderOrAdmin, type Membership } from "./roles.ts";

const dayMs = 86_400_000;

/**
 * The setting as it counts: the person's own choice, or else the default: on for staff,
 * off for someone who leads or administers (they get escalations and run the ward), who
 * can still turn it on.
 */
export function quietSettingOf(stored: boolean | null, memberships: readonly Membership[]): boolean {
  if (stored !== null) return stored;
  return !memberships.some((m) => m.isActive && isLeaderOrAdmin(m.role));
}

export interface QuietState {
  /** 'Stille når jeg ikke er på vakt' as it counts (quietSettingOf) */
  setting: boolean;
  /** a shift covering now in one of my departments, or a duty role held in the ongoing block */
  onShiftNow: boolean;
  /** any shift or holding within the window around now */
  hasShiftData: boolean;
}

/** Whether ordinary messages and notices are silenced now. */
export function isQuiet({ setting, onShiftNow, hasShiftData }: QuietState): boolean {
  return setting && hasShiftData && !onShiftNow;
}

/** What arrived: a chat message or a notice in the bell. */
export type AlertKind = "message" | "notice";

/** Why something must reach the person even when quiet. */
export interface AlertReasons {
  urgent?: boolean | undefined;
  mentionedByName?: boolean | undefined;
  holdsMentionedRole?: boolean | undefined;
}

/**
 * Whether something that arrived raises a toast, sound or push. Both kinds follow the
 * same rule today; the kind is there for what may differ later (push of messages).
 */
export function shouldAlert(_kind: AlertKind, quiet: boolean, reasons: AlertReasons = {}): boolean {
  if (!quiet) return true;
  return !!(reasons.urgent || reasons.mentionedByName || reasons.holdsMentionedRole);
}

/** A notice or event's own words for why it must reach: `urgent`, `mention: "name" | "role"`. */
export function alertReasonsOf(marks: { urgent?: boolean; mention?: "name" | "role" }): AlertReasons {
  return {
    urgent: marks.urgent === true,
    mentionedByName: marks.mention === "name",
    holdsMentionedRole: marks.mention === "role",
  };
}

/** The span in which a shift or holding counts as shift data. */
export function shiftDataWindow(at: Date): { from: Date; to: Date } {
  const span = quietLimits.shiftDataWindowDays * dayMs;
  return { from: new Date(at.getTime() - span), to: new Date(at.getTime() + span) };
}

/**
 * The next instant the answer may change after `at`: the first of the given instants
 * (ends of what covers now, starts of what comes, the ongoing block's end) that lies
 * after `at`; null when none does.
 */
export function nextQuietChange(at: Date, instants: readonly Date[]): Date | null {
  let next: Date | null = null;
  for (const i of instants) if (i.getTime() > at.getTime() && (!next || i < next)) next = i;
  return next;
}
