/**
 * Work due at a time (sweeps, retries), safe with several app instances on one database.
 *
 * Each job ticks every `everyMs` on every instance. A tick is one transaction that first
 * takes `pg_try_advisory_xact_lock` on a key derived from the job's name: while one
 * instance runs the job, the others skip their tick instead of waiting, and the lock
 * ends with the transaction, also when an instance dies. So a job never runs twice at
 * the same time; it may run twice in one period (two instances ticking one after the
 * other), which is why jobs are set-based statements that find their own work
 * ("close shifts that started unassigned") and do nothing the second time.
 *
 * A job body uses the tick's `tx`, publishes through `events` (delivered after the
 * commit, see tx.ts) and reads the time from `clock`. Slow I/O must not hold the
 * transaction (on PGlite it would hold the only connection): hand it to `afterCommit`.
 *
 * On PGlite there is one connection and thus one session, in which advisory locks are
 * re-entrant: ticks are serialised by the connection instead, which is enough for the
 * single instance PGlite allows.
 */
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Clock } from "./clock.ts";
import { type Tx, type TxDeps, type TxEvents, withTx } from "./tx.ts";

export interface JobContext {
  tx: Tx;
  events: TxEvents;
  clock: Clock;
  /** Work for after the commit (e.g. SMTP); it still belongs to the tick: stop() waits for it. */
  afterCommit(work: () => Promise<void>): void;
}

export interface Job {
  /** Keep it stable: instances find each other's lock through it. */
  name: string;
  everyMs: number;
  /** What it returns (e.g. a count) is ignored. */
  run(ctx: JobContext): Promise<unknown>;
}

/** ran; skipped because another instance holds the job; failed (logged). */
export type TickResult = "ran" | "skipped" | "failed";

export interface JobRunnerDeps extends TxDeps {
  clock: Clock;
  log: { error(obj: unknown, msg?: string): void };
}

/** A signed 64-bit key (advisory locks take a bigint), the same on every instance and version. */
export function jobLockKey(name: string): bigint {
  return createHash("sha256").update(`job:${name}`).digest().readBigInt64BE(0);
}

export class JobRunner {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Set<Promise<TickResult>>();
  private stopped = false;

  constructor(
    private readonly deps: JobRunnerDeps,
    private readonly jobs: readonly Job[],
  ) {
    const names = new Set(jobs.map((j) => j.name));
    if (names.size !== jobs.length) throw new Error("job names must be unique: they are lock keys");
  }

  /** Schedules every job; timers do not keep the process alive. */
  start(): void {
    for (const job of this.jobs) this.schedule(job);
  }

  /** One tick of the job, now. */
  async runNow(name: string): Promise<TickResult> {
    const job = this.jobs.find((j) => j.name === name);
    if (!job) throw new Error(`no job named ${name}`);
    const tick = this.tick(job);
    this.running.add(tick);
    try {
      return await tick;
    } finally {
      this.running.delete(tick);
    }
  }

  /** No new ticks; resolves when the ticks under way have finished. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await Promise.all(this.running);
  }

  // The next tick is planned when this one ends, so a slow job never overlaps itself.
  private schedule(job: Job): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      void this.runNow(job.name).then(() => this.schedule(job));
    }, job.everyMs);
    timer.unref();
    this.timers.set(job.name, timer);
  }

  private async tick(job: Job): Promise<TickResult> {
    const { clock, log } = this.deps;
    const afterCommit: (() => Promise<void>)[] = [];
    try {
      const locked = await withTx(this.deps, async (tx, events) => {
        const result = (await tx.execute(
          sql`select pg_try_advisory_xact_lock(${jobLockKey(job.name).toString()}::bigint) as locked`,
        )) as unknown as { rows: { locked: boolean }[] };
        if (!result.rows[0]?.locked) return false;
        await job.run({ tx, events, clock, afterCommit: (work) => afterCommit.push(work) });
        return true;
      });
      if (!locked) return "skipped";
      for (const work of afterCommit) await work();
      return "ran";
    } catch (err) {
      log.error({ err, job: job.name }, "job failed");
      return "failed";
    }
  }
}
