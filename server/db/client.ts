/**
 * Opens the database: PGlite in DATA_DIR by default, a PostgreSQL server through `pg`
 * when DATABASE_URL is set. Both give the same Drizzle API; migrations run at open.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { type DataDirLock, lockDataDir } from "./data-dir-lock.ts";
import { schema } from "./schema.ts";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle inside `db.transaction(…)`: the same query API, bound to one connection. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type Driver = "pglite" | "postgres";

export interface Database {
  db: Db;
  driver: Driver;
  /**
   * Runs `work` (the demo seed) under the start-up lock the migrations ran under, so
   * instances started together on one empty database seed it once.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** The PostgreSQL advisory lock key of start-up work (migrations, seed): the same for every instance. */
export const startupLockKey = 727_001_015n;

/**
 * Runs `work` while this pool holds the start-up advisory lock on one dedicated
 * connection: a second instance waits in pg_advisory_lock until the first has migrated,
 * then finds nothing to do. A session lock ends with its connection, so an instance
 * that dies while holding it does not block the others.
 */
async function underStartupLock<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  const holder = await pool.connect();
  try {
    await holder.query("select pg_advisory_lock($1)", [startupLockKey.toString()]);
    const result = await work();
    await holder.query("select pg_advisory_unlock($1)", [startupLockKey.toString()]);
    holder.release();
    return result;
  } catch (err) {
    // Dropping the connection ends its session and with it the lock.
    holder.release(true);
    throw err;
  }
}

export type DatabaseSource = { databaseUrl: string } | { dataDir: string } | { pglite: PGlite };

export async function openDatabase(source: DatabaseSource): Promise<Database> {
  if ("databaseUrl" in source) {
    // No JIT: our queries are short, and PostgreSQL would compile those whose estimated
    // cost passes jit_above_cost (counts over a large table) on every run, at more than
    // the query itself costs.
    const pool = new pg.Pool({ connectionString: source.databaseUrl, max: 10, options: "-c jit=off" });
    // An idle connection that the server closes (restart, failover) must not crash the
    // process; the pool replaces it on the next query.
    pool.on("error", (err) => console.warn(`database connection lost: ${err.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const exclusive = <T>(work: () => Promise<T>) => underStartupLock(pool, work);
    try {
      await exclusive(() => migratePg(drizzlePg(pool), { migrationsFolder }));
    } catch (err) {
      await pool.end();
      throw err;
    }
    return { db, driver: "postgres", exclusive, close: () => pool.end() };
  }
  let client: PGlite;
  let lock: DataDirLock | null = null;
  if ("pglite" in source) client = source.pglite;
  else {
    mkdirSync(source.dataDir, { recursive: true });
    lock = lockDataDir(source.dataDir);
    try {
      client = await PGlite.create(path.join(source.dataDir, "pglite"));
    } catch (err) {
      lock.release();
      throw err;
    }
  }
  const close = async () => {
    await client.close();
    lock?.release();
  };
  try {
    await migratePglite(drizzlePglite(client), { migrationsFolder });
  } catch (err) {
    await close();
    throw err;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  // One process holds the folder (data-dir-lock.ts): nobody to wait for.
  return { db, driver: "pglite", exclusive: (work) => work(), close };
}

export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
