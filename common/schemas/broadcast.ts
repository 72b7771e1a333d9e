/**
 * 'Send varsel til alle' (spec §5 Broadcast, decisions.md § Broadcasts): an admin tells
 * every active user something. The request schema only bounds what arrives (types,
 * sizes far above any rule); the rules the dialog shares with the server are
 * `broadcastError`'s, answered with 422 and their own Norwegian message.
 */
import { z } from "zod";
import { hasControlCharacters } from "./auth.ts";
import { broadcastLimits, type NotificationType } from "./notifications.ts";

export const broadcastTypes = [
  "announcement",
  "maintenance",
  "update",
  "alert",
  "info",
] as const satisfies readonly NotificationType[];
export type BroadcastType = (typeof broadcastTypes)[number];

// Bounds of what is read at all; the rules' limits (100, 500) are far below and answer 422.
const titleInputMax = 1000;
const descriptionInputMax = 5000;

export const broadcastRequest = z.object({
  type: z.enum(broadcastTypes),
  // The title is one line: it heads the item in everyone's bell.
  title: z
    .string()
    .max(titleInputMax)
    .refine((v) => !hasControlCharacters(v), "Ugyldige tegn"),
  // Line breaks belong in a description; NUL cannot be stored.
  description: z
    .string()
    .max(descriptionInputMax)
    .refine((v) => !v.includes("\u0000"), "Ugyldige tegn")
    .optional(),
  extra: z.record(z.string(), z.json()).optional(),
});
export type BroadcastRequest = z.input<typeof broadcastRequest>;

/** How many people it reached: every active user but the sender. */
export const broadcastResponse = z.object({ count: z.number().int().nonnegative() });

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
