// The DOM of the unit tests has no IndexedDB: an in-memory one, for these tests only.
import "fake-indexeddb/auto";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { pushLimits } from "../../../../common/base/limits.ts";
import type { MessageDto } from "../../../../common/schemas/chat.ts";
import { ApiError } from "../../../lib/api.ts";
import { clearOutbox } from "../../../lib/outbox-db.ts";
import { type NewOutboxItem, Outbox, type OutboxItem } from "./outbox.ts";

const kari = "user-kari";
const ola = "user-ola";

const item = (clientKey: string, threadId = "t1"): NewOutboxItem => ({
  clientKey,
  threadId,
  content: `Melding ${clientKey}`,
  replyToId: null,
});

const serverMessage = (queued: OutboxItem) =>
  ({ id: `m-${queued.clientKey}`, threadId: queued.threadId }) as MessageDto;

/** An outbox whose sends are recorded and answered by `answer` (the server's message by default). */
function makeOutbox(userId = kari, answer?: (queued: OutboxItem) => Promise<MessageDto>, now?: () => number) {
  const sent: string[] = [];
  const merged: string[] = [];
  const outbox = new Outbox(userId, {
    send: async (queued) => {
      sent.push(queued.clientKey);
      // A real POST takes a while: concurrent flushes overlap here if they can.
      await new Promise((resolve) => setTimeout(resolve, 5));
      return answer ? answer(queued) : serverMessage(queued);
    },
    onSent: (_queued, message) => merged.push(message.id),
    ...(now ? { now } : {}),
  });
  return { outbox, sent, merged };
}

const states = (outbox: Outbox) => outbox.snapshot().map((i) => `${i.clientKey}:${i.state}`);

beforeEach(async () => {
  await clearOutbox();
});

describe("the offline outbox", () => {
  it("shows a queued message at once and sends everything in the order written, across threads", async () => {
    const { outbox, sent, merged } = makeOutbox();
    await outbox.enqueue(item("a", "t1"));
    await outbox.enqueue(item("b", "t2"));
    await outbox.enqueue(item("c", "t1"));
    expect(states(outbox)).toEqual(["a:waiting", "b:waiting", "c:waiting"]);
    expect(outbox.waitingIn("t1")).toBe(true);

    await outbox.flush();
    expect(sent).toEqual(["a", "b", "c"]);
    expect(merged).toEqual(["m-a", "m-b", "m-c"]);
    expect(outbox.snapshot()).toEqual([]);
  });

  it("puts a send that failed on its way before what was queued while it was out", async () => {
    const { outbox, sent } = makeOutbox();
    const writtenAt = Date.now() - 1000;
    await outbox.enqueue(item("later"));
    await outbox.enqueue(item("earlier"), writtenAt);
    expect(states(outbox)).toEqual(["earlier:waiting", "later:waiting"]);
    await outbox.flush();
    expect(sent).toEqual(["earlier", "later"]);
  });

  it("is read back from IndexedDB after a reload, in order", async () => {
    const before = makeOutbox();
    await before.outbox.enqueue(item("a"));
    await before.outbox.enqueue(item("b"));

    const after = makeOutbox();
    await after.outbox.load();
    expect(states(after.outbox)).toEqual(["a:waiting", "b:waiting"]);
  });

  it("sends each message exactly once when two flushes (two tabs, two triggers) run at the same time", async () => {
    const tabOne = makeOutbox();
    const tabTwo = makeOutbox();
    for (const key of ["a", "b", "c"]) await tabOne.outbox.enqueue(item(key));

    await Promise.all([tabOne.outbox.flush(), tabTwo.outbox.flush(), tabOne.outbox.flush()]);
    expect([...tabOne.sent, ...tabTwo.sent].toSorted()).toEqual(["a", "b", "c"]);
    expect(tabOne.sent.length + tabTwo.sent.length).toBe(3);
  });

  it("keeps everything waiting on a network error or a 503, and stops at the first", async () => {
    for (const failure of [
      new ApiError("network", "Ingen forbindelse", 0),
      new ApiError("unavailable", "Nede", 503),
    ]) {
      await clearOutbox();
      const { outbox, sent } = makeOutbox(kari, () => Promise.reject(failure));
      await outbox.enqueue(item("a"));
      await outbox.enqueue(item("b"));
      await outbox.flush();
      expect(sent).toEqual(["a"]);
      expect(states(outbox)).toEqual(["a:waiting", "b:waiting"]);
    }
  });

  it("marks a refused message (4xx) 'Ikke sendt' with the server's reason and sends the next; 'Prøv igjen' sends it", async () => {
    let refuse = true;
    const { outbox, sent } = makeOutbox(kari, (queued) =>
      queued.clientKey === "a" && refuse
        ? Promise.reject(new ApiError("message_too_long", "Meldingen er for lang", 422))
        : Promise.resolve(serverMessage(queued)),
    );
    await outbox.enqueue(item("a"));
    await outbox.enqueue(item("b"));
    await outbox.flush();
    expect(sent).toEqual(["a", "b"]);
    expect(outbox.snapshot()).toMatchObject([
      { clientKey: "a", state: "failed", error: "Meldingen er for lang" },
    ]);

    // A failed message is not sent again by a flush, only by 'Prøv igjen'.
    await outbox.flush();
    expect(sent).toEqual(["a", "b"]);
    refuse = false;
    await outbox.retry("a");
    expect(sent).toEqual(["a", "b", "a"]);
    expect(outbox.snapshot()).toEqual([]);
  });

  it("turns a message unsent for 24 hours into 'Ikke sendt' without sending it; 'Slett' removes it", async () => {
    let clock = Date.parse("2026-11-27T08:00:00Z");
    const { outbox, sent } = makeOutbox(kari, undefined, () => clock);
    await outbox.enqueue(item("a"));

    clock += pushLimits.outboxMaxAgeMs;
    await outbox.load();
    expect(states(outbox)).toEqual(["a:waiting"]);

    clock += 1;
    await outbox.flush();
    expect(sent).toEqual([]);
    expect(states(outbox)).toEqual(["a:failed"]);

    await outbox.remove("a");
    expect(outbox.snapshot()).toEqual([]);
    await outbox.load();
    expect(outbox.snapshot()).toEqual([]);
  });

  it("never shows, sends or deletes another person's queued messages (a shared ward PC)", async () => {
    const karis = makeOutbox(kari);
    const olas = makeOutbox(ola);
    await karis.outbox.enqueue(item("kari-1"));

    await olas.outbox.load();
    expect(olas.outbox.snapshot()).toEqual([]);
    await olas.outbox.flush();
    expect(olas.sent).toEqual([]);
    await olas.outbox.remove("kari-1");
    await olas.outbox.retry("kari-1");

    await karis.outbox.load();
    expect(states(karis.outbox)).toEqual(["kari-1:waiting"]);
  });

  it("is emptied when the session ends, and a tab showing it hears so", async () => {
    const { outbox, sent } = makeOutbox();
    const heard = vi.fn();
    const stop = outbox.subscribe(heard);
    await outbox.enqueue(item("a"));
    await outbox.enqueue(item("b", "t2"));

    await clearOutbox();
    await vi.waitFor(() => expect(outbox.snapshot()).toEqual([]));
    expect(heard).toHaveBeenCalled();
    await outbox.flush();
    expect(sent).toEqual([]);
    stop();
  });
});
