/** Which published events push, and that one thing pushes once (kinds.ts). */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { RealtimeEventBody } from "../../../common/schemas/realtime.ts";
import { pushCandidates } from "./kinds.ts";

const kari = randomUUID();
const ola = randomUUID();
const thread = randomUUID();
const message = randomUUID();
const notice = randomUUID();
const heard = (userId: string, body: RealtimeEventBody) => ({ userId, body });
const kinds = (bodies: RealtimeEventBody[], userId = kari) =>
  pushCandidates(bodies.map((b) => heard(userId, b))).map((c) => c.kind);

describe("which events push", () => {
  it("a direct message, not a message in any other thread nor a count going down", () => {
    expect(kinds([{ type: "chat.unread", payload: { threadId: thread, kind: "direct", added: 1 } }])).toEqual(
      ["message"],
    );
    for (const kind of ["department", "shift", "channel"] as const)
      expect(kinds([{ type: "chat.unread", payload: { threadId: thread, kind, added: 1 } }])).toEqual([]);
    expect(
      kinds([{ type: "chat.unread", payload: { threadId: thread, kind: "direct", unread: 3 } }]),
    ).toEqual([]);
  });

  it("an urgent message once, although it is also a notice and one more unread", () => {
    const ref = { threadId: thread, kind: "direct" as const, messageId: message };
    const events: RealtimeEventBody[] = [
      { type: "chat.unread", payload: { threadId: thread, kind: "direct", added: 1 } },
      {
        type: "notification.created",
        payload: { notificationId: notice, added: 1, type: "urgent_message", urgent: true },
      },
      { type: "chat.urgent", payload: { ...ref, notice: "sent" } },
    ];
    const pushes = pushCandidates(events.map((b) => heard(kari, b)));
    expect(pushes).toEqual([
      {
        userId: kari,
        kind: "urgent",
        id: thread,
        threadKind: "direct",
        messageId: message,
        reasons: { urgent: true },
      },
    ]);
    // Each person their own.
    expect(
      pushCandidates([...events.map((b) => heard(kari, b)), ...events.map((b) => heard(ola, b))]),
    ).toHaveLength(2);
  });

  it("a mention over the message it is in; the shift I got, swap news and broadcasts; not the rest", () => {
    expect(
      kinds([
        { type: "chat.unread", payload: { threadId: thread, kind: "direct", added: 1 } },
        { type: "chat.mentioned", payload: { threadId: thread, kind: "direct", messageId: message } },
      ]),
    ).toEqual(["mention"]);
    const of = (type: string) =>
      kinds([
        {
          type: "notification.created",
          payload: { notificationId: randomUUID(), added: 1, type },
        } as RealtimeEventBody,
      ]);
    for (const type of ["shift_won", "shift_awarded", "shift_assigned_winner"])
      expect(of(type)).toEqual(["shift"]);
    for (const type of [
      "swap_matched_proposed",
      "swap_ready_for_leader",
      "swap_approved",
      "swap_rejected",
      "swap_declined",
    ])
      expect(of(type)).toEqual(["swap"]);
    for (const type of ["announcement", "maintenance", "update", "alert", "info"])
      expect(of(type)).toEqual(["broadcast"]);
    for (const type of [
      "shift_published",
      "shift_awarded_other",
      "shift_assigned_closed",
      "urgent_message",
      "urgent_unacknowledged",
    ])
      expect(of(type)).toEqual([]);
    expect(kinds([{ type: "alerts.changed", payload: {} }])).toEqual([]);
  });
});
