import { sql } from "drizzle-orm";
import type pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Db, openDatabase } from "../db/client.ts";
import { createTestApp, driver, type TestApp } from "../test/harness.ts";
import type { Clock } from "./clock.ts";
import { type Job, JobRunner, jobLockKey } from "./jobs.ts";

const clock: Clock = { now: () => new Date("2026-03-02T06:45:00Z") };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await sleep(5);
  }
}

/** The advisory locks (bigint keys) held right now, as seen from `db`. */
async function advisoryLocks(db: Db): Promise<bigint[]> {
  const result = (await db.execute(
    sql`select ((classid::bigint << 32) | objid::bigint)::text as key
        from pg_locks where locktype = 'advisory' and objsubid = 1 and granted`,
  )) as unknown as { rows: { key: string }[] };
  return result.rows.map((r) => BigInt(r.key));
}

async function probeRows(db: Db): Promise<string[]> {
  const result = (await db.execute(sql`select id from job_probe order by id`)) as unknown as {
    rows: { id: string }[];
  };
  return result.rows.map((r) => r.id);
}

describe("JobRunner", () => {
  let t: TestApp;
  let errors: { obj: unknown; msg?: string }[];
  const runners: JobRunner[] = [];
  const runner = (jobs: Job[], db: Db = t.ctx.db) => {
    const log = { error: (obj: unknown, msg?: string) => errors.push({ obj, msg }) };
    const r = new JobRunner({ db, bus: t.ctx.bus, clock, log }, jobs);
    runners.push(r);
    return r;
  };

  beforeAll(async () => {
    t = await createTestApp({}, { seed: false });
    await t.ctx.db.execute(sql`create table job_probe (id text primary key)`);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    errors = [];
    await t.ctx.db.execute(sql`delete from job_probe`);
  });
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((r) => r.stop()));
  });

  it("derives a stable 64-bit lock key from the job's name", () => {
    expect(jobLockKey("mail.deliver")).toBe(4389719722283350515n);
    expect(jobLockKey("rate-limits.sweep")).not.toBe(jobLockKey("mail.deliver"));
  });

  it("runs a tick inside a transaction that holds the job's lock until it commits", async () => {
    let held: bigint[] = [];
    let now: Date | undefined;
    const r = runner([
      {
        name: "probe.locked",
        everyMs: 60_000,
        run: async (ctx) => {
          held = await advisoryLocks(ctx.tx);
          now = ctx.clock.now();
        },
      },
    ]);
    expect(await r.runNow("probe.locked")).toBe("ran");
    expect(held).toContain(jobLockKey("probe.locked"));
    expect(now).toEqual(clock.now());
    expect(await advisoryLocks(t.ctx.db)).not.toContain(jobLockKey("probe.locked"));
  });

  it("rolls a failing tick back, logs it, and runs the next tick", async () => {
    let ticks = 0;
    const r = runner([
      {
        name: "probe.flaky",
        everyMs: 10,
        run: async ({ tx }) => {
          ticks += 1;
          await tx.execute(sql`insert into job_probe (id) values (${`tick-${ticks}`})`);
          if (ticks === 1) throw new Error("første runde feiler");
        },
      },
    ]);
    r.start();
    await until(() => ticks >= 2);
    await r.stop();
    expect(errors[0]).toMatchObject({ obj: { job: "probe.flaky" }, msg: "job failed" });
    expect((errors[0]!.obj as { err: Error }).err.message).toBe("første runde feiler");
    const rows = await probeRows(t.ctx.db);
    expect(rows).not.toContain("tick-1");
    expect(rows).toContain("tick-2");
  });

  it("keeps running the other jobs while one fails every time", async () => {
    let healthy = 0;
    const r = runner([
      {
        name: "probe.broken",
        everyMs: 10,
        run: async () => {
          throw new Error("alltid feil");
        },
      },
      {
        name: "probe.healthy",
        everyMs: 10,
        run: async () => {
          healthy += 1;
        },
      },
    ]);
    r.start();
    await until(() => healthy >= 3 && errors.length >= 3);
  });

  it("runs after-commit work after the commit, where it sees the tick's rows", async () => {
    let seen: string[] = [];
    const r = runner([
      {
        name: "probe.after",
        everyMs: 60_000,
        run: async ({ tx, afterCommit }) => {
          await tx.execute(sql`insert into job_probe (id) values ('committed')`);
          afterCommit(async () => {
            seen = await probeRows(t.ctx.db);
          });
        },
      },
    ]);
    expect(await r.runNow("probe.after")).toBe("ran");
    expect(seen).toEqual(["committed"]);
  });

  it("waits in stop() for the tick under way, and starts no other", async () => {
    let started = 0;
    let finished = 0;
    const r = runner([
      {
        name: "probe.slow",
        everyMs: 5,
        run: async () => {
          started += 1;
          await sleep(200);
          finished += 1;
        },
      },
    ]);
    r.start();
    await until(() => started === 1);
    await r.stop();
    expect(finished).toBe(1);
    await sleep(50);
    expect(started).toBe(1);
  });

  it("refuses two jobs of one name: they would share a lock", () => {
    const job: Job = { name: "probe.twice", everyMs: 1000, run: async () => {} };
    expect(() => runner([job, job])).toThrow(/unique/);
  });

  it.runIf(driver === "postgres")(
    "runs a job body once per tick when two instances tick at the same time",
    async () => {
      const url = (t.ctx.db as unknown as { $client: pg.Pool }).$client.options.connectionString!;
      const second = await openDatabase({ databaseUrl: url });
      try {
        let bodies = 0;
        const job: Job = {
          name: "probe.shared",
          everyMs: 60_000,
          run: async () => {
            bodies += 1;
            await sleep(300);
          },
        };
        const a = runner([job]);
        const b = runner([job], second.db);
        for (let round = 1; round <= 2; round++) {
          const results = await Promise.all([a.runNow(job.name), b.runNow(job.name)]);
          expect(results.sort()).toEqual(["ran", "skipped"]);
          expect(bodies).toBe(round);
        }
      } finally {
        await Promise.all(runners.splice(0).map((r) => r.stop()));
        await second.close();
      }
    },
  );

  it.runIf(driver === "pglite")(
    "takes turns on PGlite's one connection: never two bodies at once",
    async () => {
      let active = 0;
      let mostActive = 0;
      const job: Job = {
        name: "probe.turns",
        everyMs: 60_000,
        run: async () => {
          active += 1;
          mostActive = Math.max(mostActive, active);
          await sleep(50);
          active -= 1;
        },
      };
      const results = await Promise.all([runner([job]).runNow(job.name), runner([job]).runNow(job.name)]);
      expect(results).toEqual(["ran", "ran"]);
      expect(mostActive).toBe(1);
    },
  );
});
