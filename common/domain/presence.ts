/**
 * Presence from the last heartbeat (spec §4, §9): online if seen within 90 s, away
 * within 10 minutes, otherwise offline. A tab sends a heartbeat every 30 s, so missing
 * two of them (a slow network, a busy ward PC) still leaves a person online.
 */
import { limits } from "../base/limits.ts";

/** Most present first; the order the monotonicity rule is stated in. */
export const presenceStatuses = ["online", "away", "offline"] as const;
export type PresenceStatus = (typeof presenceStatuses)[number];

const onlineMs = limits.presenceOnlineSeconds * 1000;
const awayMs = limits.presenceAwayMinutes * 60_000;

/**
 * The status of a person whose last heartbeat was at `lastSeenAt` (null: never seen).
 * Both bounds are inclusive ("within"). A heartbeat later than `now` comes from clocks
 * that differ a little between server instances; it is as fresh as can be, so online.
 */
export function presenceStatus(lastSeenAt: Date | null, now: Date): PresenceStatus {
  if (lastSeenAt === null) return "offline";
  const age = now.getTime() - lastSeenAt.getTime();
  if (age <= onlineMs) return "online";
  if (age <= awayMs) return "away";
  return "offline";
}
