/**
 * The event bus across instances, measured on this machine in one run (`npm run bench:bus`,
 * about a minute):
 *  - send→deliver: two app servers (the bundle `npm start` runs) on one new PostgreSQL
 *    database, one follower with a socket on each, following one channel; its other
 *    member posts BENCH_BUS_POSTS (300) messages through A's API, one every
 *    BENCH_BUS_INTERVAL_MS (20) ms. Latency runs from issuing the POST to `message.created`
 *    arriving on the socket: on A the same instance (delivered in-process), on B across
 *    instances (through NOTIFY). p50/p95/p99/max of each.
 *  - the NOTIFY ceiling: events/s one PostgreSQL carries from a publishing PgEventBus to a
 *    listening one (each with its own pool and listening connection, in this process),
 *    batched (BENCH_BUS_BATCH (100) events per tick: one statement) and unbatched (one
 *    event per tick; the bus sends what came while a statement was under way in the next
 *    one, so it prints how many statements it took);
 *    and the same two ways through bare `pg` (pg_notify, LISTEN on a plain client) as the
 *    baseline. Each sends BENCH_BUS_EVENTS (20,000; unbatched a quarter) events of the
 *    size a chat event has and counts until the listener has them all.
 * BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the server; the
 * database `vaktrom_bench_<pid>` is dropped at the end.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import WebSocket from "ws";
import { PgEventBus } from "../server/platform/pg-event-bus.ts";
import { seed } from "./chat/seed.ts";
import { buildServer, num, type RunningServer, startApp, temporaryPgDatabase } from "./lib/infra.ts";
import { percentiles, summarize } from "./lib/stats.ts";

const settings = {
  pgUrl: process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
  posts: num("BENCH_BUS_POSTS", 300),
  intervalMs: num("BENCH_BUS_INTERVAL_MS", 20),
  events: num("BENCH_BUS_EVENTS", 20_000),
  batch: num("BENCH_BUS_BATCH", 100),
};
/** Nothing here may run longer than this. */
const deadlineMs = 120_000;

function withDeadline<T>(what: string, work: Promise<T>, ms = deadlineMs): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not done within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** A socket following `topic`, noting when each message.created arrives (by message id). */
async function follower(server: RunningServer, cookie: string, topic: string) {
  const ws = new WebSocket(`${server.base.replace("http", "ws")}/api/realtime`, {
    headers: { origin: server.base, cookie },
  });
  const arrived = new Map<string, number>();
  let subscribed: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    subscribed = resolve;
  });
  ws.on("message", (data) => {
    const now = performance.now();
    const frame = JSON.parse(data.toString());
    if (frame.type === "subscribed") subscribed();
    if (frame.type === "event" && frame.event.type === "message.created")
      arrived.set(frame.event.payload.messageId, now);
  });
  await new Promise((resolve, reject) => ws.on("open", resolve).on("error", reject));
  ws.send(JSON.stringify({ type: "subscribe", topic }));
  await ready;
  return { arrived, close: () => ws.close() };
}

async function latency(url: string) {
  const authSecret = randomBytes(32).toString("base64url");
  const seeded = await seed(
    { databaseUrl: url },
    { clients: 2, threads: 1, readers: 0, readMessages: 0, authSecret },
  );
  const [author, reader] = seeded.users as [(typeof seeded.users)[0], (typeof seeded.users)[0]];
  const threadId = seeded.threadIds[0]!;
  const a = await startApp({ databaseUrl: url }, authSecret);
  const b = await startApp({ databaseUrl: url }, authSecret);
  try {
    const topic = `thread:${threadId}`;
    const onA = await follower(a, reader.cookie, topic);
    const onB = await follower(b, reader.cookie, topic);
    const sentAt = new Map<string, number>();
    let failed = 0;
    const posts: Promise<void>[] = [];
    const post = async (i: number) => {
      const started = performance.now();
      const res = await fetch(`${a.base}/api/chat/threads/${threadId}/messages`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: author.cookie, origin: a.base },
        body: JSON.stringify({ content: `Melding ${i}` }),
      });
      if (res.status !== 201) {
        failed++;
        return;
      }
      sentAt.set(((await res.json()) as { id: string }).id, started);
    };
    // Warm-up: the first requests compile and fill caches.
    for (let i = 0; i < 20; i++) await post(-i);
    sentAt.clear();
    for (let i = 0; i < settings.posts; i++) {
      posts.push(post(i));
      await new Promise((r) => setTimeout(r, settings.intervalMs));
    }
    await Promise.all(posts);
    // Every delivery, or two seconds for the last ones.
    const until = performance.now() + 2000;
    const allArrived = () => [...sentAt.keys()].every((id) => onA.arrived.has(id) && onB.arrived.has(id));
    while (performance.now() < until && !allArrived()) await new Promise((r) => setTimeout(r, 20));
    const lat = (arrived: Map<string, number>) =>
      [...sentAt].map(([id, t0]) => (arrived.has(id) ? arrived.get(id)! - t0 : Number.POSITIVE_INFINITY));
    onA.close();
    onB.close();
    return { same: percentiles(lat(onA.arrived)), cross: percentiles(lat(onB.arrived)), failed };
  } finally {
    await a.stop();
    await b.stop();
  }
}

const quietLog = { info() {}, warn() {}, error: (obj: unknown, msg?: string) => console.error(msg, obj) };
/** A payload of the size a chat event has. */
const payload = {
  threadId: "7f6b1c2e-0f4e-4c57-9d35-2a4cf0e1b9d1",
  messageId: "1b9e2f44-7c3a-4e8b-a5d6-0c1e2f3a4b5c",
};
/** A pool whose connections, ended by the database's drop while closing, do not end the run. */
function quietPool(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on("error", () => {});
  return pool;
}
const tick = () => new Promise<void>((r) => setImmediate(r));

/** Events/s from one PgEventBus to another: `perTick` events published in each tick. */
async function busCeiling(url: string, count: number, perTick: number) {
  const pools = [quietPool(url), quietPool(url)];
  let statements = 0;
  const counted = {
    query: (text: string, values: unknown[]) => {
      statements++;
      return pools[0]!.query(text, values);
    },
  };
  const publisher = new PgEventBus({ url, pool: counted, log: quietLog });
  const listener = new PgEventBus({ url, pool: pools[1]!, log: quietLog });
  await publisher.start();
  await listener.start();
  let received = 0;
  let done: () => void = () => {};
  const all = new Promise<void>((resolve) => {
    done = resolve;
  });
  listener.subscribe("thread:bench", () => {
    if (++received === count) done();
  });
  const started = performance.now();
  for (let i = 0; i < count; i += perTick) {
    for (let j = i; j < Math.min(count, i + perTick); j++)
      await publisher.publish("thread:bench", "message.created", payload);
    await tick();
  }
  await withDeadline("bus ceiling", all);
  const seconds = (performance.now() - started) / 1000;
  await publisher.close();
  await listener.close();
  for (const p of pools) await p.end();
  return { rate: count / seconds, statements };
}

/** The same with bare pg: pg_notify through a pool, LISTEN on a plain client. */
async function bareCeiling(url: string, count: number, perStatement: number) {
  const pool = quietPool(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("listen bench_bare");
  let received = 0;
  let done: () => void = () => {};
  const all = new Promise<void>((resolve) => {
    done = resolve;
  });
  client.on("notification", (msg) => {
    JSON.parse(msg.payload ?? "{}");
    if (++received === count) done();
  });
  // Numbered as the bus numbers its events: PostgreSQL delivers identical payloads of one
  // statement once.
  const text = (n: number) =>
    JSON.stringify({ n, t: "thread:bench", y: "message.created", p: payload, at: new Date().toISOString() });
  const started = performance.now();
  for (let i = 0; i < count; i += perStatement) {
    const n = Math.min(perStatement, count - i);
    if (n === 1) await pool.query("select pg_notify($1, $2)", ["bench_bare", text(i)]);
    else
      await pool.query("select pg_notify($1, x) from unnest($2::text[]) x", [
        "bench_bare",
        Array.from({ length: n }, (_, k) => text(i + k)),
      ]);
  }
  await withDeadline("bare ceiling", all);
  const seconds = (performance.now() - started) / 1000;
  await client.end();
  await pool.end();
  return count / seconds;
}

async function main() {
  console.log("building the server bundle…");
  await buildServer();
  const temp = await temporaryPgDatabase(settings.pgUrl);
  try {
    console.log(`send→deliver, ${settings.posts} posts through A, one every ${settings.intervalMs} ms`);
    const l = await withDeadline("latency", latency(temp.url));
    console.log(`  same instance (A):   ${summarize(l.same)}`);
    console.log(`  across instances (B): ${summarize(l.cross)}`);
    if (l.failed > 0) console.log(`  ${l.failed} posts failed`);

    const unbatched = Math.max(1, Math.round(settings.events / 4));
    console.log("NOTIFY ceiling, events/s from publisher to listener (one PostgreSQL)");
    const rate = (v: number) => `${Math.round(v).toLocaleString("en")}/s`;
    const bus = async (label: string, count: number, perTick: number) => {
      const r = await busCeiling(temp.url, count, perTick);
      console.log(`  ${label.padEnd(34)} ${rate(r.rate)} (${count} events in ${r.statements} statements)`);
    };
    const bare = async (label: string, count: number, perStatement: number) =>
      console.log(`  ${label.padEnd(34)} ${rate(await bareCeiling(temp.url, count, perStatement))}`);
    await bus(`PgEventBus, ${settings.batch} per tick`, settings.events, settings.batch);
    await bare(`bare pg, ${settings.batch} per statement`, settings.events, settings.batch);
    await bus("PgEventBus, one per tick", unbatched, 1);
    await bare("bare pg, one per statement", unbatched, 1);
  } finally {
    await temp.drop();
  }
}

await main();
