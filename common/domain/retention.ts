import { osloDate, osloHourToInstant } from "./oslo-time.ts";

/**
 * Retention ('Oppbevaring', issue 30): what a department's rule may cover. Messages are
 * ruled per kind of thread; attachments by a rule of their own. No rule means 'Behold
 * alt'; a rule keeps a number of days (at least one).
 */
export const retentionScopes = ["shift", "department", "channel", "direct", "attachments"] as const;
export type RetentionScope = (typeof retentionScopes)[number];

/** The scopes of messages: each is the kind of thread it rules (chat's `threadKinds`). */
export const messageScopes = [
  "shift",
  "department",
  "channel",
  "direct",
] as const satisfies readonly RetentionScope[];
export type MessageScope = (typeof messageScopes)[number];

/** A rule's bounds: a day at least; ten years at most, past which 'Behold alt' says it. */
export const retentionDaysMin = 1;
export const retentionDaysMax = 3650;

/** A department's rules, every scope named: null is 'Behold alt'. */
export type RetentionRules = Record<RetentionScope, number | null>;

export const keepEverything: RetentionRules = {
  shift: null,
  department: null,
  channel: null,
  direct: null,
  attachments: null,
};

export function isRetentionDays(days: number): boolean {
  return Number.isInteger(days) && days >= retentionDaysMin && days <= retentionDaysMax;
}

const dayMs = 86_400_000;

/**
 * What a rule of `days` deletes at `now`: everything written strictly before the
 * instant returned. Days are 24 hours, not calendar days: the job runs at any hour, and
 * a clock change must not keep a message an hour longer or shorter.
 */
export function retentionCutoff(days: number, now: Date): Date {
  if (!isRetentionDays(days)) throw new RangeError(`not a retention rule: ${days} days`);
  return new Date(now.getTime() - days * dayMs);
}

/** The night's run: the rules are applied as of 03:00 in Oslo, quiet on most wards. */
export const retentionRunHour = 3;

/**
 * The last 03:00 in Oslo at or before `now`: the instant the daily job deletes as of.
 * Every tick of one day deletes as of the same instant, so the day's work is done once
 * (a later tick finds nothing new) however often the job ticks, and a tick after a
 * restart catches up.
 */
export function retentionRunAt(now: Date): Date {
  const today = osloHourToInstant(osloDate(now), retentionRunHour);
  return today <= now ? today : osloHourToInstant(osloDate(now), retentionRunHour, -1);
}

/**
 * What a thread shows ('Meldinger eldre enn {n} dager slettes automatisk'): its kind's
 * rule, and the attachments' rule only where it takes files sooner than the messages go.
 */
export function threadRetention(rules: RetentionRules, kind: MessageScope) {
  const messages = rules[kind];
  const files = rules.attachments;
  return { messages, attachments: files !== null && (messages === null || files < messages) ? files : null };
}
