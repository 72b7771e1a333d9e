/**
 * Statements that every request runs (its session, its person, the thread it names),
 * built once per database instead of on every call: under load, building queries was a
 * tenth of the server's time. Each is also a named prepared statement, so PostgreSQL
 * plans it once per connection.
 */
import type { Query, SQL } from "drizzle-orm";
import type { Db, Tx } from "./client.ts";

export function preparedOnce<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}

/** What `namedStatement` uses of Drizzle beyond its public API (present in both drivers). */
interface DrizzleInternals {
  dialect: { sqlToQuery(statement: SQL): Query };
  session: {
    prepareQuery(
      query: Query,
      fields: undefined,
      name: string,
      arrayMode: false,
    ): {
      execute(values: Record<string, unknown>): Promise<unknown>;
    };
  };
}

/**
 * A statement written in SQL (one the query builder cannot write: a data-modifying CTE
 * read in the same statement, or a read of CTEs) prepared under `name`, its
 * `sql.placeholder`s filled per call. `db.execute` sends such a statement unnamed, so
 * PostgreSQL parses and plans it every time: 1.3 ms of a chat post's 1.8 ms in the
 * database (bench/chat). `build` runs once, with the first handle the statement is
 * used on (the query builder wants one); the statement is then parsed once per
 * connection, in a transaction or out of one. Rows come as the driver gives them
 * (timestamps as text).
 */
export function namedStatement<Row>(name: string, build: (db: Db | Tx) => SQL) {
  let built: Query | undefined;
  return async (db: Db | Tx, values: Record<string, unknown>): Promise<Row[]> => {
    const internals = db as unknown as DrizzleInternals;
    built ??= internals.dialect.sqlToQuery(build(db));
    const result = await internals.session.prepareQuery(built, undefined, name, false).execute(values);
    return (result as { rows: Row[] }).rows;
  };
}
