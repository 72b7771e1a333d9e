import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { driver } from "../test/harness.ts";
import { databaseUrlFor, randomDbName } from "../test/pg-admin.ts";
import type { AppLog } from "./context.ts";
import type { BusEvent } from "./events.ts";
import { maxNotifyBytes, type NotifyQuery, PgEventBus } from "./pg-event-bus.ts";

/** The log as lines the test can read: what was said, and with which fields. */
const messageOf = (e: BusEvent) => (e.type === "message.created" ? e.payload : null);

function memoryLog() {
  const lines: { level: string; obj: unknown; msg?: string }[] = [];
  const at =
    (level: string) =>
    (obj: unknown, msg?: string): void => {
      lines.push({ level, obj, ...(msg === undefined ? {} : { msg }) });
    };
  const log: AppLog = { info: at("info"), warn: at("warn"), error: at("error") };
  return { log, lines };
}

async function until(check: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("condition not reached in time");
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe.skipIf(driver !== "postgres")("PgEventBus", () => {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = randomDbName("vaktrom_bus");
  const url = databaseUrlFor(adminUrl, name);
  let admin: pg.Client;
  let pool: pg.Pool;
  /** pg_notify statements sent through the pool */
  let notifies = 0;
  const counted: NotifyQuery = {
    query: (text, values) => {
      notifies++;
      return pool.query(text, values);
    },
  };
  const buses: PgEventBus[] = [];

  async function bus(log = memoryLog().log) {
    const b = new PgEventBus({ url, pool: counted, log, reconnectMs: 50, maxReconnectMs: 500 });
    await b.start();
    buses.push(b);
    return b;
  }

  function collect(b: PgEventBus, topic: string) {
    const seen: BusEvent[] = [];
    b.subscribe(topic, (e) => seen.push(e));
    return seen;
  }

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    pool = new pg.Pool({ connectionString: url, max: 4 });
    // Dropping the database ends connections still closing; as the app's pool, ignore that.
    pool.on("error", () => {});
  });
  afterEach(async () => {
    for (const b of buses.splice(0)) await b.close();
  });
  afterAll(async () => {
    await pool.end();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it("delivers each event once on every instance, its own at once and the other's through NOTIFY", async () => {
    const [a, b] = [await bus(), await bus()];
    const onA = collect(a, "dept:1");
    const onB = collect(b, "dept:1");
    const markerOnA = collect(a, "marker");
    await a.publish("dept:1", "shift.changed", { shiftId: "s1", openCount: 1 });
    // Local delivery does not wait for PostgreSQL: the next tick.
    await new Promise((r) => setImmediate(r));
    expect(onA.map((e) => e.payload)).toEqual([{ shiftId: "s1", openCount: 1 }]);
    await until(() => onB.length === 1);
    expect(onB[0]).toMatchObject({
      topic: "dept:1",
      type: "shift.changed",
      payload: { shiftId: "s1", openCount: 1 },
    });
    expect(onB[0]!.at).toBe(onA[0]!.at);
    // B's marker reaches A after A's own NOTIFY came back (commit order): had A not
    // ignored its own event, it would have seen it twice by now.
    await b.publish("marker", "session.changed");
    await until(() => markerOnA.length === 1);
    expect(onA).toHaveLength(1);
    expect(onB).toHaveLength(1);
  });

  it("numbers a topic's events without gaps as each instance delivers them", async () => {
    const [a, b] = [await bus(), await bus()];
    const onA = collect(a, "thread:1");
    const onB = collect(b, "thread:1");
    for (let i = 0; i < 3; i++) {
      await a.publish("thread:1", "message.created", { threadId: "a", messageId: String(i) });
      await b.publish("thread:1", "message.created", { threadId: "b", messageId: String(i) });
    }
    await until(() => onA.length === 6 && onB.length === 6);
    expect(onA.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(onB.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    // Each instance's own events in the order they were published.
    for (const seen of [onA, onB])
      for (const from of ["a", "b"])
        expect(
          seen.filter((e) => messageOf(e)?.threadId === from).map((e) => messageOf(e)?.messageId),
        ).toEqual(["0", "1", "2"]);
  });

  it("sends the events of one tick in one statement, in order", async () => {
    const [a, b] = [await bus(), await bus()];
    const onB = collect(b, "dept:2");
    const before = notifies;
    // As a commit publishes: one after another, each awaited.
    for (let i = 0; i < 50; i++) await a.publish("dept:2", "shift.changed", { shiftId: "s", openCount: i });
    await until(() => onB.length === 50);
    expect(notifies - before).toBe(1);
    expect(onB.map((e) => (e.type === "shift.changed" ? e.payload.openCount : null))).toEqual([
      ...Array(50).keys(),
    ]);
  });

  it("delivers two equal events of one tick twice (PostgreSQL would fold equal payloads)", async () => {
    const at = new Date("2026-11-26T12:00:00Z");
    const a = new PgEventBus({ url, pool: counted, log: memoryLog().log, now: () => at });
    await a.start();
    buses.push(a);
    const b = await bus();
    const onB = collect(b, "user:2");
    await a.publish("user:2", "session.changed");
    await a.publish("user:2", "session.changed");
    await until(() => onB.length === 2);
    expect(onB.map((e) => e.seq)).toEqual([1, 2]);
  });

  it("sends an event too large for NOTIFY without its payload, and the others resynchronise", async () => {
    const { log, lines } = memoryLog();
    const [a, b] = [await bus(log), await bus()];
    const onA = collect(a, "user:1");
    const onB = collect(b, "user:1");
    let resyncs = 0;
    b.onResync(() => resyncs++);
    const secret = "x".repeat(maxNotifyBytes);
    await a.publish("user:1", "notification.created", { notificationId: secret, added: 1 });
    await until(() => resyncs === 1);
    expect(onA[0]!.payload).toEqual({ notificationId: secret, added: 1 });
    expect(onB).toEqual([]);
    const warning = lines.find((l) => l.msg?.includes("too large"));
    expect(warning?.obj).toMatchObject({ topic: "user:1", type: "notification.created" });
    expect(JSON.stringify(lines)).not.toContain("xxxx");
    // The next event of normal size goes through as ever.
    await a.publish("user:1", "notification.created", { notificationId: "n2", added: 1 });
    await until(() => onB.length === 1);
  });

  it("connects again after its listening connection is killed, resynchronises and delivers again", async () => {
    const { log, lines } = memoryLog();
    const [a, b] = [await bus(), await bus(log)];
    const onB = collect(b, "dept:3");
    let resyncs = 0;
    b.onResync(() => resyncs++);
    const pid = b.listenerPid();
    expect(pid).not.toBeNull();
    await admin.query("select pg_terminate_backend($1)", [pid]);
    await until(() => resyncs === 1);
    expect(b.healthy()).toBe(true);
    expect(b.listenerPid()).not.toBe(pid);
    expect(lines.some((l) => l.msg === "event bus lost its listening connection")).toBe(true);
    await a.publish("dept:3", "shift.changed", { shiftId: "s", openCount: 0 });
    await until(() => onB.length === 1);
  });

  it("keeps trying while PostgreSQL refuses it, and closes cleanly meanwhile", async () => {
    const { log, lines } = memoryLog();
    const b = await bus(log);
    const gone = await bus();
    // No new connections to the database: every reconnection attempt fails.
    await admin.query(`alter database ${name} allow_connections false`);
    try {
      await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where pid = any($1)", [
        [b.listenerPid(), gone.listenerPid()],
      ]);
      await until(() => !b.healthy() && !gone.healthy());
      await until(() => lines.filter((l) => l.msg === "event bus lost its listening connection").length >= 3);
      expect(b.healthy()).toBe(false);
      // Closed while it cannot connect: it stops trying, without an error.
      await gone.close();
    } finally {
      await admin.query(`alter database ${name} allow_connections true`);
    }
    await until(() => b.healthy());
    await new Promise((r) => setTimeout(r, 600));
    expect(gone.healthy()).toBe(false);
    await b.close();
    expect(b.healthy()).toBe(false);
  });

  it("refuses to start without a database to listen on", async () => {
    const nowhere = new PgEventBus({
      url: databaseUrlFor(adminUrl, "vaktrom_no_such_database"),
      pool: counted,
      log: memoryLog().log,
    });
    await expect(nowhere.start()).rejects.toThrow();
  });
});
