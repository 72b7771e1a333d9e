/**
 * Keeping a thread's cached messages up with the server when events may have been
 * missed: after a drop, a quiet spell or a reopening, and when an event names a message
 * to read again.
 */
import type { QueryClient } from "@tanstack/react-query";
import { messageDto } from "../../../../common/schemas/chat.ts";
import { ApiError, apiFetch } from "../../../lib/api.ts";
import {
  appendNew,
  fetchPage,
  findMessage,
  type Messages,
  mapMessages,
  messagesOf,
  messagesQuery,
  newestConfirmed,
  putMessage,
  updateMessages,
  url,
} from "./message-cache.ts";

type CatchUpScope = "new" | "all";

/**
 * The catch-up of one thread: fetches what came after the newest message held, page by
 * page, and (unless only new messages were announced) what changed among those held.
 * Calls while one runs make it run once more afterwards instead of racing it, and it
 * waits for my sends on their way, so that a message is never held both as my pending
 * copy and as the server's.
 */
class ThreadSync {
  lastHeard = Date.now();
  /** Everything held was read at or after this (server clock), or changes since were. */
  private syncedAt: string | null = null;
  private running: Promise<void> | null = null;
  /** What the run after the current one must read; null when none is asked for. */
  private again: CatchUpScope | null = null;
  private readonly sends = new Set<Promise<unknown>>();

  constructor(
    private readonly client: QueryClient,
    private readonly threadId: string,
  ) {}

  heard() {
    this.lastHeard = Date.now();
  }

  trackSend<T>(send: Promise<T>): Promise<T> {
    this.sends.add(send);
    const done = () => this.sends.delete(send);
    send.then(done, done);
    return send;
  }

  /**
   * `new` when an event announced a new message: edits, deletions and reactions come
   * with events of their own, so the one request on the realtime path is the new page.
   * `all` after a drop, a quiet spell or a reopening, when any of those may be missed.
   */
  catchUp(scope: CatchUpScope = "all"): Promise<void> {
    if (this.running) {
      this.again = this.again === "all" ? "all" : scope;
      return this.running;
    }
    this.running = (async () => {
      try {
        for (let next: CatchUpScope | null = scope; next; next = this.again) {
          this.again = null;
          await Promise.allSettled([...this.sends]);
          await this.fetchNew();
          if (next === "all") await this.fetchChanged();
        }
      } finally {
        this.running = null;
        this.heard();
      }
    })();
    return this.running;
  }

  private async fetchNew() {
    const query = messagesQuery(this.threadId);
    // While the first load is on its way, wait for it and continue from what it brought.
    const data =
      this.client.getQueryData<Messages>(query.queryKey) ??
      (await this.client.ensureInfiniteQueryData(query));
    let after = newestConfirmed(data)?.id;
    // Nothing held yet: the newest page, with its `hasMore`, is the whole answer.
    if (!after) return void (await this.client.refetchQueries({ queryKey: query.queryKey }));
    try {
      for (;;) {
        const page = await fetchPage(this.threadId, { after });
        updateMessages(this.client, this.threadId, (d) => appendNew(d, page.messages));
        const last = page.messages.at(-1);
        if (!page.hasMore || !last) return;
        after = last.id;
      }
    } catch (err) {
      // The message we continue from is gone for good (its author was deleted): start afresh.
      if (err instanceof ApiError && err.status === 404)
        await this.client.refetchQueries({ queryKey: query.queryKey });
      else throw err;
    }
  }

  /**
   * Edits, deletions, restores and reactions to the messages held that happened while
   * no events came: read again in one request. Too many: load the thread afresh.
   */
  private async fetchChanged() {
    const query = messagesQuery(this.threadId);
    const data = this.client.getQueryData<Messages>(query.queryKey);
    const oldest = messagesOf(data).find((m) => !m.pending);
    // Page 0 was read first (pages further back came later): held messages are at least that fresh.
    const since = [this.syncedAt, data?.pages[0]?.asOf]
      .filter((at) => at != null)
      .sort()
      .at(-1);
    if (!oldest || !since) return;
    const page = await fetchPage(this.threadId, { changedSince: since, from: oldest.id }).catch(
      (err: unknown) => {
        // The oldest message held is gone for good (its author was deleted): start afresh.
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      },
    );
    if (!page || page.hasMore) return void (await this.client.refetchQueries({ queryKey: query.queryKey }));
    const held = new Set(messagesOf(this.client.getQueryData<Messages>(query.queryKey)).map((m) => m.id));
    for (const message of page.messages) if (held.has(message.id)) putMessage(this.client, message);
    this.syncedAt = page.asOf;
  }

  /**
   * A message held here changed (edited, deleted, restored, reacted to), or its file
   * links are about to expire: read it again. `background` when no one asked for it.
   */
  async refresh(messageId: string, background = false) {
    if (!findMessage(this.client, this.threadId, messageId)) return;
    try {
      putMessage(this.client, await apiFetch(url.message(messageId), { schema: messageDto, background }));
    } catch (err) {
      if (err instanceof ApiError && err.status === 404)
        updateMessages(this.client, this.threadId, (data) =>
          mapMessages(data, (m) => (m.id === messageId ? null : m)),
        );
      else throw err;
    }
  }
}

const syncs = new WeakMap<QueryClient, Map<string, ThreadSync>>();

export function threadSync(client: QueryClient, threadId: string): ThreadSync {
  const byThread = syncs.get(client) ?? new Map<string, ThreadSync>();
  syncs.set(client, byThread);
  const sync = byThread.get(threadId) ?? new ThreadSync(client, threadId);
  byThread.set(threadId, sync);
  return sync;
}
