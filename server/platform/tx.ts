/**
 * Transactions whose events reach the bus only after they commit.
 *
 *   const shift = await withTx(ctx, async (tx, events) => {
 *     const row = await createShift(tx, input);
 *     events.publish(`dept:${row.deptId}`, "shift.created", { shiftId: row.id });
 *     return row;
 *   });
 *
 * `events.publish` only collects. When the callback returns and the transaction has
 * committed, the collected events are published on the bus in the order they were
 * collected; when the callback throws, the transaction rolls back and none is published.
 * A listener that reads the database therefore always finds what the event announces.
 *
 * Inside the callback use `tx`, never the outer `db` nor anything that uses it
 * (better-auth, the mail sender). On PGlite there is a single connection: the
 * transaction holds it, so a `db` query waits for the transaction, which waits for the
 * query — the whole server hangs. On PostgreSQL a `db` query runs on another connection
 * that cannot see the uncommitted rows and can wait forever on their row locks. The
 * callback is therefore given only `tx` and `events`, and while it runs, a query on the
 * outer database from within it (also from work it started without waiting for it) is
 * refused with an error instead of hanging. Start such work after withTx has returned.
 *
 * The bus reports its own delivery failures; should a publish reject nevertheless, the
 * error reaches the caller although the transaction has committed.
 *
 * Nesting: `withTx({ db: tx, bus }, …)` inside a callback runs in a savepoint. If the
 * inner callback throws, its rows and its events are discarded and the error reaches
 * the outer callback, which may catch it and go on. Otherwise its events join the outer
 * list when it completes and are published after the outermost commit.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { PublishArgs, RealtimeEventBody } from "../../common/schemas/realtime.ts";
import type { Db } from "../db/client.ts";
import { type EventBus, eventBody, publishArgsOf } from "./events.ts";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface TxDeps {
  db: Db;
  bus: EventBus;
}

export interface TxEvents {
  /** Collects an event; it is published after the commit, never on rollback. */
  publish(topic: string, ...event: PublishArgs): void;
}

interface PendingEvent {
  topic: string;
  body: RealtimeEventBody;
}

/** Publishes what a transaction collected, in order, once it has committed. */
async function publishAll(bus: EventBus, pending: PendingEvent[]) {
  for (const e of pending) await bus.publish(e.topic, ...publishArgsOf(e.body));
}

/** The event list of every transaction a callback is running in, so nested calls can join it. */
const pendingOf = new WeakMap<object, PendingEvent[]>();

/** Set while a callback runs; async work it starts inherits it. */
const insideTx = new AsyncLocalStorage<{ open: boolean }>();

export async function withTx<T>(deps: TxDeps, fn: (tx: Tx, events: TxEvents) => Promise<T>): Promise<T> {
  const outer = pendingOf.get(deps.db);
  if (outer) {
    const own: PendingEvent[] = [];
    const result = await deps.db.transaction((savepoint) => runCallback(savepoint, own, fn));
    outer.push(...own);
    return result;
  }
  guardOuterClient(deps.db);
  const pending: PendingEvent[] = [];
  const result = await deps.db.transaction(async (tx) => {
    const scope = { open: true };
    try {
      return await insideTx.run(scope, () => runCallback(tx, pending, fn));
    } finally {
      scope.open = false;
    }
  });
  await publishAll(deps.bus, pending);
  return result;
}

/**
 * Work that is one writing statement, run without BEGIN and COMMIT: PostgreSQL commits a
 * lone statement by itself, and the two would only add round trips (most chat posts).
 * `fn` must write with a single statement on `db`; what it publishes goes out after that
 * statement returns, committed, as `withTx` publishes after its commit.
 */
export async function withOneStatement<T>(
  deps: TxDeps,
  fn: (db: Db, events: TxEvents) => Promise<T>,
): Promise<T> {
  const pending: PendingEvent[] = [];
  const result = await fn(deps.db, {
    publish(topic, ...event) {
      pending.push({ topic, body: eventBody(...event) });
    },
  });
  await publishAll(deps.bus, pending);
  return result;
}

async function runCallback<T>(
  tx: Tx,
  pending: PendingEvent[],
  fn: (tx: Tx, events: TxEvents) => Promise<T>,
): Promise<T> {
  let closed = false;
  const events: TxEvents = {
    publish(topic, ...event) {
      // Work left running after the callback returned would otherwise lose its event silently.
      if (closed) throw new Error(`event ${event[0]} on ${topic} published after its transaction ended`);
      pending.push({ topic, body: eventBody(...event) });
    },
  };
  pendingOf.set(tx, pending);
  try {
    return await fn(tx, events);
  } finally {
    closed = true;
    pendingOf.delete(tx);
  }
}

/** The driver methods through which the outer `db` reaches its connection (PGlite, pg.Pool). */
const clientMethods = ["query", "exec", "transaction", "connect"] as const;
const guarded = new WeakSet<object>();

/**
 * Makes the outer database's client refuse calls made from inside a running callback.
 * Calls from elsewhere (other requests) pass and simply wait for the transaction. The
 * check is one lookup per query, and it turns a hang of the whole server into an error
 * that names the cause, so it stays on in production too.
 */
function guardOuterClient(db: Db): void {
  const client = (db as { $client?: Record<string, unknown> }).$client;
  if (!client || guarded.has(client)) return;
  guarded.add(client);
  for (const name of clientMethods) {
    const original = client[name];
    if (typeof original !== "function") continue;
    client[name] = function guardedCall(this: unknown, ...args: unknown[]) {
      if (insideTx.getStore()?.open) {
        return Promise.reject(
          new Error("the outer db was used inside a withTx callback, which would deadlock: use its tx"),
        );
      }
      return original.apply(this, args);
    };
  }
}
