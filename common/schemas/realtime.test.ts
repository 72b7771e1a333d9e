import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type PublishArgs, type RealtimeEvent, readRealtimeEvent, realtimeEventBody } from "./realtime.ts";

const delivery = { seq: 4, at: "2026-11-27T07:00:00.000Z" };
const knownTypes = realtimeEventBody.options.map((o) => o.shape.type.value);

describe("the realtime event contract", () => {
  it("names every event once", () => {
    expect(new Set(knownTypes).size).toBe(knownTypes.length);
  });

  it("reads a known event with its payload and where it arrived", () => {
    const envelope = {
      type: "shift.changed",
      payload: { shiftId: "s1", openCount: 3, extra: "x" },
      ...delivery,
    };
    // A field a newer server adds is dropped, not refused.
    expect(readRealtimeEvent(envelope)).toEqual({
      event: { type: "shift.changed", payload: { shiftId: "s1", openCount: 3 }, ...delivery },
    });
    expect(readRealtimeEvent({ type: "session.changed", payload: {}, ...delivery })).toEqual({
      event: { type: "session.changed", payload: {}, ...delivery },
    });
    // Either form of a thread's unread count.
    for (const change of [{ unread: 0 }, { added: 1 }]) {
      const payload = { threadId: "t1", kind: "direct", ...change };
      expect(readRealtimeEvent({ type: "chat.unread", payload, ...delivery })).toEqual({
        event: { type: "chat.unread", payload, ...delivery },
      });
    }
  });

  it("tells an event it does not know from one whose payload does not fit", () => {
    expect(readRealtimeEvent({ type: "roster.changed", payload: {}, ...delivery })).toEqual({
      problem: "unknown",
    });
    const misfits = [
      { type: "shift.changed", payload: { shiftId: "s1" } },
      { type: "chat.unread", payload: { threadId: "t1", kind: "ward", unread: 1 } },
      { type: "chat.unread", payload: { threadId: "t1", kind: "direct", added: 0 } },
      { type: "notification.read", payload: { unreadCount: -1 } },
      { type: "message.created", payload: null },
    ];
    for (const misfit of misfits)
      expect(readRealtimeEvent({ ...misfit, ...delivery })).toEqual({ problem: "malformed" });
  });

  it("never throws, whatever arrives", () => {
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom(...knownTypes), fc.string()), fc.anything(), (type, payload) => {
        const read = readRealtimeEvent({ type, payload, ...delivery });
        if ("event" in read) expect(read.event.type).toBe(type);
        else expect(["unknown", "malformed"]).toContain(read.problem);
      }),
    );
  });

  it("makes a wrong name or payload field a type error for publishers and readers", () => {
    const publish = (..._event: PublishArgs) => {};
    publish("shift.changed", { shiftId: "s1", openCount: 1 });
    publish("session.changed");
    // @ts-expect-error a renamed field
    publish("shift.changed", { shiftId: "s1", openCnt: 1 });
    // @ts-expect-error a payload left out
    publish("message.created");
    // @ts-expect-error an event nobody declared
    publish("shift.chnged", { shiftId: "s1", openCount: 1 });

    const read = (event: RealtimeEvent) => {
      if (event.type === "swap.offersChanged") return event.payload.openDeptOffers;
      // @ts-expect-error another event's field
      if (event.type === "swap.dealsChanged") return event.payload.openDeptOffers;
      return null;
    };
    expect(
      read({ type: "swap.offersChanged", payload: { deptId: "d1", openDeptOffers: 2 }, ...delivery }),
    ).toBe(2);
  });
});
