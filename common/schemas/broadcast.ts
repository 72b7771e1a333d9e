/**
 * 'Send varsel til alle' (spec §5 Broadcast, decisions.md § Broadcasts): an admin tells
 * every active user something. The request schema only bounds what arrives (types,
 * sizes far above any rule); the rules the dialog shares with the server are
 * `broadcastError`'s (domain/broadcast.ts), answered with 422 and their own Norwegian message.
 */
import { z } from "zod";
import { hasControlCharacters } from "../base/characters.ts";
import { broadcastTypes } from "../domain/broadcast.ts";

export { type BroadcastType, broadcastTypes } from "../domain/broadcast.ts";

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

/**
 * 'Sendte varsler' (issue 26 item 4): the latest broadcasts I sent or whose department I
 * lead, each with 'Sett av {n} av {m}': how many of those it reached have read it.
 */
export const sentBroadcast = z.object({
  id: z.uuid(),
  type: z.enum(broadcastTypes),
  title: z.string(),
  createdAt: z.string(),
  /** null once the sender's account is gone */
  sender: z.object({ id: z.uuid(), fullName: z.string() }).nullable(),
  seen: z.number().int().nonnegative(),
  reached: z.number().int().nonnegative(),
});
export type SentBroadcast = z.infer<typeof sentBroadcast>;

export const sentBroadcastList = z.object({ broadcasts: z.array(sentBroadcast) });
export type SentBroadcastList = z.infer<typeof sentBroadcastList>;

export const broadcastParams = z.object({ broadcastId: z.uuid() });

/** Who has read one broadcast and who has not, by name. */
export const broadcastReaders = z.object({
  broadcast: sentBroadcast,
  read: z.array(z.object({ userId: z.uuid(), fullName: z.string(), readAt: z.string() })),
  unread: z.array(z.object({ userId: z.uuid(), fullName: z.string() })),
});
export type BroadcastReaders = z.infer<typeof broadcastReaders>;
