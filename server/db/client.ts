/**
 * Opens the database: PGlite in DATA_DIR by default, a PostgreSQL server through `pg`
 * when DATABASE_URL is set. Both give the same Drizzle API; migrations run at open.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { type Logger, sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { type DataDirLock, lockDataDir } from "./data-dir-lock.ts";
import { isDatabaseUnavailable } from "./faults.ts";
import { schema } from "./schema.ts";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle inside `db.transaction(…)`: the same query API, bound to one connection. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type Driver = "pglite" | "postgres";

export interface Database {
  db: Db;
  driver: Driver;
  /** a PostgreSQL server's URL and the pool on it (the event bus listens and notifies there) */
  postgres?: { url: string; pool: pg.Pool };
  /**
   * Runs `work` (the demo seed) under the start-up lock the migrations ran under, so
   * instances started together on one empty database seed it once.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * The extensions the migrations create (search's trigrams and its department-first GIN
 * index). PGlite loads an extension's code only when opened with it, so every PGlite
 * this app opens goes through here.
 */
export const pgliteExtensions = { pg_trgm, btree_gin };

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** How long PostgreSQL may take: a server that is down or frozen answers a request with 503, never a hang. */
export interface DatabaseTimeouts {
  /** a statement running longer is cancelled by the server (57014) */
  statementTimeoutMs: number;
  /** waiting for a connection, new or from the pool */
  connectTimeoutMs: number;
}

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
    // Waiting for another instance's migrations may take longer than a statement may.
    await holder.query("set statement_timeout = 0");
    await holder.query("select pg_advisory_lock($1)", [startupLockKey.toString()]);
    const result = await work();
    await holder.query("select pg_advisory_unlock($1)", [startupLockKey.toString()]);
    await holder.query("reset statement_timeout");
    holder.release();
    return result;
  } catch (err) {
    // Dropping the connection ends its session and with it the lock.
    holder.release(true);
    throw err;
  }
}

/** config.ts's defaults, for callers without a config (scripts, test setup). */
const defaultTimeouts: DatabaseTimeouts = { statementTimeoutMs: 5000, connectTimeoutMs: 3000 };

/** A PostgreSQL server, and how this instance uses it. */
export type PostgresSource = { databaseUrl: string; poolSize?: number } & Partial<DatabaseTimeouts>;

export type DatabaseSource = PostgresSource | { dataDir: string } | { pglite: PGlite };

function openPool(source: PostgresSource): pg.Pool {
  const { statementTimeoutMs, connectTimeoutMs } = { ...defaultTimeouts, ...source };
  return new pg.Pool({
    connectionString: source.databaseUrl,
    // docs/operations.md § Pool size: why 10.
    max: source.poolSize ?? 10,
    // No JIT: our queries are short, and PostgreSQL would compile those whose estimated
    // cost passes jit_above_cost (counts over a large table) on every run, at more than
    // the query itself costs.
    options: "-c jit=off",
    statement_timeout: statementTimeoutMs,
    // A frozen server (stopped process, silent network) cancels nothing: the client gives
    // up a second after the server would have. The pool then drops that connection.
    query_timeout: statementTimeoutMs + 1000,
    connectionTimeoutMillis: connectTimeoutMs,
    // A connection whose peer vanished (host down, network cut) is found dead by the
    // kernel instead of being kept for hours.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
}

/** A connection that failed this way cannot be used again: closed, not returned to the pool. */
const breaksConnection = (err: unknown) =>
  isDatabaseUnavailable(err) && (err as { code?: unknown }).code !== "57014";

/**
 * Drizzle's transactions take a connection with `pool.connect()` and give it back with a
 * bare `release()`: a connection that failed (a frozen server's timed-out query) would go
 * back to the pool, and one whose BEGIN failed is never given back, so that after
 * `max` of them the pool is empty for good. Here such a checkout closes its connection
 * at the first failure, and releasing it twice is harmless. (`pool.query`, which passes
 * a callback, releases with its error itself.)
 */
function dropBrokenConnections(pool: pg.Pool) {
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  pool.connect = ((...args: unknown[]) => {
    if (args.length > 0) return connect(...args);
    return (connect() as Promise<pg.PoolClient>).then((client) => {
      const release = client.release;
      let released = false;
      client.release = (err?: Error | boolean) => {
        if (released) return;
        released = true;
        delete (client as { query?: unknown }).query;
        release(err);
      };
      const query = client.query;
      client.query = ((...queryArgs: Parameters<typeof query>) => {
        const result = (query as (...a: unknown[]) => unknown).apply(client, queryArgs);
        if (result instanceof Promise)
          result.catch((err: unknown) => {
            if (breaksConnection(err)) client.release(true);
          });
        return result;
      }) as typeof query;
      return client;
    });
  }) as typeof pool.connect;
}

/** What a caller may add to the opened database: `logger` sees every statement Drizzle sends, with its parameters. */
export interface DatabaseOptions {
  logger?: Logger;
}

export async function openDatabase(source: DatabaseSource, options: DatabaseOptions = {}): Promise<Database> {
  const { logger = false } = options;
  if ("databaseUrl" in source) {
    const pool = openPool(source);
    dropBrokenConnections(pool);
    // An idle connection that the server closes (restart, failover) must not crash the
    // process; the pool replaces it on the next query.
    pool.on("error", (err) => console.warn(`database connection lost: ${err.message}`));
    const db = drizzlePg(pool, { schema, logger }) as unknown as Db;
    const exclusive = <T>(work: () => Promise<T>) => underStartupLock(pool, work);
    try {
      await exclusive(() => migratePg(drizzlePg(pool), { migrationsFolder }));
    } catch (err) {
      await pool.end();
      throw err;
    }
    return {
      db,
      driver: "postgres",
      postgres: { url: source.databaseUrl, pool },
      exclusive,
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  let lock: DataDirLock | null = null;
  if ("pglite" in source) client = source.pglite;
  else {
    mkdirSync(source.dataDir, { recursive: true });
    lock = lockDataDir(source.dataDir);
    try {
      client = await PGlite.create(path.join(source.dataDir, "pglite"), { extensions: pgliteExtensions });
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
  const db = drizzlePglite(client, { schema, logger }) as unknown as Db;
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
