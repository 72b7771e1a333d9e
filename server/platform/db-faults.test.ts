/**
 * A PostgreSQL server that stops, freezes or is too slow: requests answer 503
 * `database_unavailable` with Retry-After within the timeouts, health within a second,
 * and everything works again once the server is back, without a restart. The faults
 * are played by a proxy between the app and the shared server (server/test/fault-proxy.ts).
 */
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorMessage } from "../../common/texts/errors.ts";
import { type Db, openDatabase } from "../db/client.ts";
import { type FaultProxy, startFaultProxy } from "../test/fault-proxy.ts";
import { type Client, createTestApp, driver, type TestApp } from "../test/harness.ts";

const timeouts = { DB_STATEMENT_TIMEOUT_MS: "1000", DB_CONNECT_TIMEOUT_MS: "1000" };
/** What a request may take on a busy machine beyond the configured timeouts. */
const slack = 1500;

/** Waits until `check` holds, trying every 100 ms: recovery is the pool's next connection. */
async function eventually(check: () => Promise<boolean>, ms = 15_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("condition not reached");
}

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await run();
  return { value, ms: Math.round(performance.now() - started) };
}

function expectUnavailable(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(res.statusCode).toBe(503);
  expect(res.headers["retry-after"]).toBe("5");
  expect(res.json()).toEqual({
    error: { code: "database_unavailable", message: errorMessage("database_unavailable") },
  });
}

// PGlite runs inside the process: it cannot stop, freeze or be unreachable on its own.
describe.skipIf(driver !== "postgres")("a PostgreSQL server that stops or freezes", () => {
  let proxy: FaultProxy;
  let t: TestApp;
  let kari: Client;
  let dept: string;
  let log = "";

  beforeAll(async () => {
    const target = new URL(process.env.TEST_DATABASE_URL!);
    proxy = await startFaultProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const stream = new Writable({
      write(chunk, _enc, done) {
        log += chunk.toString();
        done();
      },
    });
    t = await createTestApp(
      // No answers from memory: every request below reaches the database.
      // One search at a time: those waiting their turn are seen to give up in time.
      { ...timeouts, READ_CACHE_SECONDS: "0", LOG_LEVEL: "warn", SEARCH_CONCURRENCY: "1" },
      { databaseVia: (url) => proxy.urlFor(url), logger: { stream } },
    );
    kari = t.client();
    await kari.signIn("kari@demo.no");
    dept = (await kari.post("/api/chat/department")).json().id;
  });
  afterAll(async () => {
    proxy.resume();
    await t.close();
    await proxy.close();
  });

  const health = () => t.client().get("/api/health");
  const read = () => kari.get(`/api/chat/threads/${dept}/messages`);
  const post = (content: string) => kari.post(`/api/chat/threads/${dept}/messages`, { content });

  it("stopped: a read and a post answer 503 within the connect timeout, health within a second", async () => {
    proxy.stop();
    try {
      const get = await timed(read);
      expectUnavailable(get.value);
      expect(get.ms).toBeLessThan(1000 + slack);
      const sent = await timed(() => post("Mens databasen er borte"));
      expectUnavailable(sent.value);
      expect(sent.ms).toBeLessThan(1000 + slack);
      const h = await timed(health);
      expect(h.value.statusCode).toBe(503);
      // The bus listens through the same proxy: it may already have lost its connection too.
      expect(h.value.json()).toMatchObject({ status: "degraded", database: "error", disk: "ok" });
      expect(h.ms).toBeLessThan(1000);
      console.info(`stopped: read ${get.ms} ms, post ${sent.ms} ms, health ${h.ms} ms`);
    } finally {
      proxy.resume();
    }
    // Back without a restart: the pool connects anew.
    await eventually(async () => (await read()).statusCode === 200);
    expect((await post("Tilbake igjen")).statusCode).toBe(201);
    // The bus's listening connection comes back on its own wait (up to 5 s).
    await eventually(async () => (await health()).statusCode === 200);
  });

  it("frozen: requests answer 503 within the statement timeout, health within a second", async () => {
    expect((await read()).statusCode).toBe(200);
    proxy.freeze();
    try {
      const [get, h] = await Promise.all([timed(read), timed(health)]);
      expectUnavailable(get.value);
      // statement_timeout cannot fire on a frozen server: the client's query_timeout (+1 s) does.
      expect(get.ms).toBeLessThan(2000 + slack);
      expect(h.value.statusCode).toBe(503);
      expect(h.ms).toBeLessThan(1000);
      console.info(`frozen: read ${get.ms} ms, health ${h.ms} ms`);
    } finally {
      proxy.resume();
    }
    await eventually(async () => (await read()).statusCode === 200);
    await eventually(async () => (await health()).statusCode === 200);
  });

  it("frozen under transactions: each fails, and no connection is lost to the pool", async () => {
    // More transactions than the pool has connections, frozen at BEGIN or inside: each
    // connection must be dropped or given back, else the pool stays empty after the
    // server is back and every request waits for a connection until it gives up.
    const database = await openDatabase({
      databaseUrl: databaseUrlOf(t),
      statementTimeoutMs: 1000,
      connectTimeoutMs: 1000,
    });
    try {
      const one = (db: Db) => db.transaction((tx) => tx.execute(sql`select 1`));
      // Connections open and idle in the pool, as under load.
      await Promise.all(Array.from({ length: 10 }, () => one(database.db)));
      proxy.freeze();
      try {
        const results = await Promise.allSettled(Array.from({ length: 12 }, () => one(database.db)));
        expect(results.every((r) => r.status === "rejected")).toBe(true);
      } finally {
        proxy.resume();
      }
      await eventually(async () =>
        one(database.db).then(
          () => true,
          () => false,
        ),
      );
    } finally {
      await database.close();
    }
  });

  it("a statement past the timeout answers 503, and the log keeps the code but not the message's text", async () => {
    // Another connection holds the thread's row: the post's insert waits for it until
    // statement_timeout cancels it (57014), its text among the statement's parameters.
    const blocker = new pg.Client({ connectionString: databaseUrlOf(t) });
    await blocker.connect();
    try {
      await blocker.query("begin");
      await blocker.query("select id from chat_threads where id = $1 for update", [dept]);
      const secret = `Pasienten på stue 4 ${Date.now()}`;
      log = "";
      const sent = await timed(() => post(secret));
      expectUnavailable(sent.value);
      expect(sent.ms).toBeLessThan(1000 + slack);
      await eventually(async () => log.includes("database_unavailable"));
      expect(log).not.toContain(secret);
      expect(log).toContain("57014");
      console.info(`statement timeout: post ${sent.ms} ms`);
    } finally {
      await blocker.query("rollback");
      await blocker.end();
    }
  });
  it("searches the database does not finish answer 503 within the timeouts, also those waiting their turn", async () => {
    // The departments' words locked by another connection: each search waits for them
    // until statement_timeout cancels it. One search at a time (SEARCH_CONCURRENCY=1):
    // those behind it give up their turn after the connect timeout, as for a connection
    // of the pool, instead of waiting for one timeout after another (4 s for the fourth).
    const search = () => kari.get("/api/search?q=vakt");
    expect((await search()).statusCode).toBe(200);
    const blocker = new pg.Client({ connectionString: databaseUrlOf(t) });
    await blocker.connect();
    try {
      await blocker.query("begin");
      await blocker.query("lock table search_words in access exclusive mode");
      const answers = await Promise.all([1, 2, 3, 4].map(() => timed(search)));
      for (const { value } of answers) expectUnavailable(value);
      // At most two timeouts: the first search's, and that of the one it handed its turn
      // to as it ended (at the moment that one would have given up).
      const slowest = Math.max(...answers.map((a) => a.ms));
      expect(slowest).toBeLessThan(2000 + slack);
      console.info(`searches at once, stuck: the slowest answered in ${slowest} ms`);
    } finally {
      await blocker.query("rollback");
      await blocker.end();
    }
    expect((await search()).statusCode).toBe(200);
  });
  it("a sign-in whose statement times out answers 503, not 'wrong password'", async () => {
    // The people's table locked by another connection: the sign-in's read of it waits until
    // statement_timeout cancels it, inside better-auth, which must not make it a refusal.
    const blocker = new pg.Client({ connectionString: databaseUrlOf(t) });
    await blocker.connect();
    try {
      await blocker.query("begin");
      await blocker.query('lock table "user" in access exclusive mode');
      const res = await t.client().post("/api/auth/sign-in", { email: "ola@demo.no", password: "demo1234" });
      expectUnavailable(res);
    } finally {
      await blocker.query("rollback");
      await blocker.end();
    }
  });
});

/** The address the app reaches its database by (through the proxy). */
function databaseUrlOf(t: TestApp): string {
  return ((t.ctx.db as unknown as { $client: pg.Pool }).$client.options as pg.PoolConfig).connectionString!;
}
