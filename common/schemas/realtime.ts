/**
 * The realtime protocol on `/api/realtime`: JSON text frames, one WebSocket per tab.
 * The server parses client frames with these schemas and the web client parses server
 * frames with them, so both sides agree on every shape.
 */
import { z } from "zod";

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

/** What happened on a topic: ids and small values; `seq` increases by one per topic. */
export const realtimeEvent = z.object({
  type: z.string(),
  payload: z.record(z.string(), z.unknown()),
  seq: z.number().int(),
  at: z.string(),
});
export type RealtimeEvent = z.infer<typeof realtimeEvent>;

export const realtimeServerFrame = z.discriminatedUnion("type", [
  z.object({ type: z.literal("subscribed"), topic }),
  z.object({
    type: z.literal("error"),
    topic: topic.optional(),
    code: z.string(),
    message: z.string(),
  }),
  z.object({ type: z.literal("event"), topic, event: realtimeEvent }),
  z.object({ type: z.literal("pong") }),
  // Events of any topic may have been missed (the server's bus lost its connection): refetch.
  z.object({ type: z.literal("resync") }),
]);
export type RealtimeServerFrame = z.infer<typeof realtimeServerFrame>;

/** WebSocket close code: the session ended or was never valid; sign in again. */
export const closeSessionEnded = 4401;
