/**
 * Chat realtime throughput and latency, measured on this machine in one run
 * (`npm run bench:chat`):
 *  - app on PGlite, then app on PostgreSQL: BENCH_CLIENTS (1,000) WebSockets, one per
 *    person, each following one of BENCH_THREADS (20) channels; the channels' members
 *    post through `POST /api/chat/threads/:id/messages` at BENCH_RATE (200) messages/s
 *    in total, open-loop, for BENCH_WARMUP_SECONDS (3) unmeasured and BENCH_SECONDS (12)
 *    measured. Prints messages/s and deliveries/s done within the measured window,
 *    send→deliver latency p50/p95/p99/max (from issuing the POST to the `message.created`
 *    event arriving on each follower's socket; a delivery that never came counts as ∞;
 *    see chat/load.ts), the POST's own answer time, errors, and the CPU share of server,
 *    PostgreSQL, this benchmark, other processes, interrupts and the whole machine (the
 *    box may be shared: "other processes" shows it).
 *  - baseline on PostgreSQL, in the same run and the same database: a bare server
 *    (chat/baseline.ts: node:http, one `pg` insert, `ws` fan-out, no app logic) under
 *    the same sockets, threads and rate. On PostgreSQL the two take turns, app then
 *    baseline, for BENCH_ROUNDS (3) rounds, both servers up throughout (the one not
 *    under load idles): a p99 is the slowest hundredth of one 12-second window, and this
 *    shared machine's speed moves from minute to minute, so a single pair of windows
 *    measured minutes apart said more about the minute than about the servers. Every
 *    round is printed; the targets take each side's median round by p99, and the
 *    app/baseline p99 ratio is theirs.
 *  - reading, on both databases: BENCH_READ_CONCURRENCY (50) signed-in members asking
 *    for the newest 50 messages (authors, replies, reactions) of a thread holding
 *    BENCH_READ_MESSAGES (100,000), for BENCH_READ_SECONDS (5) after a 1 s warm-up; then
 *    the same one request at a time, the floor under the parallel figure.
 *
 * Every run starts from a new database: a temporary PGlite directory, and on PostgreSQL
 * (BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres) a database
 * `vaktrom_bench_<pid>` dropped at the end; the URL's query reaches the app's
 * DATABASE_URL too (e.g. `?options=-c%20jit%3Doff` to try a server setting). People,
 * sessions, channels and the history are written in SQL before the server starts
 * (chat/seed.ts); the sockets and requests then carry signed session cookies exactly as
 * a browser does, with the app's Origin.
 * The server is the bundle `npm start` runs, rebuilt from the current source first.
 * Clients run in this process on the same two cores as the server and the database, so
 * the CPU shares and this process's event-loop delay are printed alongside.
 * BENCH_DRIVERS=pglite or =postgres runs one database only. Targets (PostgreSQL) end in
 * PASS/FAIL lines; a missed target does not fail the command.
 */
import { execSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { type LoadResult, runLoad, type Target } from "./chat/load.ts";
import { type ReadResult, runRead } from "./chat/read.ts";
import { seed } from "./chat/seed.ts";
import {
  buildServer,
  describeCpu,
  freshDatabase,
  num,
  type RunningServer,
  startApp,
  startBaseline,
} from "./lib/infra.ts";
import { answerJson, LeanPool, requestBytes } from "./lib/lean-http.ts";
import { ms, summarize } from "./lib/stats.ts";

const settings = {
  clients: num("BENCH_CLIENTS", 1000),
  threads: num("BENCH_THREADS", 20),
  rate: num("BENCH_RATE", 200),
  warmupSeconds: num("BENCH_WARMUP_SECONDS", 3),
  seconds: num("BENCH_SECONDS", 12),
  readMessages: num("BENCH_READ_MESSAGES", 100_000),
  readConcurrency: num("BENCH_READ_CONCURRENCY", 50),
  readSeconds: num("BENCH_READ_SECONDS", 5),
  rounds: num("BENCH_ROUNDS", 3),
  pgUrl: process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
  drivers: (process.env.BENCH_DRIVERS ?? "pglite,postgres").split(","),
};
const loadOptions = {
  rate: settings.rate,
  warmupSeconds: settings.warmupSeconds,
  seconds: settings.seconds,
  connectConcurrency: 50,
  answerTimeoutMs: 60_000,
};
const targets = {
  clients: 1000,
  threads: 20,
  rate: 200,
  p99: 50,
  ratio: 1.5,
  readP99: 20,
  readMessages: 100_000,
};

/**
 * Posts go through a pool of kept-alive connections of the lean client (lib/lean-http.ts)
 * for the app and the baseline alike: `fetch` cost the load generator about 2 ms of CPU
 * per post, two-fifths of a core at 200 a second, on the two cores the servers use.
 */
function poster(server: RunningServer, path: (threadId: string) => string) {
  const target = new URL(server.base);
  const pool = new LeanPool(target);
  return {
    async send(threadId: string, headers: Record<string, string>, body: unknown) {
      const json = JSON.stringify(body);
      const answer = await pool.send(
        requestBytes(
          "POST",
          target,
          path(threadId),
          { ...headers, "content-type": "application/json" },
          json,
        ),
      );
      return { status: answer.status, body: answerJson(answer) as { id?: string } };
    },
    close: () => pool.close(),
  };
}

function appTarget(server: RunningServer, label: string): Target {
  // The server's PUBLIC_URL is its own address: the Origin of a page it served.
  const origin = server.base;
  const posts = poster(server, (threadId) => `/api/chat/threads/${threadId}/messages`);
  return {
    label,
    pid: server.pid,
    wsUrl: `${server.base.replace("http", "ws")}/api/realtime`,
    origin,
    async post(author, threadId, content) {
      const { status, body } = await posts.send(threadId, { cookie: author.cookie, origin }, { content });
      return status === 201 && body.id ? { id: body.id } : { error: `HTTP ${status}` };
    },
    close: posts.close,
  };
}

function baselineTarget(server: RunningServer, label: string): Target {
  const posts = poster(server, (threadId) => `/threads/${threadId}/messages`);
  return {
    label,
    pid: server.pid,
    wsUrl: `${server.base.replace("http", "ws")}/realtime`,
    origin: server.base,
    async post(author, threadId, content) {
      const { status, body } = await posts.send(threadId, {}, { authorId: author.id, content });
      return status === 201 && body.id
        ? { id: body.id }
        : { error: `HTTP ${status}: ${JSON.stringify(body)}` };
    },
    close: posts.close,
  };
}

const errorText = (errors: Map<string, number>) =>
  errors.size === 0 ? "none" : [...errors].map(([why, n]) => `${n}× ${why}`).join(", ");
const errorCount = (errors: Map<string, number>) => [...errors.values()].reduce((a, b) => a + b, 0);

function printLoad(r: LoadResult) {
  console.log(
    `\n${r.label}: ${r.connected} sockets in ${r.threads} threads (connected in ${r.connectSeconds.toFixed(1)} s)`,
  );
  console.log(
    `  ${r.msgsPerSecond.toFixed(1)} msgs/s answered, ${Math.round(r.deliveriesPerSecond)} deliveries/s ` +
      `(in the window); ${r.ok}/${r.sent} of its posts answered 201; ` +
      `lost deliveries ${r.lost}; errors: ${errorText(r.errors)}`,
  );
  console.log(`  send→deliver ${summarize(r.latency)}`);
  console.log(`  POST answer  ${summarize(r.postTime)}`);
  console.log(`  ${describeCpu(r.cpu)}; bench event-loop delay p99 ${ms(r.benchLoopDelayP99)}`);
}

function printRead(label: string, r: ReadResult) {
  console.log(
    `\n${label}: latest 50 of ${settings.readMessages.toLocaleString("en")} messages, ${r.concurrency} in parallel`,
  );
  console.log(
    `  ${r.requestsPerSecond.toFixed(0)} requests/s (${r.requests}), ${summarize(r.latency)}, errors: ${errorText(r.errors)}`,
  );
  if (r.cpu) console.log(`  ${describeCpu(r.cpu)}`);
}

interface DriverResult {
  /** one per round */
  app: LoadResult[];
  /** at BENCH_READ_CONCURRENCY, then one at a time */
  reads: [ReadResult, ReadResult];
  /** one per round, after the app's of that round */
  baseline?: LoadResult[];
}

/** The round whose p99 is the median of the rounds' (the lower middle of an even count). */
function medianRound(rounds: LoadResult[]): LoadResult {
  const byP99 = [...rounds].sort((a, b) => a.latency.p99 - b.latency.p99);
  return byP99[Math.floor((byP99.length - 1) / 2)]!;
}

async function runDriver(driver: "pglite" | "postgres"): Promise<DriverResult> {
  const name = driver === "pglite" ? "PGlite" : "PostgreSQL";
  const authSecret = randomBytes(32).toString("base64url");
  const { db, cleanup } = await freshDatabase(driver, settings.pgUrl);
  try {
    const seedStart = performance.now();
    const seeded = await seed(db, {
      clients: settings.clients,
      threads: settings.threads,
      readers: settings.readConcurrency,
      readMessages: settings.readMessages,
      authSecret,
    });
    console.log(`\n[${name}] seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
    const server = await startApp(db, authSecret);
    const baseline =
      "databaseUrl" in db
        ? await startBaseline(path.join(import.meta.dirname, "chat/baseline.ts"), db.databaseUrl)
        : undefined;
    try {
      const rounds = baseline ? settings.rounds : 1;
      const app: LoadResult[] = [];
      const bare: LoadResult[] = [];
      for (let round = 1; round <= rounds; round++) {
        const label = rounds > 1 ? ` · round ${round}` : "";
        app.push(
          await runLoad(
            appTarget(server, `app · ${name}${label}`),
            seeded.users,
            seeded.threadIds,
            loadOptions,
          ),
        );
        printLoad(app.at(-1)!);
        if (!baseline) continue;
        const target = baselineTarget(baseline, `baseline · ${name}${label}`);
        bare.push(await runLoad(target, seeded.users, seeded.threadIds, loadOptions));
        printLoad(bare.at(-1)!);
      }
      const readAt = (concurrency: number) =>
        runRead(server.base, server.base, seeded.history.id, seeded.history.readers, {
          concurrency,
          warmupSeconds: 1,
          seconds: settings.readSeconds,
          serverPid: server.pid,
        });
      const read = await readAt(settings.readConcurrency);
      printRead(`read · ${name}`, read);
      // One at a time: the floor under the parallel figure (the request's own cost).
      const readAlone = await readAt(1);
      printRead(`read · ${name}`, readAlone);
      return { app, reads: [read, readAlone], ...(baseline ? { baseline: bare } : {}) };
    } finally {
      await server.stop();
      await baseline?.stop();
    }
  } finally {
    await cleanup();
  }
}

function printSummary(results: Map<string, DriverResult>) {
  const row = (cells: string[]) =>
    console.log(cells.map((c, i) => (i === 0 ? c.padEnd(32) : c.padStart(11))).join(""));
  console.log("\nSummary (∞: some deliveries never arrived)");
  row(["", "clients", "msgs/s", "deliv/s", "p50", "p95", "p99", "max", "errors", "lost"]);
  for (const r of [...results.values()].flatMap((d) => [...d.app, ...(d.baseline ?? [])])) {
    const l = r.latency;
    const perSecond = [r.msgsPerSecond.toFixed(1), Math.round(r.deliveriesPerSecond).toString()];
    const errors = [String(errorCount(r.errors)), String(r.lost)];
    row([r.label, String(r.connected), ...perSecond, ms(l.p50), ms(l.p95), ms(l.p99), ms(l.max), ...errors]);
  }
  row(["", "parallel", "req/s", "", "p50", "p95", "p99", "max", "errors"]);
  for (const [name, { reads }] of results)
    for (const read of reads) {
      const l = read.latency;
      const rps = read.requestsPerSecond.toFixed(0);
      const errors = String(errorCount(read.errors));
      row([
        `read · ${name}`,
        String(read.concurrency),
        rps,
        "",
        ms(l.p50),
        ms(l.p95),
        ms(l.p99),
        ms(l.max),
        errors,
      ]);
    }

  const baselineRounds = results.get("PostgreSQL")?.baseline;
  const baseline = baselineRounds && medianRound(baselineRounds);
  console.log(
    `\nTargets (${targets.clients} clients in ${targets.threads} threads, ${targets.rate} msgs/s; ` +
      "they apply to PostgreSQL, PGlite is shown for comparison)",
  );
  for (const [name, { app: appRounds, reads }] of results) {
    const [read] = reads;
    const app = medianRound(appRounds);
    const check = (ok: boolean, what: string, figure: string) =>
      console.log(`  ${ok ? "PASS" : "FAIL"}  ${name.padEnd(10)} ${what.padEnd(52)} ${figure}`);
    // Connections, rate and delivery hold in every round.
    const errs = appRounds.reduce((n, r) => n + errorCount(r.errors) + r.lost, 0);
    const fewest = Math.min(...appRounds.map((r) => r.connected));
    const slowest = Math.min(...appRounds.map((r) => r.msgsPerSecond));
    check(
      fewest >= targets.clients && app.threads >= targets.threads,
      `${targets.clients} clients connected in ${targets.threads} threads`,
      `${fewest} in ${app.threads}`,
    );
    check(
      slowest >= targets.rate * 0.99 && errs === 0,
      `${targets.rate} msgs/s, every message delivered`,
      `${slowest.toFixed(1)} msgs/s, ${errs} errors/lost`,
    );
    check(
      app.latency.p99 <= targets.p99,
      `send→deliver p99 ≤ ${targets.p99} ms (median round)`,
      ms(app.latency.p99),
    );
    if (baseline) {
      const ratio = app.latency.p99 / baseline.latency.p99;
      check(
        ratio <= targets.ratio,
        `p99 ≤ ${targets.ratio}× baseline p99 (median rounds)`,
        `${Number.isFinite(ratio) ? ratio.toFixed(2) : "∞"}× (${ms(app.latency.p99)} / ${ms(baseline.latency.p99)})`,
      );
    }
    const readErrs = errorCount(read.errors);
    check(
      read.latency.p99 <= targets.readP99 &&
        read.concurrency >= 50 &&
        settings.readMessages >= targets.readMessages &&
        readErrs === 0,
      `latest 50 of ${targets.readMessages.toLocaleString("en")}: p99 ≤ ${targets.readP99} ms at 50 parallel`,
      `${ms(read.latency.p99)} (${read.concurrency} parallel, ${readErrs} errors)`,
    );
  }
}

// Every socket is a descriptor here and in the server.
const openFiles = Number(execSync("ulimit -n", { shell: "/bin/sh" }).toString().trim());
if (openFiles < settings.clients + 500)
  console.warn(`warning: ulimit -n is ${openFiles}; ${settings.clients} sockets need more (raise it)`);

console.log(
  `chat bench: ${settings.clients} clients, ${settings.threads} threads, ${settings.rate} msgs/s, ` +
    `${settings.warmupSeconds} s warm-up + ${settings.seconds} s measured; ${os.cpus().length} cores`,
);
await buildServer();
const results = new Map<string, DriverResult>();
if (settings.drivers.includes("pglite")) results.set("PGlite", await runDriver("pglite"));
if (settings.drivers.includes("postgres")) results.set("PostgreSQL", await runDriver("postgres"));
printSummary(results);
