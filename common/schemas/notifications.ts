/**
 * Notifications (spec §3, §4): one row per recipient, with a type and a small payload.
 * Every type has its payload schema here: the server validates a payload with it before
 * anything is written, and the database's check constraint lists the same types.
 *
 * Payloads hold ids and small values, enough for the bell to show an item without a
 * request per item (a shift's title and start), never copies of personal data: a name
 * or an address is fetched by id when shown, so it does not live on in old
 * notifications after the person changed or was deleted. The objects are strict, so a
 * caller cannot slip extra fields (a name, an e-mail) in.
 *
 * A new type: add it to `notificationTypes` (domain/notifications.ts) and its schema to `notificationPayloads`
 * (the compiler asks for both), then a migration for the check constraint.
 */
import { z } from "zod";
import { hasControlCharacters } from "../base/characters.ts";
import { broadcastLimits } from "../base/limits.ts";
import { type NotificationType, notificationTypes } from "../domain/notifications.ts";
import { dealStatuses } from "../domain/swap-terms.ts";
import { shiftStatuses } from "./shifts.ts";

export { type NotificationType, notificationTypes } from "../domain/notifications.ts";

const line = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((v) => !hasControlCharacters(v), "Ugyldige tegn");
const instant = z.iso.datetime({ offset: true });

/** The shift a notification is about, with what the bell shows of it. */
const shiftRef = z.strictObject({
  shiftId: z.uuid(),
  title: line(100),
  startsAt: instant,
});

/** A swap deal on an offer, and the offered shift. */
const swapRef = shiftRef.extend({ offerId: z.uuid(), dealId: z.uuid() });

/** An urgent message, by its thread and id. */
const urgentRef = z.strictObject({
  threadId: z.uuid(),
  messageId: z.uuid(),
  threadKind: z.enum(["department", "shift", "direct", "channel"]),
});

const broadcast = z.strictObject({
  title: line(broadcastLimits.titleMaxLength),
  description: z.string().trim().max(broadcastLimits.descriptionMaxLength).optional(),
  sentFrom: z.literal("admin_panel"),
  extra: z
    .record(z.string(), z.json())
    .refine((v) => JSON.stringify(v).length <= broadcastLimits.extraMaxChars, "For stor")
    .optional(),
});

export const notificationPayloads = {
  // A shift of my department was published (every active staff member of it).
  shift_published: shiftRef,
  // The spec's outcome types for 'Du fikk vakten' / 'Du fikk ikke' (behind a flag).
  shift_won: shiftRef,
  shift_awarded: shiftRef,
  shift_awarded_other: shiftRef,
  // Automatic assignment: the winner, and the other candidates (decisions.md).
  shift_assigned_winner: shiftRef,
  shift_assigned_closed: shiftRef,
  // Swaps: a proposal or claim for the offer's owner, an accepted deal for the
  // department's leaders, the leader's decision for both people.
  swap_matched_proposed: swapRef,
  swap_ready_for_leader: swapRef,
  swap_approved: swapRef,
  swap_rejected: swapRef,
  // Swaps that end without a leader (decisions.md § Swaps): the owner declined (for the
  // proposer), the proposer withdrew (for the owner), the owner cancelled the offer (for
  // the proposers waiting), the shift started before it was decided (for everyone in it).
  swap_declined: swapRef,
  swap_withdrawn: swapRef,
  swap_cancelled: swapRef,
  swap_closed: swapRef,
  // Broadcasts from 'Send varsel til alle'.
  announcement: broadcast,
  maintenance: broadcast,
  update: broadcast,
  alert: broadcast,
  info: broadcast,
  // 'Haster' (issue 26): an urgent message for me, noticed again until I acknowledge it;
  // for a department's leaders, a role holder who has not ('Ikke bekreftet'). The names
  // are read with the message, never copied here.
  urgent_message: urgentRef,
  urgent_unacknowledged: urgentRef.extend({ missing: z.number().int().nonnegative() }),
} satisfies Record<NotificationType, z.ZodType>;

type Payloads = typeof notificationPayloads;
/** What a caller passes for a type (before trimming). */
export type NotificationPayloadInput<T extends NotificationType> = z.input<Payloads[T]>;

/**
 * What a shift or swap notice points to, as it is now (read with the list, joined by
 * id): the bell offers only what the present state allows ('Jeg er interessert' on an
 * open shift, not on one that was assigned meanwhile) and names the shift by its
 * present times. The abilities come from the policies, as on a shift card.
 */
export const notificationTarget = z.object({
  /** the shift's status now; null when it is gone */
  shiftStatus: z.enum(shiftStatuses).nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  /** the swap deal's status now (swap notices); null for shift notices or when gone */
  dealStatus: z.enum(dealStatuses).nullable(),
  /** I have answered the shift: registered interest */
  answered: z.boolean(),
  can: z.object({ interest: z.boolean(), viewOutcome: z.boolean() }),
});
export type NotificationTarget = z.infer<typeof notificationTarget>;

const item = <T extends NotificationType>(type: T) =>
  z.object({
    id: z.uuid(),
    type: z.literal(type),
    payload: notificationPayloads[type] as Payloads[T],
    createdAt: z.string(),
    /** null: unread */
    readAt: z.string().nullable(),
    /** null for broadcasts; absent from an older server */
    target: notificationTarget.nullish(),
  });

type ItemOf<T> = T extends NotificationType ? ReturnType<typeof item<T>> : never;
/** One schema per type, in the order of `notificationTypes`: what `map` returns, which it cannot say. */
type ItemsOf<L extends readonly unknown[]> = { -readonly [K in keyof L]: ItemOf<L[K]> };
type Items = ItemsOf<typeof notificationTypes>;

/** One notification as the API returns it: `payload` follows `type`. */
export const notificationDto = z.discriminatedUnion("type", notificationTypes.map(item) as unknown as Items);
export type NotificationDto = z.infer<typeof notificationDto>;

export const unreadCountResponse = z.object({ unreadCount: z.number().int().nonnegative() });

/** The latest notifications (spec §9: 20), newest first, and how many are unread in all. */
export const notificationListResponse = unreadCountResponse.extend({
  notifications: z.array(notificationDto),
});
export type NotificationListResponse = z.infer<typeof notificationListResponse>;

export const notificationParams = z.object({ id: z.uuid() });
