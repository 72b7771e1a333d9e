/**
 * 'Send varsel til alle' (spec §5 Broadcast, decisions.md § Broadcasts): the kinds of
 * broadcast and the rules the dialog shares with the server, each with its code (the
 * message is in texts/errors/notifications.ts).
 */
import { broadcastLimits } from "../base/limits.ts";
import type { NotificationType } from "./notifications.ts";

export const broadcastTypes = [
  "announcement",
  "maintenance",
  "update",
  "alert",
  "info",
] as const satisfies readonly NotificationType[];
export type BroadcastType = (typeof broadcastTypes)[number];

export type BroadcastRuleError =
  | "broadcast_required"
  | "broadcast_title_too_long"
  | "broadcast_description_too_long"
  | "broadcast_extra_invalid"
  | "broadcast_extra_too_large";

/**
 * The first rule a broadcast breaks, or null. Lengths count as the stored payload's
 * schema counts them (UTF-16 units after trimming), so what passes here is never refused
 * when it is written.
 */
export function broadcastError(input: {
  title: string;
  description?: string | undefined;
  extra?: unknown;
}): BroadcastRuleError | null {
  const title = input.title.trim();
  if (!title) return "broadcast_required";
  if (title.length > broadcastLimits.titleMaxLength) return "broadcast_title_too_long";
  if ((input.description ?? "").trim().length > broadcastLimits.descriptionMaxLength)
    return "broadcast_description_too_long";
  if (input.extra === undefined) return null;
  if (!isJsonObject(input.extra)) return "broadcast_extra_invalid";
  const json = JSON.stringify(input.extra);
  // PostgreSQL's jsonb cannot hold NUL, not even escaped.
  if (json.includes("\\u0000")) return "broadcast_extra_invalid";
  if (json.length > broadcastLimits.extraMaxChars) return "broadcast_extra_too_large";
  return null;
}

/** 'Tilleggsinformasjon' is an object ({"avdeling": "Post 1"}), not a list or a bare value. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
