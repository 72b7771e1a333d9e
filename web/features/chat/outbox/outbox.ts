/**
 * The offline outbox of one signed-in person (issue 27 item 3): messages written without
 * a connection, or whose send met a network error or a 503, wait in IndexedDB
 * (lib/outbox-db.ts) and go when the connection returns, oldest first and one at a time,
 * so each thread keeps its order. A send that is refused (4xx) or has waited 24 hours
 * stops as 'Ikke sendt' until the person asks to try again or deletes it.
 *
 * Exactly once: a flush holds a lock shared by every tab (Web Locks, or a mutex in this
 * tab where there are none) and reads the queue anew for each message, so a message one
 * flush sent is gone before another looks. Should a POST still go twice (its answer was
 * lost), the server's idempotency on (author, client key) returns the first message.
 */
import { pushLimits } from "../../../../common/base/limits.ts";
import type { MessageDto } from "../../../../common/schemas/chat.ts";
import { ApiError } from "../../../lib/api.ts";
import { type OutboxRecord, onOutboxChange, outboxDb } from "../../../lib/outbox-db.ts";

export type OutboxItem = OutboxRecord;

export interface OutboxDeps {
  /** POSTs the message with its client key; throws ApiError as apiFetch does */
  send: (item: OutboxItem) => Promise<MessageDto>;
  /** the server has it: into the thread's cache */
  onSent: (item: OutboxItem, message: MessageDto) => void;
  now?: () => number;
  /** where the queue lives; the browser's IndexedDB unless a test says otherwise */
  db?: typeof outboxDb;
}

export type NewOutboxItem = Pick<
  OutboxItem,
  "clientKey" | "threadId" | "content" | "replyToId" | "replyTo" | "urgent"
>;

/** Answers that say 'not now' rather than 'not this': the message keeps waiting. */
export const isTransient = (err: unknown) =>
  !(err instanceof ApiError) || [0, 429, 502, 503, 504].includes(err.status);

const lockName = "vaktrom-outbox";
let tabMutex: Promise<unknown> = Promise.resolve();

/** One flush at a time across every tab of this browser (the lock) or at least this tab. */
function exclusively<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  if (locks) return locks.request(lockName, work);
  const turn = tabMutex.then(work, work);
  tabMutex = turn.catch(() => {});
  return turn;
}

const byAge = (a: OutboxItem, b: OutboxItem) =>
  a.createdAt - b.createdAt || a.clientKey.localeCompare(b.clientKey);

export class Outbox {
  private items: readonly OutboxItem[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly db: typeof outboxDb;
  private readonly now: () => number;
  /** the last createdAt given here: two messages in one millisecond keep their order */
  private lastStamp = 0;
  private stopWatching: (() => void) | null = null;

  constructor(
    readonly userId: string,
    private readonly deps: OutboxDeps,
  ) {
    this.db = deps.db ?? outboxDb;
    this.now = deps.now ?? Date.now;
  }

  /** Oldest first: what the threads show. */
  snapshot = (): readonly OutboxItem[] => this.items;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    // Changes made by another tab (a flush there, a sign-out) show here too.
    this.stopWatching ??= onOutboxChange(() => void this.load());
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) {
        this.stopWatching?.();
        this.stopWatching = null;
      }
    };
  };

  private show(items: readonly OutboxItem[]) {
    // Nearly always empty: a thread opening need not render again to learn it still is.
    if (items.length === 0 && this.items.length === 0) return;
    this.items = items.toSorted(byAge);
    for (const listener of this.listeners) listener();
  }

  /** Reads this person's queue; a message waiting past 24 hours turns failed. */
  async load(): Promise<void> {
    const held = await this.db.all(this.userId);
    const fresh = await Promise.all(held.map((item) => this.expire(item)));
    this.show(fresh);
  }

  private async expire(item: OutboxItem): Promise<OutboxItem> {
    if (item.state !== "waiting" || this.now() - item.createdAt <= pushLimits.outboxMaxAgeMs) return item;
    const failed: OutboxItem = { ...item, state: "failed", error: undefined };
    await this.db.put(failed);
    return failed;
  }

  private stamp(): number {
    this.lastStamp = Math.max(this.now(), this.lastStamp + 1);
    return this.lastStamp;
  }

  /** Whether a message of this thread is waiting: a new one must go after it. */
  waitingIn(threadId: string): boolean {
    return this.items.some((item) => item.threadId === threadId && item.state === "waiting");
  }

  /**
   * Queues a message; it shows at once, before IndexedDB has it. `writtenAt`: a send that
   * failed on its way keeps its place before messages queued while it was out.
   */
  async enqueue(input: NewOutboxItem, writtenAt?: number): Promise<void> {
    const createdAt = writtenAt ?? this.stamp();
    const item: OutboxItem = { ...input, userId: this.userId, createdAt, state: "waiting" };
    this.show([...this.items.filter((i) => i.clientKey !== item.clientKey), item]);
    try {
      await this.db.put(item);
    } catch (err) {
      this.show(this.items.filter((i) => i.clientKey !== item.clientKey));
      throw err;
    }
  }

  /** 'Prøv igjen': waits again, as if written now (its 24 hours start anew), and goes. */
  async retry(clientKey: string): Promise<void> {
    const item = await this.db.get(clientKey);
    if (!item || item.userId !== this.userId) return this.load();
    await this.db.put({ ...item, state: "waiting", error: undefined, createdAt: this.stamp() });
    await this.load();
    await this.flush();
  }

  /** 'Slett': gone without being sent. */
  async remove(clientKey: string): Promise<void> {
    const item = await this.db.get(clientKey);
    if (item?.userId === this.userId) await this.db.remove(clientKey);
    await this.load();
  }

  /**
   * Sends what waits, oldest first, one at a time. Stops at the first answer that says
   * 'not now' (the rest would meet it too); a refused message turns failed and the next
   * one goes. Resolves when done; never throws.
   */
  flush(): Promise<void> {
    return exclusively(async () => {
      try {
        for (;;) {
          // Read anew each time: another tab may have sent or deleted meanwhile.
          const held = await Promise.all((await this.db.all(this.userId)).map((i) => this.expire(i)));
          const next = held.toSorted(byAge).find((item) => item.state === "waiting");
          if (!next) break;
          try {
            const message = await this.deps.send(next);
            await this.db.remove(next.clientKey);
            // In the thread as sent and out of the queue in one render: never both, never neither.
            this.deps.onSent(next, message);
            this.show(this.items.filter((item) => item.clientKey !== next.clientKey));
          } catch (err) {
            if (isTransient(err) || (err instanceof ApiError && err.status === 401)) break;
            await this.db.put({ ...next, state: "failed", error: (err as Error).message });
          }
        }
      } catch (err) {
        console.warn("The outbox could not be sent.", err);
      }
      await this.load().catch(() => {});
    });
  }
}
