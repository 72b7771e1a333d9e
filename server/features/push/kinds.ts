/**
 * Which published events become a push, and of what kind (decisions.md § Push
 * notifications). Pure: the events of one tick in, at most one push per person and thing
 * out.
 *
 *  - `chat.unread` with `added` in a direct thread: `message` (the thread);
 *  - `chat.mentioned`: `mention`; `chat.urgent` (sent, repeat, escalation): `urgent`;
 *  - `notification.created` of the shift I got (`shift`), of a swap's answer or decision
 *    (`swap`), of a broadcast (`broadcast`), each the notification.
 *
 * An urgent message is also an `urgent_message` notice and, in a direct thread, one more
 * unread: the same message, so its `chat.urgent` alone pushes (the urgent notice types
 * never do), and of the pushes about one thread in a tick only the most telling is kept:
 * urgent, then a mention, then a message.
 */
import { broadcastTypes } from "../../../common/domain/broadcast.ts";
import type { AlertReasons } from "../../../common/domain/quiet.ts";
import type { ThreadKind } from "../../../common/schemas/chat.ts";
import { type NotificationType, notificationTypes } from "../../../common/schemas/notifications.ts";
import type { PushKind } from "../../../common/schemas/push.ts";
import type { RealtimeEventBody } from "../../../common/schemas/realtime.ts";

/**
 * Only the shift one got: 'Du fikk vakten' is what such a push says. That someone else
 * got it is in the bell; a push for every candidate who did not (up to 500 for one
 * assignment) would be noise on a phone, and a quiet loss is not news one must have now.
 */
const shiftWon: readonly NotificationType[] = ["shift_won", "shift_awarded", "shift_assigned_winner"];
/** A swap's answer or decision, for whoever waits for it (the leader: one to approve). */
const swapNews: readonly NotificationType[] = notificationTypes.filter((t) => t.startsWith("swap_"));

export interface PushCandidate {
  userId: string;
  kind: PushKind;
  /** the thread (chat kinds) or the notification */
  id: string;
  threadKind?: ThreadKind;
  /** the message a mention or urgent push is about (a direct message's is looked up) */
  messageId?: string;
  /** what the event itself says of why it must reach a quiet person */
  reasons: AlertReasons;
}

export interface HeardEvent {
  userId: string;
  body: RealtimeEventBody;
}

const rank: Record<PushKind, number> = { urgent: 3, mention: 2, message: 1, shift: 0, swap: 0, broadcast: 0 };

/** The event's push, or null when it pushes nothing. */
function candidateOf({ userId, body }: HeardEvent): PushCandidate | null {
  switch (body.type) {
    case "chat.unread": {
      const p = body.payload;
      if (!("added" in p) || p.kind !== "direct") return null;
      return { userId, kind: "message", id: p.threadId, threadKind: p.kind, reasons: {} };
    }
    case "chat.mentioned": {
      const p = body.payload;
      return {
        userId,
        kind: "mention",
        id: p.threadId,
        threadKind: p.kind,
        messageId: p.messageId,
        reasons: {},
      };
    }
    case "chat.urgent": {
      const p = body.payload;
      const reasons = { urgent: true };
      return { userId, kind: "urgent", id: p.threadId, threadKind: p.kind, messageId: p.messageId, reasons };
    }
    case "notification.created": {
      const { type, notificationId, urgent, mention } = body.payload;
      const reasons = {
        urgent: urgent === true,
        mentionedByName: mention === "name",
        holdsMentionedRole: mention === "role",
      };
      if (!type) return null;
      if (shiftWon.includes(type)) return { userId, kind: "shift", id: notificationId, reasons };
      if (swapNews.includes(type)) return { userId, kind: "swap", id: notificationId, reasons };
      if ((broadcastTypes as readonly NotificationType[]).includes(type))
        return { userId, kind: "broadcast", id: notificationId, reasons };
      return null;
    }
    default:
      return null;
  }
}

/** The pushes of a tick's events: one per person and thread or notice, the most telling. */
export function pushCandidates(events: readonly HeardEvent[]): PushCandidate[] {
  const kept = new Map<string, PushCandidate>();
  for (const event of events) {
    const c = candidateOf(event);
    if (!c) continue;
    const key = `${c.userId}:${c.id}`;
    const before = kept.get(key);
    if (!before || rank[c.kind] > rank[before.kind]) kept.set(key, c);
  }
  return [...kept.values()];
}
