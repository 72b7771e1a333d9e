/**
 * The database at volume (`npm run bench:volume`): a new PostgreSQL database (BENCH_PG_URL,
 * default postgres://postgres@127.0.0.1:5432/postgres; a database `vaktrom_bench_<pid>`
 * dropped at the end), migrated as the app migrates it, filled in SQL with 1,000,000
 * messages and 1,000,000 shift assignments and what goes with them (volume/scale.ts,
 * server/test/volume-seed.ts), then VACUUM ANALYZE. Prints the load time per step.
 *
 * Then the app runs in this process on that database, every statement it sends seen
 * by a Drizzle logger, and every GET route a person's pages use is asked once as the
 * member, leader or admin of a department (server/test/list-queries.ts: the route
 * registry, so a new route is asked too). Each read a request made is explained with
 * EXPLAIN (ANALYZE, FORMAT JSON) and its own parameters, and printed with the request,
 * PostgreSQL's execution time and the plan's nodes. A read that scans a big table
 * sequentially prints a FAIL line, as does a request not answered 200; either makes the
 * command exit 1. The CI test server/test/list-queries.test.ts asks the same on a small
 * database with sequential scans off.
 */

import { sql } from "drizzle-orm";
import { openDatabase } from "../server/db/client.ts";
import { startTestApp } from "../server/test/harness.ts";
import { callAll, listRequests, prepareScene } from "../server/test/list-queries.ts";
import { planOf, QueryCapture } from "../server/test/query-plans.ts";
import { messageCount, seedVolume } from "../server/test/volume-seed.ts";
import { temporaryPgDatabase } from "./lib/infra.ts";
import { volumeScale } from "./volume/scale.ts";

const pgUrl = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function load(url: string) {
  // The seed's statements run for minutes, past the app's statement timeout: an hour each.
  const database = await openDatabase({ databaseUrl: url, statementTimeoutMs: 3_600_000 });
  try {
    const scale = volumeScale;
    console.log(
      `Loading ${messageCount(scale).toLocaleString("en")} messages and ` +
        `${(scale.departments * (scale.pastShifts + scale.future.assigned)).toLocaleString("en")} assignments…`,
    );
    const started = performance.now();
    for (const step of await seedVolume(database.db, scale))
      console.log(`  ${step.name}: ${seconds(step.ms)}`);
    const analyzed = performance.now();
    await database.db.execute(sql`vacuum analyze`);
    console.log(`  vacuum analyze: ${seconds(performance.now() - analyzed)}`);
    console.log(`Loaded in ${seconds(performance.now() - started)}`);
    const sizes = (await database.db.execute(sql`
      select relname as name, n_live_tup as rows, pg_size_pretty(pg_total_relation_size(relid)) as size
      from pg_stat_user_tables where n_live_tup >= 10000 order by n_live_tup desc`)) as unknown as {
      rows: { name: string; rows: number; size: string }[];
    };
    for (const t of sizes.rows)
      console.log(
        `  ${t.name.padEnd(26)} ${Number(t.rows).toLocaleString("en").padStart(10)} rows ${t.size}`,
      );
  } finally {
    await database.close();
  }
}

async function check(url: string): Promise<number> {
  const capture = new QueryCapture();
  const database = await openDatabase({ databaseUrl: url }, { logger: capture });
  const t = await startTestApp({}, database, {}, async () => {});
  let failures = 0;
  try {
    const scene = await prepareScene(t, volumeScale);
    const answers = await callAll(scene, listRequests(t.routes, scene), capture);
    console.log(`\n${answers.length} requests, ${capture.queries.length} reads:`);
    for (const { request, status, ms } of answers) {
      if (status !== 200) {
        failures++;
        console.log(`FAIL ${request.url}: answered ${status}`);
      }
      const endpoint = capture.queries.filter((q) => q.endpoint === request.endpoint);
      console.log(`\n${request.endpoint} (${request.as}): ${status} in ${ms.toFixed(1)} ms`);
      for (const query of endpoint) {
        const plan = await planOf(t.ctx.db, query, { analyze: true, noSeqScan: false });
        console.log(`  ${plan.executionMs!.toFixed(2).padStart(8)} ms  ${plan.nodes.join(" > ")}`);
        if (plan.wholeReads.length > 0) {
          failures++;
          console.log(`FAIL ${request.endpoint}: reads ${plan.wholeReads.join(", ")} whole\n  ${query.text}`);
        }
      }
    }
  } finally {
    await t.close();
  }
  return failures;
}

const temp = await temporaryPgDatabase(pgUrl);
let failures = 0;
try {
  await load(temp.url);
  failures = await check(temp.url);
} finally {
  await temp.drop();
}
console.log(failures === 0 ? "\nPASS: every list query reads by an index" : `\n${failures} FAIL lines`);
process.exitCode = failures === 0 ? 0 : 1;
