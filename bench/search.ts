/**
 * Search under load, measured on this machine in one run (`npm run bench:search`):
 *  - the data (search/seed.ts, search/words.ts): BENCH_MESSAGES (1,000,000) messages of
 *    Norwegian ward chat in BENCH_DEPARTMENTS (40) departments of BENCH_STAFF (75) people,
 *    over BENCH_DAYS (120) days: each department's thread, three shift threads a day, six
 *    channels (two private), a direct thread between each person and the next four; words
 *    drawn from a few hundred with a Zipf-like frequency, rare words and stock phrases
 *    among them; every 40th message with a file. Written in SQL in BENCH_SEED_BATCHES (20)
 *    time slices; BENCH_SEED_BULK=1 drops the two search indexes for the insert and builds
 *    them afterwards, and skips the department trigger (see seed.ts). The time of each
 *    step is printed, and the size of the messages and their indexes.
 *  - the app: the bundle `npm start` runs, rebuilt from the current source first, with
 *    SEARCH_PER_MINUTE raised out of the way; BENCH_PARALLEL (20) clients in a closed loop,
 *    each a different person (in different departments) asking `GET /api/search?q=…`
 *    through kept-alive connections, the queries taken in turn from a mix of kinds
 *    (search/queries.ts: common, medium and rare words, inflections, parts of words, æøå
 *    spelled out, two words, a "phrase", a typo that only the fuzzy pass finds), for
 *    BENCH_WARMUP_SECONDS (3) unmeasured and BENCH_SECONDS (20) measured. Any answer but
 *    200 is an error and is printed. Then the same people and mix at each of BENCH_RATES
 *    (100,200,300) searches a second, open-loop: each search sent when it is due, its
 *    latency counted from then, whatever the answers before it (as a hospital's people
 *    search; the closed loop is the most this machine does).
 *  - the bare baseline, in the same run and database: the same clients' queries straight
 *    to PostgreSQL through `pg`, one connection each, as the essential query of the same
 *    indexes in the client's department (search/load.ts `bareQuery`).
 *  - BENCH_RUNS (3) runs, each the app and then the baseline; every run is printed, then
 *    the medians of the runs, by kind of query (p50 and p99) and by query, what the
 *    queries found, and the target: search p99 ≤ 50 ms at 20 parallel, at the median of the
 *    runs (a missed target prints FAIL and does not fail the command).
 *  - then, unless BENCH_EXPLAIN=0, each query of the mix once alone through the app's search
 *    code, with every statement it sent explained (search/explain.ts).
 *
 * A new database `vaktrom_bench_<pid>` on the PostgreSQL server at BENCH_PG_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres), dropped at the end; BENCH_KEEP_DB=1 keeps
 * it (its name is printed: EXPLAIN ANALYZE by hand), and BENCH_REUSE_DB=<name> runs on
 * such a kept database again without seeding it (its people's sessions are made live and
 * signed for the new server; the server's migrations run as at any start), and keeps it.
 * PostgreSQL only: BENCH_DRIVERS (postgres) without postgres runs nothing.
 */
import { randomBytes } from "node:crypto";
import os from "node:os";
import { sql } from "drizzle-orm";
import { type Db, openDatabase } from "../server/db/client.ts";
import { databaseUrlFor } from "../server/test/pg-admin.ts";
import { buildServer, describeCpu, freshDatabase, num, startApp } from "./lib/infra.ts";
import { ms, type Percentiles, percentiles } from "./lib/stats.ts";
import { explainSearches } from "./search/explain.ts";
import { runAppSearch, runAppSearchAt, runBaselineSearch, type SearchRun } from "./search/load.ts";
import { checkQueries, queryKinds } from "./search/queries.ts";
import { type SearchUser, searchUsers, seedSearch } from "./search/seed.ts";

const settings = {
  messages: num("BENCH_MESSAGES", 1_000_000),
  departments: num("BENCH_DEPARTMENTS", 40),
  staff: num("BENCH_STAFF", 75),
  days: num("BENCH_DAYS", 120),
  batches: num("BENCH_SEED_BATCHES", 20),
  bulk: process.env.BENCH_SEED_BULK === "1",
  parallel: num("BENCH_PARALLEL", 20),
  warmupSeconds: num("BENCH_WARMUP_SECONDS", 3),
  seconds: num("BENCH_SECONDS", 20),
  runs: num("BENCH_RUNS", 3),
  rates: (process.env.BENCH_RATES ?? "100,200,300")
    .split(",")
    .filter(Boolean)
    .map((rate) => Number(rate)),
  pgUrl: process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
  drivers: (process.env.BENCH_DRIVERS ?? "postgres").split(","),
  keepDb: process.env.BENCH_KEEP_DB === "1",
  reuseDb: process.env.BENCH_REUSE_DB || undefined,
  explain: process.env.BENCH_EXPLAIN !== "0",
};
const target = { p99: 50, parallel: 20, messages: 1_000_000 };

const number = (n: number) => Math.round(n).toLocaleString("en");
const seconds = (msValue: number) => `${(msValue / 1000).toFixed(1)} s`;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const errorCount = (r: SearchRun) => [...r.loop.errors.values()].reduce((a, b) => a + b, 0);
const errorText = (r: SearchRun) =>
  r.loop.errors.size === 0 ? "none" : [...r.loop.errors].map(([why, n]) => `${n}× ${why}`).join(", ");
/** A table row: the first cell left-aligned in `first` characters, the others right-aligned in `rest` each. */
const row = (cells: string[], first = 30, rest: number | number[] = 10) =>
  console.log(
    cells
      .map((c, i) =>
        i === 0 ? c.padEnd(first) : c.padStart(typeof rest === "number" ? rest : (rest[i - 1] ?? 10)),
      )
      .join(""),
  );

/** The data and the people who search it: seeded now, or those of a kept database. */
async function prepare(databaseUrl: string, authSecret: string): Promise<SearchUser[]> {
  // The seed's statements run for minutes, past the app's statement timeout.
  const database = await openDatabase({ databaseUrl, statementTimeoutMs: 3_600_000 });
  const { db } = database;
  try {
    if (!settings.reuseDb) {
      const how = settings.bulk
        ? "search indexes dropped for the insert and built after it, no trigger"
        : "as the app writes them: trigger, generated column, both search indexes kept up";
      console.log(`\nSeeding (messages ${how})`);
      const started = performance.now();
      const steps = await seedSearch(db, { ...settings, authSecret }, (s) =>
        console.log(
          `  ${s.name.padEnd(28)} ${seconds(s.ms).padStart(8)}` +
            (s.rows === undefined ? "" : `  ${number(s.rows)} rows (${number(s.rows / (s.ms / 1000))}/s)`),
        ),
      );
      const messageSteps = steps.filter((s) => s.name.startsWith("messages"));
      const messageMs = messageSteps.reduce((t, s) => t + s.ms, 0);
      const messages = messageSteps.reduce((t, s) => t + (s.rows ?? 0), 0);
      const indexMs = steps.find((s) => s.name === "build the search indexes")?.ms;
      console.log(
        `Seeded in ${seconds(performance.now() - started)}: ${number(messages)} messages in ${seconds(messageMs)} ` +
          `(${number(messages / (messageMs / 1000))}/s)` +
          (indexMs === undefined ? "" : `, the search indexes built in ${seconds(indexMs)} after`),
      );
    } else console.log(`\nReusing the database ${settings.reuseDb} as it is (not seeded)`);
    await printSizes(db);
    return await searchUsers(db, settings.parallel, authSecret);
  } finally {
    await database.close();
  }
}

/** chat_messages and its indexes on disk. */
async function printSizes(db: Db) {
  const result = (await db.execute(sql`
    select (select count(*) from chat_messages)::bigint as messages,
           (select count(*) from chat_message_attachments)::bigint as files,
           (select count(distinct dept_id) from chat_messages)::int as departments,
           pg_table_size('chat_messages') as heap,
           pg_relation_size('chat_messages_search_idx') as fulltext,
           pg_relation_size('chat_messages_dept_seq_idx') as newest,
           (select count(*) from search_words)::bigint as words,
           pg_total_relation_size('search_words') as words_size,
           pg_indexes_size('chat_messages') as indexes,
           pg_total_relation_size('chat_messages') as total,
           pg_database_size(current_database()) as database,
           current_setting('shared_buffers') as shared_buffers, current_setting('work_mem') as work_mem,
           current_setting('max_parallel_workers_per_gather') as parallel,
           current_setting('server_version') as server_version`)) as unknown as {
    rows: Record<string, string>[];
  };
  const r = result.rows[0]!;
  const mb = (bytes: string) => `${number(Number(bytes) / 1024 / 1024)} MB`;
  const others = Number(r.indexes) - Number(r.fulltext) - Number(r.newest);
  console.log(
    `chat_messages: ${number(Number(r.messages))} messages in ${r.departments} departments ` +
      `(${number(Number(r.files))} files); table ${mb(r.heap!)} (with TOAST), ` +
      `full-text index (dept_id, search_vector) ${mb(r.fulltext!)}, ` +
      `newest first (dept_id, seq) ${mb(r.newest!)}, other indexes ${mb(String(others))}; ` +
      `in all ${mb(r.total!)} (database ${mb(r.database!)}); search_words: ${number(Number(r.words))} ` +
      `words of departments, ${mb(r.words_size!)} with its trigram index`,
  );
  console.log(
    `PostgreSQL ${r.server_version}: shared_buffers ${r.shared_buffers}, work_mem ${r.work_mem}, ` +
      `max_parallel_workers_per_gather ${r.parallel}`,
  );
}

function printRun(r: SearchRun) {
  const l = r.loop.latency;
  console.log(
    `\n${r.label}: ${r.loop.requestsPerSecond.toFixed(0)} searches/s (${number(r.loop.requests)}), ` +
      `p50 ${ms(l.p50)}, p95 ${ms(l.p95)}, p99 ${ms(l.p99)}, max ${ms(l.max)}; errors: ${errorText(r)}`,
  );
  if (r.loop.cpu) console.log(`  ${describeCpu(r.loop.cpu)}`);
  console.log(
    `  p99 by kind: ${[...r.byKind].map(([kind, k]) => `${kind} ${ms(percentiles(k.latencies).p99)}`).join(", ")}`,
  );
}

interface Side {
  name: string;
  runs: SearchRun[];
}

/** A run's row: searches a second, p50, p95, p99, max, errors. */
function runRow(r: SearchRun) {
  const l = r.loop.latency;
  row([
    r.label,
    r.loop.requestsPerSecond.toFixed(0),
    ms(l.p50),
    ms(l.p95),
    ms(l.p99),
    ms(l.max),
    String(errorCount(r)),
  ]);
}

/** The medians of some runs' figures, printed as a row named `label`; and returned. */
function mediansRow(label: string, runs: SearchRun[]) {
  const of = (pick: (l: Percentiles) => number) => median(runs.map((r) => pick(r.loop.latency)));
  const m = {
    rps: median(runs.map((r) => r.loop.requestsPerSecond)),
    p50: of((l) => l.p50),
    p95: of((l) => l.p95),
    p99: of((l) => l.p99),
    max: of((l) => l.max),
    errors: runs.reduce((n, r) => n + errorCount(r), 0),
  };
  row([
    `${label}, median of ${runs.length}`,
    m.rps.toFixed(0),
    ms(m.p50),
    ms(m.p95),
    ms(m.p99),
    ms(m.max),
    `${m.errors} in all`,
  ]);
  return m;
}

function summary(app: Side, baseline: Side) {
  console.log(`\nSummary (${settings.parallel} clients, ${settings.seconds} s measured per run)`);
  row(["", "searches/s", "p50", "p95", "p99", "max", "errors"]);
  for (const r of [...app.runs, ...baseline.runs]) runRow(r);
  const a = mediansRow(app.name, app.runs);
  const b = mediansRow(baseline.name, baseline.runs);
  console.log(
    `app / baseline at the median: p50 ${(a.p50 / b.p50).toFixed(1)}×, p99 ${(a.p99 / b.p99).toFixed(1)}×`,
  );

  console.log(
    "\nBy kind of query: the app's p99 in each run and the medians of the runs; hits: messages per answer" +
      " (share of answers with more)",
  );
  const kindWidths = [22, 11, 11, 11, 11, 13, 11];
  row(
    ["", "app p99 by run", "app p99", "app p50", "base p99", "base p50", "app hits", "base hits"],
    18,
    kindWidths,
  );
  for (const kind of queryKinds) {
    const p = (side: Side) => side.runs.map((r) => percentiles(r.byKind.get(kind.kind)!.latencies));
    const appP = p(app);
    const baseP = p(baseline);
    row(
      [
        kind.kind,
        `${appP.map((x) => x.p99.toFixed(0)).join(" / ")} ms`,
        ms(median(appP.map((x) => x.p99))),
        ms(median(appP.map((x) => x.p50))),
        ms(median(baseP.map((x) => x.p99))),
        ms(median(baseP.map((x) => x.p50))),
        hitsCell(app, kind.queries),
        hitsCell(baseline, kind.queries),
      ],
      18,
      kindWidths,
    );
  }
  const kindErrors = queryKinds
    .map((k) => [k.kind, app.runs.reduce((n, r) => n + r.byKind.get(k.kind)!.errors, 0)] as const)
    .filter(([, n]) => n > 0);
  if (kindErrors.length > 0)
    console.log(`app errors by kind: ${kindErrors.map(([k, n]) => `${k} ${n}`).join(", ")}`);

  console.log("\nBy query, every run together: p50 / p99");
  row(["", "app p50", "app p99", "base p50", "base p99", "app hits"], 30, 13);
  for (const kind of queryKinds)
    for (const q of kind.queries) {
      const all = (side: Side) => percentiles(side.runs.flatMap((r) => r.byQuery.get(q) ?? []));
      const x = all(app);
      const y = all(baseline);
      row([`${kind.kind}: ${q}`, ms(x.p50), ms(x.p99), ms(y.p50), ms(y.p99), hitsCell(app, [q])], 30, 13);
    }

  const full = settings.messages >= target.messages && settings.parallel >= target.parallel;
  const ok = a.p99 <= target.p99 && a.errors === 0 && full;
  console.log(
    `\nTarget: search p99 ≤ ${target.p99} ms at ${target.parallel} parallel ` +
      `(${number(target.messages)} messages, median of the runs' p99)`,
  );
  console.log(
    `  ${ok ? "PASS" : "FAIL"}  app p99 ${ms(a.p99)} (runs: ${app.runs.map((r) => ms(r.loop.latency.p99)).join(", ")}), ` +
      `${a.errors} errors, ${settings.parallel} parallel, ${number(settings.messages)} messages` +
      (full ? "" : " (smaller than the target's setting)"),
  );
}

/** The open loop's runs at each rate, and their medians. */
function rateSummary(runs: SearchRun[]) {
  console.log(
    `\nAt a rate (open loop: each search sent when due, latency from then; ${settings.seconds} s measured per run)`,
  );
  row(["", "answered/s", "p50", "p95", "p99", "max", "errors"]);
  for (const r of runs) runRow(r);
  for (const rate of settings.rates)
    mediansRow(
      `${rate}/s`,
      runs.filter((r) => "rate" in r.loop && r.loop.rate === rate),
    );
}

/** Messages per answer over the counted answers of `queries`, and the share that had more. */
function hitsCell(side: Side, queries: string[]) {
  let answers = 0;
  let messages = 0;
  let more = 0;
  for (const r of side.runs)
    for (const q of queries) {
      const h = r.hits.get(q);
      if (!h) continue;
      answers += h.answers;
      messages += h.messages;
      more += h.more;
    }
  if (answers === 0) return "–";
  const share = side.name === "app" ? ` (${Math.round((100 * more) / answers)}%)` : "";
  return `${(messages / answers).toFixed(1)}${share}`;
}

if (!settings.drivers.includes("postgres")) {
  console.log("search bench: PostgreSQL only (BENCH_DRIVERS=postgres); nothing to run");
  process.exit(0);
}
checkQueries();
console.log(
  `search bench: ${number(settings.messages)} messages in ${settings.departments} departments of ${settings.staff}, ` +
    `${settings.days} days; ${settings.parallel} clients in a closed loop, ${settings.warmupSeconds} s warm-up + ` +
    `${settings.seconds} s measured, ${settings.runs} runs of app and baseline; ${os.cpus().length} cores`,
);
await buildServer();
const authSecret = randomBytes(32).toString("base64url");
const fresh = settings.reuseDb ? undefined : await freshDatabase("postgres", settings.pgUrl);
const databaseUrl =
  fresh && "databaseUrl" in fresh.db
    ? fresh.db.databaseUrl
    : databaseUrlFor(settings.pgUrl, settings.reuseDb!);
const databaseName = new URL(databaseUrl).pathname.slice(1);
try {
  const users = await prepare(databaseUrl, authSecret);
  // Searching as one types is limited per person and minute; a client here asks hundreds.
  process.env.SEARCH_PER_MINUTE ??= "10000000";
  const server = await startApp({ databaseUrl }, authSecret);
  const app: Side = { name: "app", runs: [] };
  const baseline: Side = { name: "baseline", runs: [] };
  const atRates: SearchRun[] = [];
  try {
    const opts = {
      parallel: settings.parallel,
      warmupSeconds: settings.warmupSeconds,
      seconds: settings.seconds,
    };
    for (let run = 1; run <= settings.runs; run++) {
      app.runs.push(await runAppSearch(server, users, opts, `app · run ${run}`));
      printRun(app.runs.at(-1)!);
      for (const rate of settings.rates) {
        atRates.push(await runAppSearchAt(server, users, { ...opts, rate }, `app at ${rate}/s · run ${run}`));
        printRun(atRates.at(-1)!);
      }
      baseline.runs.push(await runBaselineSearch(databaseUrl, users, opts, `baseline · run ${run}`));
      printRun(baseline.runs.at(-1)!);
    }
  } finally {
    await server.stop();
  }
  if (settings.runs > 0) summary(app, baseline);
  if (settings.runs > 0 && settings.rates.length > 0) rateSummary(atRates);
  if (settings.explain) await explainSearches(databaseUrl, users[0]!);
} finally {
  if (fresh && !settings.keepDb) await fresh.cleanup();
  else {
    await fresh?.keep();
    console.log(`\nThe database ${databaseName} is kept (drop database ${databaseName} with (force))`);
  }
}
