import { QueryClient, type QueryKey } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { limits } from "../../common/base/limits.ts";
import { type PersistMeta, personalCache } from "./personal-cache.ts";

const kari = "kari-id";
const ola = "ola-id";
const anestesi = "anestesi-id";
const intensiv = "intensiv-id";

const stored = () => Object.keys(localStorage).filter((key) => key.startsWith("vaktrom.personalCache."));

/** A page load: a new query client following the person the session names. */
function pageFor(userId: string | null, deptId: string | null = anestesi) {
  const client = new QueryClient();
  personalCache(client).follow(userId, deptId);
  return client;
}

const thread = (id: string) => ["chat", "messages", id] as const;
const meta = (keep = 20, trim?: PersistMeta["trim"]) => ({ persist: { group: "chat", keep, trim } });

/** Loads a query as a screen would, then the page is left (its store written). */
async function visit(client: QueryClient, key: QueryKey, data: unknown, persist = meta()) {
  await client.fetchQuery({ queryKey: key, queryFn: () => data, meta: persist });
  // The screen shows it: seen now.
  const observer = client.getQueryCache().find({ queryKey: key });
  observer?.addObserver({ onQueryUpdate: () => {} } as never);
}
const leave = () => window.dispatchEvent(new Event("pagehide"));

afterEach(() => vi.useRealTimers());

describe("the person's cache in this browser", () => {
  it("paints a query seen before from this browser on the next page load, trimmed as the query says", async () => {
    const first = pageFor(kari);
    await visit(
      first,
      thread("a"),
      { messages: ["1", "2", "3"] },
      meta(20, (data) => ({
        messages: (data as { messages: string[] }).messages.slice(-2),
      })),
    );
    await first.fetchQuery({ queryKey: ["chat", "unkept"], queryFn: () => "not declared" });
    leave();

    const next = pageFor(kari);
    expect(next.getQueryData(thread("a"))).toEqual({ messages: ["2", "3"] });
    expect(next.getQueryData(["chat", "unkept"])).toBeUndefined();
  });

  it("never shows one person's messages to another, and keeps only the one signed in", async () => {
    const kariPage = pageFor(kari);
    await visit(kariPage, thread("a"), "Kari's text");
    leave();
    expect(stored()).toHaveLength(1);

    const olaPage = pageFor(ola);
    expect(olaPage.getQueryData(thread("a"))).toBeUndefined();
    expect(stored()).toEqual([]);
    await visit(olaPage, thread("b"), "Ola's text");
    leave();
    expect(stored()).toEqual([`vaktrom.personalCache.${ola}`]);
    expect(JSON.stringify(localStorage)).not.toContain("Kari's text");
  });

  it("is gone after sign-out, and when a page loads with no session", async () => {
    const page = pageFor(kari);
    await visit(page, thread("a"), "text");
    leave();
    personalCache(page).forget();
    expect(stored()).toEqual([]);
    // A save that was due is not written afterwards.
    leave();
    expect(stored()).toEqual([]);

    await visit(pageFor(kari), thread("a"), "text");
    leave();
    pageFor(null);
    expect(stored()).toEqual([]);
  });

  it("keeps the threads seen most recently, as many as the group keeps", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const page = pageFor(kari);
    for (const id of ["a", "b", "c"]) {
      vi.advanceTimersByTime(1000);
      await visit(page, thread(id), id, meta(2));
    }
    leave();
    const next = pageFor(kari);
    expect([
      next.getQueryData(thread("a")),
      next.getQueryData(thread("b")),
      next.getQueryData(thread("c")),
    ]).toEqual([undefined, "b", "c"]);
  });

  it("does not carry a department's threads into another, nor outlive a session", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    await visit(pageFor(kari, anestesi), thread("a"), "text");
    leave();
    expect(pageFor(kari, intensiv).getQueryData(thread("a"))).toBeUndefined();
    expect(stored()).toEqual([]);

    await visit(pageFor(kari), thread("a"), "text");
    leave();
    vi.advanceTimersByTime(limits.sessionHours * 3600_000 + 1000);
    expect(pageFor(kari).getQueryData(thread("a"))).toBeUndefined();
    expect(stored()).toEqual([]);
  });

  it("writes a second after a change, once for changes in between", async () => {
    vi.useFakeTimers();
    const page = pageFor(kari);
    for (let i = 0; i < 5; i++) await visit(page, thread("a"), `version ${i}`);
    expect(stored()).toEqual([]);
    vi.advanceTimersByTime(1000);
    expect(stored()).toHaveLength(1);
    expect(pageFor(kari).getQueryData(thread("a"))).toBe("version 4");
  });
});
