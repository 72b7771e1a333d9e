import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/harness.ts";
import { type BusEvent, InProcessEventBus } from "./events.ts";
import { type TxDeps, withOneStatement, withTx } from "./tx.ts";

/** The message of the rejection and of its causes (Drizzle wraps a failed query's error). */
async function failureOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    const messages: string[] = [];
    for (let e: unknown = err; e instanceof Error; e = e.cause) messages.push(e.message);
    return messages.join(" / ");
  }
  throw new Error("expected a rejection");
}

/** Long enough for the bus's microtasks and any stray query to have happened. */
/** Events told apart by a number they carry. */
const counted = (n: number) => ({ shiftId: "probe", openCount: n });
const countOf = (e: BusEvent) => (e.type === "shift.changed" ? e.payload.openCount : null);

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

describe("withTx", () => {
  let t: TestApp;
  let deps: TxDeps;
  let heard: BusEvent[];

  const probeIds = async () => {
    const result = (await t.ctx.db.execute(sql`select id from tx_probe order by id`)) as unknown as {
      rows: { id: string }[];
    };
    return result.rows.map((r) => r.id);
  };
  const listen = (...topics: string[]) => {
    for (const topic of topics) deps.bus.subscribe(topic, (e) => heard.push(e));
  };

  beforeAll(async () => {
    t = await createTestApp({}, { seed: false });
    await t.ctx.db.execute(sql`create table tx_probe (id text primary key)`);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.ctx.db.execute(sql`delete from tx_probe`);
    // A bus of its own per test, so listeners never carry over.
    deps = { db: t.ctx.db, bus: new InProcessEventBus() };
    heard = [];
  });

  it("returns the result and delivers each event once, after the commit", async () => {
    const seenByListener: Promise<string[]>[] = [];
    deps.bus.subscribe("dept:1", (e) => {
      heard.push(e);
      seenByListener.push(probeIds());
    });
    const result = await withTx(deps, async (tx, events) => {
      await tx.execute(sql`insert into tx_probe (id) values ('a')`);
      events.publish("dept:1", "user.changed", { userId: "a" });
      await settle();
      expect(heard).toEqual([]);
      return "done";
    });
    expect(result).toBe("done");
    await settle();
    expect(heard).toMatchObject([
      { topic: "dept:1", type: "user.changed", payload: { userId: "a" }, seq: 1 },
    ]);
    expect(await Promise.all(seenByListener)).toEqual([["a"]]);
  });

  it("on rollback delivers nothing and leaves no rows", async () => {
    listen("dept:1");
    const failing = withTx(deps, async (tx, events) => {
      await tx.execute(sql`insert into tx_probe (id) values ('b')`);
      events.publish("dept:1", "user.changed", { userId: "b" });
      throw new Error("nei");
    });
    await expect(failing).rejects.toThrow("nei");
    await settle();
    expect(heard).toEqual([]);
    expect(await probeIds()).toEqual([]);
  });

  it("publishes in the order the events were collected, across topics", async () => {
    listen("thread:1", "user:1");
    await withTx(deps, async (_tx, events) => {
      events.publish("thread:1", "shift.changed", counted(1));
      events.publish("user:1", "shift.changed", counted(2));
      events.publish("thread:1", "shift.changed", counted(3));
    });
    await settle();
    expect(heard.map(countOf)).toEqual([1, 2, 3]);
    expect(heard.filter((e) => e.topic === "thread:1").map((e) => e.seq)).toEqual([1, 2]);
  });

  it("runs a nested withTx in a savepoint whose events wait for the outermost commit", async () => {
    listen("dept:1");
    await withTx(deps, async (tx, events) => {
      events.publish("dept:1", "shift.changed", counted(1));
      await withTx({ db: tx, bus: deps.bus }, async (inner, innerEvents) => {
        await inner.execute(sql`insert into tx_probe (id) values ('inner')`);
        innerEvents.publish("dept:1", "shift.changed", counted(2));
      });
      await settle();
      expect(heard).toEqual([]);
      events.publish("dept:1", "shift.changed", counted(3));
    });
    await settle();
    expect(heard.map(countOf)).toEqual([1, 2, 3]);
    expect(await probeIds()).toEqual(["inner"]);
  });

  it("discards a failed nested withTx's rows and events; the outer one may go on", async () => {
    listen("dept:1");
    await withTx(deps, async (tx, events) => {
      await tx.execute(sql`insert into tx_probe (id) values ('outer')`);
      const inner = withTx({ db: tx, bus: deps.bus }, async (innerTx, innerEvents) => {
        await innerTx.execute(sql`insert into tx_probe (id) values ('inner')`);
        innerEvents.publish("dept:1", "session.ended");
        throw new Error("indre feil");
      });
      await expect(inner).rejects.toThrow("indre feil");
      events.publish("dept:1", "session.changed");
    });
    await settle();
    expect(heard.map((e) => e.type)).toEqual(["session.changed"]);
    expect(await probeIds()).toEqual(["outer"]);
  });

  it("drops a nested withTx's events when the outer one rolls back", async () => {
    listen("dept:1");
    const failing = withTx(deps, async (tx) => {
      await withTx({ db: tx, bus: deps.bus }, async (inner, innerEvents) => {
        await inner.execute(sql`insert into tx_probe (id) values ('inner')`);
        innerEvents.publish("dept:1", "session.ended");
      });
      throw new Error("ytre feil");
    });
    await expect(failing).rejects.toThrow("ytre feil");
    await settle();
    expect(heard).toEqual([]);
    expect(await probeIds()).toEqual([]);
  });

  it("refuses the outer db inside the callback instead of deadlocking, and the db stays usable", async () => {
    const misuse = withTx(deps, async (tx) => {
      await tx.execute(sql`insert into tx_probe (id) values ('c')`);
      await t.ctx.db.execute(sql`select 1`);
    });
    expect(await failureOf(misuse)).toMatch(/outer db/);
    const nestedOnOuterDb = withTx(deps, () => withTx(deps, async () => "never"));
    expect(await failureOf(nestedOnOuterDb)).toMatch(/outer db/);
    expect(await probeIds()).toEqual([]);
  });

  it("lets other work use the db while a transaction is open", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const open = withTx(deps, async (tx) => {
      await tx.execute(sql`insert into tx_probe (id) values ('d')`);
      await held;
    });
    // Outside the callback: it waits for the transaction (PGlite) or runs beside it.
    const outside = probeIds();
    await settle();
    release();
    await open;
    expect(await outside).toEqual(t.ctx.driver === "pglite" ? ["d"] : []);
  });

  it("refuses to collect an event after its transaction ended", async () => {
    let late: (() => void) | undefined;
    await withTx(deps, async (_tx, events) => {
      late = () => events.publish("dept:1", "session.changed");
    });
    expect(late).toThrow(/after its transaction ended/);
  });

  it("keeps delivering to the other listeners when one throws", async () => {
    const errors: unknown[] = [];
    deps = { db: t.ctx.db, bus: new InProcessEventBus(undefined, (err) => errors.push(err)) };
    deps.bus.subscribe("dept:1", () => {
      throw new Error("lytter feilet");
    });
    listen("dept:1");
    await withTx(deps, async (_tx, events) => events.publish("dept:1", "session.changed"));
    await settle();
    expect(heard.map((e) => e.type)).toEqual(["session.changed"]);
    expect(errors).toEqual([expect.objectContaining({ message: "lytter feilet" })]);
  });

  it("does not deliver to a listener that stopped listening before delivery", async () => {
    const stop = deps.bus.subscribe("dept:1", (e) => heard.push(e));
    const published = deps.bus.publish("dept:1", "session.changed");
    stop();
    await published;
    await settle();
    expect(heard).toEqual([]);
  });

  it("withOneStatement: the statement is committed when its events go out, and a failed one sends none", async () => {
    const seenByListener: Promise<string[]>[] = [];
    deps.bus.subscribe("dept:1", (e) => {
      heard.push(e);
      seenByListener.push(probeIds());
    });
    await withOneStatement(deps, async (db, events) => {
      await db.execute(sql`insert into tx_probe (id) values ('a')`);
      events.publish("dept:1", "user.changed", { userId: "a" });
      expect(heard).toEqual([]);
    });
    expect(heard.map((e) => e.type)).toEqual(["user.changed"]);
    expect(await Promise.all(seenByListener)).toEqual([["a"]]);

    const failure = await failureOf(
      withOneStatement(deps, async (db, events) => {
        events.publish("dept:1", "user.changed", { userId: "a" });
        await db.execute(sql`insert into tx_probe (id) values ('a')`); // already there
      }),
    );
    expect(failure).toMatch(/duplicate key|unique/);
    await settle();
    expect(heard.map((e) => e.type)).toEqual(["user.changed"]);
  });
});
