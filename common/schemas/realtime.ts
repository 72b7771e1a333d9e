/**
 * The realtime protocol on `/api/realtime`: JSON text frames, one WebSocket per tab.
 * The server parses client frames with these schemas and the web client parses server
 * frames with them, so both sides agree on every shape.
 */
import { z } from "zod";
import { notificationTypes } from "../domain/notifications.ts";
import { threadKinds } from "./chat.ts";
import { presenceEntry } from "./presence.ts";

export const topicKinds = ["user", "dept", "thread"] as const;
export type TopicKind = (typeof topicKinds)[number];

// Lower-case ids only: bus topics are compared as strings, so `user:ABC…` would never
// receive what is published to `user:abc…`.
const topicPattern = /^(user|dept|thread):([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** `kind:id`, or null for anything a client may not name (including `session:` topics). */
export function parseTopic(topic: string): { kind: TopicKind; id: string } | null {
  const match = topicPattern.exec(topic);
  return match ? { kind: match[1] as TopicKind, id: match[2]! } : null;
}

export const topics = {
  user: (id: string) => `user:${id}`,
  dept: (id: string) => `dept:${id}`,
  thread: (id: string) => `thread:${id}`,
};

export const topicMaxLength = 200;
const topic = z.string().min(1).max(topicMaxLength);

export const realtimeClientFrame = z.discriminatedUnion("type", [
  z.object({ type: z.literal("subscribe"), topic }),
  z.object({ type: z.literal("unsubscribe"), topic }),
  z.object({ type: z.literal("ping") }),
]);
export type RealtimeClientFrame = z.infer<typeof realtimeClientFrame>;

/**
 * Every event the bus carries, and its payload: ids and small values, listeners fetch
 * the rest. The server publishes only these (a wrong name or field is a type error),
 * and the web parses each event it receives with them: one it does not know is
 * ignored, one whose payload does not fit means its topic must be read again.
 */
const event = <const T extends string, P extends z.ZodType>(type: T, payload: P) =>
  z.object({ type: z.literal(type), payload });

const none = z.object({});
const count = z.number().int().nonnegative();
const messageRef = z.object({ threadId: z.string(), messageId: z.string() });
const threadRef = z.object({ threadId: z.string(), kind: z.enum(threadKinds) });

export const realtimeEventBody = z.discriminatedUnion("type", [
  // On `thread:{id}`: a message or its reactions changed; clients read it again.
  event("message.created", messageRef),
  event("message.edited", messageRef),
  event("message.deleted", messageRef),
  event("message.restored", messageRef),
  event("reaction.changed", messageRef),
  // On `thread:{id}`: a recipient acknowledged an urgent message ('Bekreft'); read it again.
  event("message.acknowledged", messageRef),
  // On `thread:{id}`: a recipient read past an urgent message ('Sett av'); read it again.
  event("message.seen", messageRef),
  // On `thread:{id}`: people joined the thread.
  event("thread.members", z.object({ threadId: z.string() })),
  // On `user:{id}`: a thread's unread count now, or how many more (a new message).
  event(
    "chat.unread",
    z.union([threadRef.extend({ unread: count }), threadRef.extend({ added: z.number().int().positive() })]),
  ),
  // On `user:{id}`: an urgent message for the person ('Haster'): sent, noticed again while
  // not acknowledged, or (for a leader) not acknowledged by a role holder in time.
  event(
    "chat.urgent",
    threadRef.extend({ messageId: z.string(), notice: z.enum(["sent", "repeat", "escalation"]) }),
  ),
  // On `user:{id}`: a message mentions the person (by name, a role they hold, '@vakt').
  event("chat.mentioned", threadRef.extend({ messageId: z.string() })),
  // On `dept:{id}`: an urgent message was sent or acknowledged there (the 'Haster' overview).
  event("chat.urgentChanged", z.object({ deptId: z.string() })),
  // On `user:{id}`: someone else put the person in a thread.
  event("chat.joined", threadRef),
  // On `dept:{id}` after any change of a published shift, with the department's open count.
  event("shift.changed", z.object({ shiftId: z.string(), openCount: count })),
  // On the `user:` topics of the department's leaders and admins after a draft changed.
  event("shift.draftsChanged", z.object({ shiftId: z.string(), deptId: z.string() })),
  // On `dept:{id}` after an offer's visibility or status changed, with the open count.
  event("swap.offersChanged", z.object({ deptId: z.string(), openDeptOffers: count })),
  // On the `user:` topics of both parties, and of the leaders and admins a deal waits for.
  event("swap.dealsChanged", z.object({ dealId: z.string() })),
  // On `dept:{id}` after a duty role or one of its holders changed ('Vaktroller').
  event("duty.changed", z.object({ deptId: z.string() })),
  // On `dept:{id}` when someone comes online there (was away or offline).
  event("presence.online", presenceEntry),
  // On the person's and their administrators' `user:` topics: account, records or avatar.
  event("user.changed", z.object({ userId: z.string() })),
  // On `user:{id}`: one more unread notification, of its type. `urgent` and `mention` say it
  // must reach the person even when quiet off shift (common/domain/quiet.ts): an urgent
  // notice, or one about a mention of them by name or of a role they hold.
  event(
    "notification.created",
    z.object({
      notificationId: z.string(),
      added: z.number().int().positive(),
      type: z.enum(notificationTypes).optional(),
      urgent: z.boolean().optional(),
      mention: z.enum(["name", "role"]).optional(),
    }),
  ),
  // On `user:{id}`: one read (or, without an id, all: 'Merk alle som lest'), and the count now.
  event("notification.read", z.object({ notificationId: z.string().optional(), unreadCount: count })),
  // On `user:{id}`: whether the person is quiet off shift may have changed (their setting,
  // a duty-role holding); the client asks `GET /api/me/alerts` again.
  event("alerts.changed", none),
  // On `user:{id}`: the person's roles or departments changed; sessions and sockets check again.
  event("session.changed", none),
  // Server-side only. On `session:{id}`: the session ended; its sockets close.
  event("session.ended", none),
  // Server-side only: notices wait in the outbox (notifications/outbox.ts).
  event("notifications.queued", none),
]);
export type RealtimeEventBody = z.infer<typeof realtimeEventBody>;
export type RealtimeEventType = RealtimeEventBody["type"];
export type RealtimePayload<T extends RealtimeEventType> = Extract<RealtimeEventBody, { type: T }>["payload"];

/** Where events arrive: `seq` increases by one per topic, so a gap shows a missed event. */
interface Delivery {
  seq: number;
  /** ISO time of publication */
  at: string;
}

/** An event as listeners receive it. */
export type RealtimeEvent = RealtimeEventBody & Delivery;

/**
 * An event frame as read off the socket, before its body is checked: what the client
 * does not understand must still count in the topic's `seq`.
 */
const eventEnvelope = z.object({
  type: z.string(),
  payload: z.unknown(),
  seq: z.number().int(),
  at: z.string(),
});

const knownTypes: ReadonlySet<string> = new Set(realtimeEventBody.options.map((o) => o.shape.type.value));

/**
 * An event frame's event as this code understands it; or `unknown` (a type it does not
 * know: a newer server) or `malformed` (a known type whose payload does not fit).
 */
export function readRealtimeEvent(
  envelope: z.infer<typeof eventEnvelope>,
): { event: RealtimeEvent } | { problem: "unknown" | "malformed" } {
  if (!knownTypes.has(envelope.type)) return { problem: "unknown" };
  const body = realtimeEventBody.safeParse({ type: envelope.type, payload: envelope.payload });
  if (!body.success) return { problem: "malformed" };
  return { event: { ...body.data, seq: envelope.seq, at: envelope.at } };
}

/**
 * `type` and `payload` for a publish call, one tuple per event: the payload may be left
 * out where the event carries none.
 */
type ArgsOf<E> = E extends { type: infer T; payload: infer P }
  ? P extends Record<string, never>
    ? [type: T, payload?: P]
    : [type: T, payload: P]
  : never;
export type PublishArgs = ArgsOf<RealtimeEventBody>;

export const realtimeServerFrame = z.discriminatedUnion("type", [
  // `recent`: an event of the topic passed shortly before; what the client read may predate it
  z.object({ type: z.literal("subscribed"), topic, recent: z.literal(true).optional() }),
  z.object({
    type: z.literal("error"),
    topic: topic.optional(),
    code: z.string(),
    message: z.string(),
  }),
  z.object({ type: z.literal("event"), topic, event: eventEnvelope }),
  z.object({ type: z.literal("pong") }),
  // Events of any topic may have been missed (the server's bus lost its connection): refetch.
  z.object({ type: z.literal("resync") }),
]);
export type RealtimeServerFrame = z.infer<typeof realtimeServerFrame>;

/** WebSocket close code: the session ended or was never valid; sign in again. */
export const closeSessionEnded = 4401;
