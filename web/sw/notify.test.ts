/**
 * What the service worker shows for a push and where a click goes: private by default
 * (no preview: the kind's title and 'Trykk for å åpne'), one notification per thread, and
 * the right screen for each kind (issue 27).
 */
import { describe, expect, it } from "vitest";
import { notificationFor, pathOf, readPayload } from "./notify.ts";

const id = "6f1c0b7e-2d4a-4c1e-9a57-2f0e5b7d9a11";

describe("readPayload", () => {
  it("takes the contract's payload and nothing else", () => {
    expect(readPayload({ kind: "message", id, threadKind: "direct" })).toEqual({
      kind: "message",
      id,
      threadKind: "direct",
    });
    expect(readPayload({ kind: "urgent", id, preview: { title: "Kari", body: "Kom" } })?.preview).toEqual({
      title: "Kari",
      body: "Kom",
    });
    for (const wrong of [
      null,
      "text",
      { kind: "other", id },
      { kind: "message", id: "not-a-uuid" },
      { kind: "message", id, threadKind: "group" },
      { kind: "message", id, preview: { title: 1, body: "x" } },
      { kind: "message", id, preview: { title: "x".repeat(81), body: "x" } },
    ])
      expect(readPayload(wrong), JSON.stringify(wrong)).toBeNull();
  });
});

describe("notificationFor", () => {
  it("says only what kind of thing happened without a preview, and opens the thread", () => {
    const shown = notificationFor({ kind: "message", id, threadKind: "direct" });
    expect(shown.title).toBe("Ny melding i Vaktrom");
    expect(shown.options).toMatchObject({
      body: "Trykk for å åpne",
      tag: `thread:${id}`,
      icon: "/icons/icon-192.png",
      requireInteraction: false,
      data: { path: `/chat/dm/${id}` },
    });
  });

  it("shows the preview when there is one, and keeps 'Haster' until it is acted on", () => {
    const shown = notificationFor({
      kind: "urgent",
      id,
      threadKind: "channel",
      preview: { title: "Lars", body: "Ring" },
    });
    expect([shown.title, shown.options.body]).toEqual(["Lars", "Ring"]);
    expect(shown.options.requireInteraction).toBe(true);
    expect(shown.options.data).toEqual({ path: `/chat/channel/${id}` });
  });

  it("opens each kind's screen", () => {
    const path = (p: Parameters<typeof notificationFor>[0]) => pathOf(notificationFor(p).options.data);
    expect(path({ kind: "mention", id, threadKind: "department" })).toBe("/chat/department");
    expect(path({ kind: "mention", id, threadKind: "shift" })).toBe("/chat/shift");
    expect(path({ kind: "shift", id })).toBe("/shifts/open");
    expect(path({ kind: "swap", id })).toBe("/shifts/swaps");
    expect(path({ kind: "broadcast", id })).toBe("/chat/department");
    expect(notificationFor({ kind: "shift", id }).title).toBe("Du fikk vakten");
    expect(notificationFor({ kind: "shift", id }).options.tag).toBe(`shift:${id}`);
  });

  it("never opens another site from a notification's data", () => {
    expect(pathOf({ path: "//evil.example/x" })).toBe("/chat/department");
    expect(pathOf({ path: "https://evil.example" })).toBe("/chat/department");
    expect(pathOf(null)).toBe("/chat/department");
  });
});
