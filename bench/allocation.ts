/**
 * Fair assignment and the open list, measured on this machine in one run
 * (`npm run bench:allocation`):
 *  - assignment: the department's leader assigns BENCH_SHIFTS (200) open extra shifts
 *    one after another through `POST /api/shifts/:id/assign`, each once, so every call is
 *    a full run: BENCH_CANDIDATES (500) interested staff, their 90-day counts among
 *    BENCH_HISTORY (1,000,000) past assignments, their shifts in the working-time rules'
 *    reach (a year each side), contracts and competences, the rules and the ranking, the
 *    assignment, the run with every candidate as the audit shows them, a notification to
 *    each. After the run, how many candidates were refused and why (allocation/refusals.ts).
 *    BENCH_WARMUP_SHIFTS (10) go first, unmeasured (allocation/assign.ts). Prints
 *    p50/p95/p99/max of the whole call as the leader's browser sees it: first with
 *    BENCH_ASSIGN_PAUSE_MS (100) before each call, so that each meets the server as a
 *    leader's click does, done with the previous one's 499 notices; then BENCH_SHIFTS
 *    more back to back, each beside the previous one's notices (a burst no leader makes).
 *  - the open list: BENCH_LIST_CONCURRENCY (50) signed-in members asking for
 *    `GET /api/shifts?view=open` in a closed loop (lib/closed-loop.ts, through the lean
 *    client lib/lean-http.ts) for BENCH_LIST_SECONDS (5) after a 1 s warm-up, then the
 *    same one at a time (the floor under the parallel figure: the request's own cost).
 *  - BENCH_COMPARE_REF=<git ref> (say the commit before a change): that commit's server,
 *    built in a temporary git worktree (lib/infra.ts `buildAtRef`, removed at the end),
 *    against a twin database seeded alike (the current schema; an older server's migrator
 *    applies none of the newer migrations and its code ignores their columns and tables),
 *    assigning its own shifts paced and back to back, each run right after the app's, and
 *    the ratio of the app's p99 to its (target ≤ 1.2×). The open list and the baseline are
 *    not compared.
 *  - baseline on PostgreSQL, in the same run and database: a bare server
 *    (allocation/baseline.ts: node:http and `pg`, no app logic) assigning its own
 *    BENCH_SHIFTS shifts the simplest way and answering the list's essential query, under
 *    the same calls; the app/baseline ratios follow.
 * Both print the CPU share of server, PostgreSQL, this benchmark, other processes,
 * interrupts and the whole machine (the box may be shared: "other processes" shows it).
 *
 * The data (allocation/seed.ts), and why. The figure is a million historical
 * assignments and 500 candidates. Until the working-time rules (issue 28) all million
 * belonged to the 500 (about 2,000 extra shifts each in two years, 2.7 a day): under the
 * rules every one of them is over the 52-week overtime limit and nobody may be assigned.
 * Now the million are a hospital's: the candidates took 40 each in two years on average
 * (20,000: a few took hundreds, most 25–50), contracts of 50 % for the heaviest takers, 75 %,
 * and full time for the lighter half, and the rest belong to about 14,000 colleagues in
 * other departments, 70 each: the tables are as large, and the rows an assignment reads
 * are the candidates' own. Around the benchmark shifts every candidate holds an extra
 * shift every week to every fourth week by contract and now and then a roster shift
 * from an exchange, and every fourth shift requires one of three competences that four in
 * five hold, so rest, overtime and competence each rule some candidates out.
 * Every staff member is interested in every benchmark shift: the most work an assignment
 * of 500 candidates can have. The open list is a department's open extra shifts on an
 * ordinary day: BENCH_OPEN_SHIFTS (30) over the next three weeks with 0 to 100 interested
 * each (the tab shows every open shift, with counts and the first five faces); the
 * benchmark shifts are all assigned by then, so the list holds exactly those.
 *
 * Every run starts from a new database: a temporary PGlite directory (with a smaller
 * history by default: BENCH_HISTORY 100,000, as PGlite writes much slower), and on
 * PostgreSQL (BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres) a
 * database `vaktrom_bench_<pid>` dropped at the end. Everything is written in SQL before
 * the server starts; the requests then carry signed session cookies exactly as a browser
 * does, with the app's Origin. The server is the bundle `npm start` runs, rebuilt from
 * the current source first. BENCH_DRIVERS=pglite or =postgres runs one database only;
 * BENCH_BASELINE=0 leaves the baseline out (a quicker run while changing the app).
 * Targets (PostgreSQL) end in PASS/FAIL lines; a missed target does not fail the command.
 */
import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { type AssignResult, type AssignTarget, runAssignments } from "./allocation/assign.ts";
import { describeRefusals, type Refusals, refusalsOf } from "./allocation/refusals.ts";
import { type AllocationSeed, type SeedOptions, seedAllocation } from "./allocation/seed.ts";
import { type ClosedLoopResult, runClosedLoop } from "./lib/closed-loop.ts";
import {
  type AppBuild,
  type BenchDb,
  buildAtRef,
  buildServer,
  type Driver,
  describeCpu,
  freshDatabase,
  num,
  type RunningServer,
  startApp,
  startBaseline,
} from "./lib/infra.ts";
import { answerJson, LeanConnection, leanGet, requestBytes } from "./lib/lean-http.ts";
import type { BenchUser } from "./lib/people.ts";
import { ms, summarize } from "./lib/stats.ts";

const settings = {
  candidates: num("BENCH_CANDIDATES", 500),
  history: (driver: Driver) => num("BENCH_HISTORY", driver === "pglite" ? 100_000 : 1_000_000),
  shifts: num("BENCH_SHIFTS", 200),
  warmupShifts: num("BENCH_WARMUP_SHIFTS", 10),
  assignPauseMs: num("BENCH_ASSIGN_PAUSE_MS", 100),
  openShifts: num("BENCH_OPEN_SHIFTS", 30),
  listConcurrency: num("BENCH_LIST_CONCURRENCY", 50),
  listSeconds: num("BENCH_LIST_SECONDS", 5),
  pgUrl: process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
  drivers: (process.env.BENCH_DRIVERS ?? "pglite,postgres").split(","),
  /** BENCH_BASELINE=0 leaves the bare baseline out: a quicker run while changing the app */
  baseline: process.env.BENCH_BASELINE !== "0",
  /** BENCH_COMPARE_REF=<git ref>: that commit's server assigns too, on a twin database */
  compareRef: process.env.BENCH_COMPARE_REF || undefined,
};
const targets = {
  candidates: 500,
  history: 1_000_000,
  assignP99: 20,
  listP99: 20,
  listConcurrency: 50,
  /** the app's assignment p99 over the compared commit's, in the same run */
  refRatio: 1.2,
};

const errorText = (errors: Map<string, number>) =>
  errors.size === 0 ? "none" : [...errors].map(([why, n]) => `${n}× ${why}`).join(", ");
const errorCount = (errors: Map<string, number>) => [...errors.values()].reduce((a, b) => a + b, 0);

/**
 * The leader's calls go through one kept-alive connection of the lean client
 * (lib/lean-http.ts), whole answers read and checked: `fetch` took about 2 ms of the
 * machine's CPU per call, inside every measured latency and beside the server.
 */
function appAssigner(server: RunningServer, leader: BenchUser, label: string): AssignTarget {
  const target = new URL(server.base);
  const connection = new LeanConnection(target);
  return {
    label,
    pid: server.pid,
    async assign(shiftId) {
      // The server's PUBLIC_URL is its own address: the Origin of a page it served.
      const headers = { cookie: leader.cookie, origin: server.base };
      const answer = await connection.send(
        requestBytes("POST", target, `/api/shifts/${shiftId}/assign`, headers),
      );
      const body = answerJson(answer) as {
        alreadyAssigned?: boolean;
        winner?: unknown;
        error?: { code: string };
      };
      if (answer.status !== 200) return `HTTP ${answer.status} ${body.error?.code}`;
      return body.alreadyAssigned === false && body.winner ? null : "not a fresh assignment";
    },
    close: () => connection.close(),
  };
}

function baselineAssigner(server: RunningServer, leader: BenchUser): AssignTarget {
  const target = new URL(server.base);
  const connection = new LeanConnection(target);
  return {
    label: "baseline · PostgreSQL",
    pid: server.pid,
    async assign(shiftId) {
      const headers = { "content-type": "application/json" };
      const answer = await connection.send(
        requestBytes(
          "POST",
          target,
          `/shifts/${shiftId}/assign`,
          headers,
          JSON.stringify({ actorId: leader.id }),
        ),
      );
      const body = answerJson(answer) as { winnerId?: string; conflict?: string };
      return answer.status === 200 && body.winnerId ? null : `HTTP ${answer.status} ${body.conflict}`;
    },
    close: () => connection.close(),
  };
}

/**
 * List requests through the lean client (lib/lean-http.ts): null when one answered 200
 * (checked answers: with `expected` shifts), else what was wrong.
 */
function listClient(url: string, expected: number) {
  return leanGet(url, {
    check: (body) => {
      const length = (body as { shifts?: unknown[] }).shifts?.length;
      return length === expected ? null : `list of ${length}`;
    },
  });
}

interface Lists {
  /** at BENCH_LIST_CONCURRENCY, then one at a time */
  app: [ClosedLoopResult, ClosedLoopResult];
  baseline?: [ClosedLoopResult, ClosedLoopResult];
}

/** One build's assignments: paced as a leader clicks, back to back, and who was refused why. */
interface Assignments {
  assign: AssignResult;
  assignBurst: AssignResult;
  refusals: Refusals;
}

interface DriverResult extends Assignments {
  history: number;
  baselineAssign?: AssignResult;
  lists: Lists;
  /** BENCH_COMPARE_REF's server on the twin database */
  reference?: Assignments;
}

function printAssign(r: AssignResult) {
  const pace = r.pauseMs > 0 ? `, each after a pause of ${r.pauseMs} ms` : ", back to back";
  console.log(`\nassign · ${r.label}: ${r.assigned} shifts assigned one after another${pace}`);
  console.log(`  ${summarize(r.latency)}; errors: ${errorText(r.errors)}`);
  console.log(`  ${describeCpu(r.cpu)}`);
}

function printList(label: string, r: ClosedLoopResult) {
  console.log(`\nopen list · ${label}: ${settings.openShifts} shifts, ${r.concurrency} in parallel`);
  console.log(
    `  ${r.requestsPerSecond.toFixed(0)} requests/s (${r.requests}), ${summarize(r.latency)}, errors: ${errorText(r.errors)}`,
  );
  if (r.cpu) console.log(`  ${describeCpu(r.cpu)}`);
}

/** Both list runs (parallel, then one at a time) against one server, asking `url`. */
async function listRuns(
  label: string,
  pid: number,
  url: string,
  headersOf: (worker: number) => Record<string, string>,
): Promise<[ClosedLoopResult, ClosedLoopResult]> {
  const client = listClient(url, settings.openShifts);
  try {
    const at = (concurrency: number) =>
      runClosedLoop({ concurrency, warmupSeconds: 1, seconds: settings.listSeconds, serverPid: pid }, (i) =>
        client.request(i, headersOf(i)),
      );
    const parallel = await at(settings.listConcurrency);
    printList(label, parallel);
    const alone = await at(1);
    printList(label, alone);
    return [parallel, alone];
  } finally {
    client.close();
  }
}

async function seedAndSay(name: string, db: BenchDb, opts: SeedOptions, what: string) {
  const seedStart = performance.now();
  const seeded = await seedAllocation(db, opts);
  const { candidates, colleagues, colleagueShifts, departments } = seeded.history;
  const number = (n: number) => n.toLocaleString("en");
  console.log(
    `\n[${name}] seeded ${what} in ${((performance.now() - seedStart) / 1000).toFixed(1)} s: ` +
      `${opts.candidates} candidates with ${number(candidates)} past assignments, ` +
      `${number(colleagues)} colleagues in ${departments} other departments with ${number(colleagueShifts)}`,
  );
  return seeded;
}

async function runDriver(
  driver: Driver,
  reference?: { ref: string; build: AppBuild },
): Promise<DriverResult> {
  const name = driver === "pglite" ? "PGlite" : "PostgreSQL";
  const authSecret = randomBytes(32).toString("base64url");
  const history = settings.history(driver);
  const { db, cleanup } = await freshDatabase(driver, settings.pgUrl);
  const twin = reference && (await freshDatabase(driver, settings.pgUrl, "_ref"));
  try {
    const seedOptions: SeedOptions = {
      candidates: settings.candidates,
      history,
      shifts: settings.shifts,
      appRuns: 2,
      warmupShifts: settings.warmupShifts,
      openShifts: settings.openShifts,
      baseline: "databaseUrl" in db && settings.baseline,
      authSecret,
    };
    const seeded = await seedAndSay(name, db, seedOptions, "for the app");
    const twinSeeded =
      twin && (await seedAndSay(name, twin.db, seedOptions, `the twin for ${reference.ref}`));
    // All servers run from the start; those not under load idle.
    const app = await startApp(db, authSecret);
    const refApp = twin && (await startApp(twin.db, authSecret, reference.build));
    const baseline =
      "databaseUrl" in db && settings.baseline
        ? await startBaseline(path.join(import.meta.dirname, "allocation/baseline.ts"), db.databaseUrl)
        : undefined;
    let runs: [AssignResult, AssignResult];
    let refRuns: [AssignResult, AssignResult] | undefined;
    let baselineAssign: AssignResult | undefined;
    let lists: Lists;
    try {
      /** One build's run, paced (0) or back to back (1), printed. */
      const assignRun = async (server: RunningServer, s: AllocationSeed, label: string, run: 0 | 1) => {
        const result = await runAssignments(
          appAssigner(server, s.leader, `${label} · ${name} · ${run === 0 ? "paced" : "back to back"}`),
          { warmup: run === 0 ? s.app.warmup : [], measured: s.app.measured[run]! },
          run === 0 ? settings.assignPauseMs : 0,
        );
        printAssign(result);
        return result;
      };
      // The compared build's runs right after the app's, so both meet the machine alike.
      const paced = await assignRun(app, seeded, "app", 0);
      const refPaced = refApp && (await assignRun(refApp, twinSeeded!, reference.ref, 0));
      const burst = await assignRun(app, seeded, "app", 1);
      const refBurst = refApp && (await assignRun(refApp, twinSeeded!, reference.ref, 1));
      runs = [paced, burst];
      if (refPaced && refBurst) refRuns = [refPaced, refBurst];
      baselineAssign =
        baseline && (await runAssignments(baselineAssigner(baseline, seeded.leader), seeded.baseline));
      if (baselineAssign) printAssign(baselineAssign);

      const readers = seeded.members.slice(0, settings.listConcurrency);
      const appList = await listRuns(`app · ${name}`, app.pid, `${app.base}/api/shifts?view=open`, (i) => ({
        cookie: readers[i % readers.length]!.cookie,
        origin: app.base,
      }));
      const baselineList =
        baseline &&
        (await listRuns(
          "baseline · PostgreSQL",
          baseline.pid,
          `${baseline.base}/departments/${seeded.deptId}/open-shifts`,
          () => ({}),
        ));
      lists = { app: appList, ...(baselineList ? { baseline: baselineList } : {}) };
    } finally {
      await app.stop();
      await refApp?.stop();
      await baseline?.stop();
    }
    const refusals = await refusalsOf(db, seeded.app.measured.flat());
    console.log(`\neligibility · app · ${name}: ${describeRefusals(refusals)}`);
    let compared: Assignments | undefined;
    if (twin && refRuns) {
      const refRefusals = await refusalsOf(twin.db, twinSeeded!.app.measured.flat());
      console.log(`eligibility · ${reference.ref} · ${name}: ${describeRefusals(refRefusals)}`);
      compared = { assign: refRuns[0], assignBurst: refRuns[1], refusals: refRefusals };
    }
    return {
      history,
      assign: runs[0],
      assignBurst: runs[1],
      refusals,
      ...(baselineAssign ? { baselineAssign } : {}),
      lists,
      ...(compared ? { reference: compared } : {}),
    };
  } finally {
    await cleanup();
    await twin?.cleanup();
  }
}

const row = (cells: string[]) =>
  console.log(cells.map((c, i) => (i === 0 ? c.padEnd(34) : c.padStart(10))).join(""));
const latencyCells = (l: { p50: number; p95: number; p99: number; max: number }) => [
  ms(l.p50),
  ms(l.p95),
  ms(l.p99),
  ms(l.max),
];
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}× (${ms(a)} / ${ms(b)})`;

function printSummary(results: Map<string, DriverResult>) {
  console.log("\nSummary");
  row(["assignment", "shifts", "p50", "p95", "p99", "max", "errors", "server", "postgres"]);
  for (const { assign, assignBurst, baselineAssign, reference } of results.values())
    for (const r of [assign, assignBurst, reference?.assign, reference?.assignBurst, baselineAssign])
      if (r)
        row([
          r.label,
          String(r.assigned),
          ...latencyCells(r.latency),
          String(errorCount(r.errors)),
          `${r.cpu.server.toFixed(0)} %`,
          `${r.cpu.postgres.toFixed(0)} %`,
        ]);
  row(["open list", "parallel", "p50", "p95", "p99", "max", "req/s", "server", "postgres"]);
  for (const [name, { lists }] of results)
    for (const [label, runs] of [
      [`app · ${name}`, lists.app],
      ["baseline · PostgreSQL", lists.baseline],
    ] as const)
      for (const r of runs ?? [])
        row([
          label,
          String(r.concurrency),
          ...latencyCells(r.latency),
          r.requestsPerSecond.toFixed(0),
          `${r.cpu?.server.toFixed(0)} %`,
          `${r.cpu?.postgres.toFixed(0)} %`,
        ]);

  const pg = results.get("PostgreSQL");
  if (pg?.baselineAssign && pg.lists.baseline) {
    const [appParallel, appAlone] = pg.lists.app;
    const [baseParallel, baseAlone] = pg.lists.baseline;
    console.log("\napp / baseline on PostgreSQL (p99)");
    console.log(`  assignment          ${ratio(pg.assign.latency.p99, pg.baselineAssign.latency.p99)}`);
    console.log(`  open list, parallel ${ratio(appParallel.latency.p99, baseParallel.latency.p99)}`);
    console.log(`  open list, alone    ${ratio(appAlone.latency.p99, baseAlone.latency.p99)}`);
  }
  if (settings.compareRef) printComparison(results, settings.compareRef);

  console.log(
    `\nTargets (${targets.candidates} candidates, ${targets.history.toLocaleString("en")} past assignments; ` +
      "they apply to PostgreSQL, PGlite is shown for comparison)",
  );
  for (const [name, { history, assign, assignBurst, lists }] of results) {
    const check = (ok: boolean, what: string, figure: string) =>
      console.log(`  ${ok ? "PASS" : "FAIL"}  ${name.padEnd(10)} ${what.padEnd(52)} ${figure}`);
    const assignErrs = errorCount(assign.errors);
    check(
      assign.latency.p99 <= targets.assignP99 &&
        settings.candidates >= targets.candidates &&
        history >= targets.history &&
        assign.assigned === settings.shifts &&
        assignErrs === 0,
      `assignment p99 ≤ ${targets.assignP99} ms (paced as a leader clicks)`,
      `${ms(assign.latency.p99)} (${assign.assigned} assigned, ${history.toLocaleString("en")} past, ` +
        `${assignErrs} errors; back to back ${ms(assignBurst.latency.p99)})`,
    );
    const [list] = lists.app;
    const listErrs = errorCount(list.errors);
    check(
      list.latency.p99 <= targets.listP99 && list.concurrency >= targets.listConcurrency && listErrs === 0,
      `open list p99 ≤ ${targets.listP99} ms at ${targets.listConcurrency} parallel`,
      `${ms(list.latency.p99)} (${list.concurrency} parallel, ${listErrs} errors)`,
    );
  }
}

/**
 * The app against the compared commit in the same run: its assignment p99 at most
 * `targets.refRatio` times the commit's, paced and back to back, every shift assigned.
 */
function printComparison(results: Map<string, DriverResult>, ref: string) {
  for (const [name, r] of results) {
    if (!r.reference) continue;
    console.log(`\nThe app against ${ref}, same run, ${name}`);
    for (const [how, app, old] of [
      ["paced", r.assign, r.reference.assign],
      ["back to back", r.assignBurst, r.reference.assignBurst],
    ] as const) {
      const factor = app.latency.p99 / old.latency.p99;
      const complete = [app, old].every((x) => x.assigned === settings.shifts && errorCount(x.errors) === 0);
      const verdict = factor <= targets.refRatio && complete ? "PASS" : "FAIL";
      console.log(
        `  assignment p99 (${how}): app ${ms(app.latency.p99)} vs ${ref} ${ms(old.latency.p99)} = ` +
          `${factor.toFixed(2)}× (target ≤ ${targets.refRatio}×) ${verdict}` +
          (complete ? "" : " (not every shift assigned without error)"),
      );
    }
  }
}

console.log(
  `allocation bench: ${settings.candidates} candidates, ${settings.shifts} shifts assigned ` +
    `(+${settings.warmupShifts} warm-up), open list of ${settings.openShifts} at ${settings.listConcurrency} ` +
    `parallel for ${settings.listSeconds} s; ${os.cpus().length} cores`,
);
await buildServer();
const compared = settings.compareRef
  ? { ref: settings.compareRef, ...(await buildAtRef(settings.compareRef)) }
  : undefined;
const results = new Map<string, DriverResult>();
try {
  if (settings.drivers.includes("pglite")) results.set("PGlite", await runDriver("pglite", compared));
  if (settings.drivers.includes("postgres")) results.set("PostgreSQL", await runDriver("postgres", compared));
} finally {
  await compared?.remove();
}
printSummary(results);
