/**
 * Fixed-window counters in the database, so every app instance sees the same counts.
 * One statement per key: insert, or bump, or restart the window when it has passed.
 * Keys name e-mail addresses and IPs: they are stored as keyed hashes (HMAC), so the
 * table holds no personal data and cannot be reversed by trying addresses.
 */
import { createHmac } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { namedStatement } from "../db/prepared.ts";
import { AppError } from "./errors.ts";
import type { Job } from "./jobs.ts";

export interface Limit {
  key: string;
  max: number;
}

// Every rate-limited request runs it, so it is prepared: parsed and planned once per
// connection, not on every request.
const bump = namedStatement<{ count: number }>(
  "rate_limit_hit",
  () => sql`
    insert into rate_limits (key, window_start, count) values (${sql.placeholder("key")}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start <= now() - make_interval(secs => ${sql.placeholder("windowSeconds")}::float8)
                   then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${sql.placeholder("windowSeconds")}::float8)
                   then now() else rate_limits.window_start end
    returning count`,
);

async function hit(db: Db, key: string, windowSeconds: number): Promise<number> {
  const [row] = await bump(db, { key, windowSeconds });
  return Number(row?.count ?? 0);
}

export function hashedKey(secret: string, key: string): string {
  return createHmac("sha256", secret).update(key).digest("base64url");
}

/** Counts one attempt against every limit; refuses with 429 when any is exceeded. */
export async function enforceRateLimits(
  db: Db,
  limits: Limit[],
  windowSeconds: number,
  secret: string,
): Promise<void> {
  let exceeded = false;
  for (const l of limits) {
    if ((await hit(db, hashedKey(secret, l.key), windowSeconds)) > l.max) exceeded = true;
  }
  if (exceeded) throw new AppError(429, "rate_limited");
}

/** Old windows are worthless; a periodic sweep keeps the table small. */
export async function sweepRateLimits(db: Db, windowSeconds: number): Promise<void> {
  await db.execute(
    sql`delete from rate_limits where window_start < now() - make_interval(secs => ${windowSeconds * 2})`,
  );
}

export function rateLimitSweepJob(windowSeconds: number): Job {
  return {
    name: "rate-limits.sweep",
    everyMs: 10 * 60_000,
    run: ({ tx }) => sweepRateLimits(tx, windowSeconds),
  };
}
