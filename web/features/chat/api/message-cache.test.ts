import { describe, expect, it } from "vitest";
import { type Messages, newestPageOf, persistedMessages, type ThreadMessage } from "./message-cache.ts";

const message = (n: number, pending = false): ThreadMessage =>
  ({ id: `m${n}`, content: `Melding ${n}`, ...(pending ? { pending: true } : {}) }) as ThreadMessage;
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => message(from + i));

/** Page 0 the newest, as the cache holds them. */
const held = (pages: { messages: ThreadMessage[]; hasMore: boolean }[]): Messages => ({
  pages: pages.map((page, i) => ({ ...page, asOf: `2026-11-27T04:0${i}:00.000Z` })),
  pageParams: pages.map((_, i) => (i === 0 ? null : `m${i}`)),
});

describe("what the browser keeps of a thread", () => {
  it("keeps the newest confirmed messages as one page, older ones left to 'load older'", () => {
    const data = held([
      { messages: [...range(41, 80), message(81, true)], hasMore: true },
      { messages: range(1, 40), hasMore: false },
    ]);
    const kept = newestPageOf(data);
    expect(kept.pageParams).toEqual([null]);
    expect(kept.pages).toHaveLength(1);
    const [page] = kept.pages;
    expect(page?.messages.map((m) => m.id)).toEqual(
      range(81 - persistedMessages.messages, 80).map((m) => m.id),
    );
    // My send still on its way is not kept: it would stay 'sending' for ever.
    expect(page?.messages.some((m) => m.pending)).toBe(false);
    expect(page?.hasMore).toBe(true);
    // Changes since the newest page was read are asked for, not since an older one.
    expect(page?.asOf).toBe("2026-11-27T04:00:00.000Z");
  });

  it("keeps a deleted message without its text, files or undo: the purge must not miss a copy", () => {
    const deleted = {
      ...message(2),
      deletedAt: "2026-11-27T04:00:00.000Z",
      attachments: [{ id: "f1" }],
      reactions: [{ emoji: "👍" }],
      abilities: { edit: false, delete: false, react: false, undo: true },
    } as unknown as ThreadMessage;
    const [page] = newestPageOf(held([{ messages: [message(1), deleted], hasMore: false }])).pages;
    expect(page?.messages[1]).toMatchObject({ id: "m2", content: null, attachments: [], reactions: [] });
    expect(page?.messages[1]?.abilities.undo).toBe(false);
    expect(page?.messages[0]).toEqual(message(1));
  });

  it("says there is nothing older when the whole thread fits", () => {
    const kept = newestPageOf(held([{ messages: range(1, 3), hasMore: false }]));
    expect(kept.pages[0]).toMatchObject({ hasMore: false, messages: range(1, 3) });
  });
});
