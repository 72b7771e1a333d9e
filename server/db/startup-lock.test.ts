/**
 * Instances started together on one new, empty PostgreSQL database: all come up, and the
 * migrations and the demo seed happen once (under the start-up advisory lock).
 */
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { prepareDatabase } from "../startup.ts";
import { driver } from "../test/harness.ts";
import { databaseUrlFor, randomDbName } from "../test/pg-admin.ts";
import { openDatabase } from "./client.ts";
import { departments, user } from "./schema.ts";

const migrations = (
  JSON.parse(readFileSync(new URL("./migrations/meta/_journal.json", import.meta.url), "utf8")) as {
    entries: unknown[];
  }
).entries.length;

describe.skipIf(driver !== "postgres")("start-up of several instances at once", () => {
  it("migrates and seeds an empty database once when four instances start at the same moment", async () => {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = randomDbName("vaktrom_startup");
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = databaseUrlFor(adminUrl, name);
    const config = loadConfig({});
    try {
      const started = await Promise.allSettled(
        [1, 2, 3, 4].map(async () => {
          const database = await openDatabase({ databaseUrl: url });
          try {
            return await database.exclusive(() => prepareDatabase(config, database.db));
          } finally {
            await database.close();
          }
        }),
      );
      expect(started.map((s) => s.status)).toEqual(["fulfilled", "fulfilled", "fulfilled", "fulfilled"]);
      // Exactly one of them found the database empty and seeded it.
      expect(started.filter((s) => s.status === "fulfilled" && s.value === true)).toHaveLength(1);

      const check = await openDatabase({ databaseUrl: url });
      try {
        const applied = (await check.db.execute(
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        )) as unknown as { rows: { n: number }[] };
        expect(applied.rows[0]!.n).toBe(migrations);
        expect(await check.db.select().from(user)).toHaveLength(6);
        expect(await check.db.select().from(departments)).toHaveLength(3);
      } finally {
        await check.close();
      }
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 120_000);
});
