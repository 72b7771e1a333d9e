/**
 * A whole hospital at once (`npm run bench:hospital`): BENCH_PEOPLE (2,000) people in
 * departments of 50, everyone with the app open (one socket each, the bell polled,
 * presence beating), and the busy hour's mix of chat, shifts and swaps (hospital/mix.ts),
 * open-loop, for BENCH_WARMUP_SECONDS (10) unmeasured and BENCH_SECONDS (45) measured.
 *
 * 1. Three configurations, same load, same seed (BENCH_SEED): PGlite with one instance,
 *    PostgreSQL with one instance, PostgreSQL with two (people spread over both, as a
 *    load balancer spreads them; each request and socket of a person on their instance).
 *    PostgreSQL runs BENCH_RUNS (3) times each, every run on a new database; every run is
 *    printed, the targets read the medians.
 * 2. The limit beside it, after each PostgreSQL one-instance run, on the same database
 *    with the same people connected to the same threads and the same chat messages at the
 *    same moments: the bare server of chat/baseline.ts, once broadcasting only (no
 *    database) and once with a plain `pg` insert of each message before it.
 * 3. The scaling curve: the same mix at BENCH_CURVE (250, 500, 1,000, 4,000 people; the
 *    2,000 point is the median run of step 1), PostgreSQL with one and with two instances,
 *    one run each of BENCH_CURVE_SECONDS (30), drawn into bench/results/hospital-scaling.svg
 *    with the figures in bench/results/hospital.json.
 *
 * Everything starts from the bundle `npm start` runs, rebuilt from the current source.
 * The load generator runs in this process on the same two cores as the servers and
 * PostgreSQL: its own event-loop delay is printed with each run, so a saturated
 * generator shows. BENCH_CONFIGS (pglite,pg1,pg2) and BENCH_CURVE="" narrow a run.
 */
import { randomBytes } from "node:crypto";
import { writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { type CurvePoint, writeCurve } from "./hospital/curve.ts";
import {
  median,
  medianActions,
  overall,
  printRun,
  printRunLines,
  totalErrors,
  worstApiP99,
} from "./hospital/report.ts";
import { type HospitalResult, type RunOptions, runHospital } from "./hospital/run.ts";
import { seedHospital } from "./hospital/seed.ts";
import { World } from "./hospital/world.ts";
import {
  buildServer,
  type Driver,
  freshDatabase,
  num,
  type RunningServer,
  root,
  startApp,
  startBaseline,
} from "./lib/infra.ts";
import { ms } from "./lib/stats.ts";

const settings = {
  people: num("BENCH_PEOPLE", 2000),
  warmupSeconds: num("BENCH_WARMUP_SECONDS", 10),
  seconds: num("BENCH_SECONDS", 45),
  runs: num("BENCH_RUNS", 3),
  seed: num("BENCH_SEED", 20261127),
  history: num("BENCH_HISTORY", 1000),
  openShifts: num("BENCH_OPEN_SHIFTS", 15),
  curve: (process.env.BENCH_CURVE ?? "250,500,1000,4000").split(",").filter(Boolean).map(Number),
  curveSeconds: num("BENCH_CURVE_SECONDS", 30),
  configs: (process.env.BENCH_CONFIGS ?? "pglite,pg1,pg2").split(","),
  pgUrl: process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
};
const targets = { p99: 50, ratio: 1.5, crossP50: 5, memoryMb: 512 };

const configs = {
  pglite: { name: "PGlite, 1 instance", driver: "pglite" as Driver, instances: 1 },
  pg1: { name: "PostgreSQL, 1 instance", driver: "postgres" as Driver, instances: 1 },
  pg2: { name: "PostgreSQL, 2 instances", driver: "postgres" as Driver, instances: 2 },
};
type ConfigKey = keyof typeof configs;

interface Round {
  app: HospitalResult;
  /** broadcast only, then insert and broadcast (PostgreSQL, one instance) */
  baselines?: [HospitalResult, HospitalResult];
}

const baselineScript = path.join(import.meta.dirname, "chat/baseline.ts");

/** One run of a configuration on a new database, with the baselines after it where asked. */
async function round(key: ConfigKey, people: number, seconds: number, label: string, withBaselines: boolean) {
  const config = configs[key];
  const authSecret = randomBytes(32).toString("base64url");
  const { db, cleanup } = await freshDatabase(config.driver, settings.pgUrl);
  try {
    const seedStart = performance.now();
    const hospital = await seedHospital(db, {
      people,
      history: settings.history,
      openShifts: settings.openShifts,
      authSecret,
    });
    console.log(
      `\n[${label}] seeded ${people} people in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );
    const servers: RunningServer[] = [];
    try {
      // One after the other: the first applies the migrations (here: none are left).
      for (let i = 0; i < config.instances; i++) servers.push(await startApp(db, authSecret));
      const opts: RunOptions = {
        warmupSeconds: settings.warmupSeconds,
        seconds,
        seed: settings.seed,
        openConcurrency: 50,
      };
      const world = new World(hospital);
      const app = await runHospital(label, servers, world, opts);
      printRun(app);
      if (!withBaselines || !("databaseUrl" in db)) return { app } satisfies Round;
      const baselines: HospitalResult[] = [];
      for (const store of ["none", "pg"] as const) {
        const bare = await startBaseline(baselineScript, db.databaseUrl, { BASELINE_STORE: store });
        try {
          const what = store === "none" ? "broadcast only" : "pg insert + broadcast";
          baselines.push(
            await runHospital(`baseline (${what}) · ${label}`, [bare], world, { ...opts, baseline: true }),
          );
          printRun(baselines.at(-1)!);
        } finally {
          await bare.stop();
        }
      }
      return { app, baselines: baselines as [HospitalResult, HospitalResult] } satisfies Round;
    } finally {
      for (const server of servers) await server.stop();
    }
  } finally {
    await cleanup();
  }
}

/** The run whose chat p99 is the median of the runs' (the lower middle of an even count). */
function medianRun(runs: HospitalResult[]): HospitalResult {
  const byP99 = [...runs].sort((a, b) => a.delivery.p99 - b.delivery.p99);
  return byP99[Math.floor((byP99.length - 1) / 2)]!;
}

function check(ok: boolean, what: string, figure: string) {
  console.log(`  ${ok ? "PASS" : "FAIL"}  ${what.padEnd(64)} ${figure}`);
}

function printTargets(key: ConfigKey, rounds: Round[]) {
  const runs = rounds.map((r) => r.app);
  console.log(`\n${configs[key].name}: ${runs.length} run(s)`);
  printRunLines(runs);
  const actions = medianActions(runs);
  const m = (f: (r: HospitalResult) => number) => median(runs.map(f));
  console.log("  medians over the runs (p99 of each action):");
  console.log(
    `  ${[...actions]
      .filter(([, a]) => a.count > 0)
      .map(([kind, a]) => `${kind} ${ms(a.latency.p99)}`)
      .join(", ")}`,
  );
  if (key === "pglite") return;
  const people = settings.people;
  const deliverP99 = m((r) => r.delivery.p99);
  const apiWorst = Math.max(...[...actions.values()].filter((a) => a.count > 0).map((a) => a.latency.p99));
  const errors = runs.reduce((n, r) => n + totalErrors(r) + r.lost, 0);
  const rss = Math.max(...runs.flatMap((r) => r.memory.map((x) => x.rss)));
  const avg = overall(medianRun(runs));
  check(
    Math.min(...runs.map((r) => r.connected)) >= people,
    `${people} people connected`,
    `${Math.min(...runs.map((r) => r.connected))}`,
  );
  check(errors === 0, "zero errors, every chat message delivered (every run)", `${errors} errors + lost`);
  check(deliverP99 <= targets.p99, `send→deliver p99 ≤ ${targets.p99} ms (median of runs)`, ms(deliverP99));
  check(apiWorst <= targets.p99, `every API action p99 ≤ ${targets.p99} ms (median of runs)`, ms(apiWorst));
  check(
    rss <= targets.memoryMb,
    `server resident memory ≤ ${targets.memoryMb} MB (each instance, every run)`,
    `${rss.toFixed(0)} MB`,
  );
  console.log(
    `        (${avg.requests} requests in the median run's window, ${(avg.errorShare * 100).toFixed(3)} % errors)`,
  );
  // The baselines ran after the one-instance runs; both configurations compare with them.
  if (baselineRounds.length > 0) {
    const [broadcast, insert] = ([0, 1] as const).map((i) =>
      median(baselineRounds.map((r) => r.baselines![i].delivery.p99)),
    ) as [number, number];
    check(
      deliverP99 <= targets.ratio * insert,
      `p99 ≤ ${targets.ratio}× baseline p99 (pg insert + broadcast, median of runs)`,
      `${(deliverP99 / insert).toFixed(2)}× (${ms(deliverP99)} / ${ms(insert)})`,
    );
    console.log(
      `        ratio to the broadcast alone (no database): ${(deliverP99 / broadcast).toFixed(2)}× (${ms(broadcast)})`,
    );
  }
  if (configs[key].instances > 1) {
    const added = m((r) => r.deliveryCross!.p50 - r.deliveryLocal!.p50);
    check(
      added <= targets.crossP50,
      `delivery to the other instance adds ≤ ${targets.crossP50} ms at p50`,
      ms(added),
    );
  }
}

const pointOf = (r: HospitalResult): CurvePoint => ({
  people: r.people,
  instances: r.instances,
  deliverP99: r.delivery.p99,
  apiP99: worstApiP99(r).p99,
  machine: r.cpu.machine,
});

/** Where the curve stops keeping up, and what ran out there. */
function explainCurve(results: HospitalResult[]) {
  console.log("\nScaling curve (PostgreSQL):");
  for (const r of [...results].sort((a, b) => a.instances - b.instances || a.people - b.people)) {
    const worst = worstApiP99(r);
    console.log(
      `  ${String(r.people).padStart(5)} people, ${r.instances} instance(s): deliver p99 ${ms(r.delivery.p99)}, ` +
        `slowest API p99 ${ms(worst.p99)} (${worst.kind}), errors ${totalErrors(r)}, lost ${r.lost}; ` +
        `machine ${r.cpu.machine.toFixed(0)}% busy (server ${r.cpu.server.toFixed(0)}, postgres ${r.cpu.postgres.toFixed(0)}, ` +
        `generator ${r.cpu.bench.toFixed(0)}), generator loop delay p99 ${ms(r.loopDelay.p99)}`,
    );
  }
  for (const instances of [1, 2]) {
    const failing = results
      .filter((r) => r.instances === instances)
      .sort((a, b) => a.people - b.people)
      .find(
        (r) =>
          r.delivery.p99 > targets.p99 || worstApiP99(r).p99 > targets.p99 || totalErrors(r) + r.lost > 0,
      );
    if (!failing) {
      console.log(`  ${instances} instance(s): keeps up at every size measured`);
      continue;
    }
    const cpu = failing.cpu;
    const biggest = [
      ["the app server", cpu.server],
      ["PostgreSQL", cpu.postgres],
      ["the load generator", cpu.bench],
      ["other processes on the machine", cpu.others],
    ].sort((a, b) => (b[1] as number) - (a[1] as number))[0]!;
    const why =
      cpu.machine >= 90
        ? `the two cores are full (${cpu.machine.toFixed(0)}% busy; most of it ${biggest[0]}, ${(biggest[1] as number).toFixed(0)}% of one core)`
        : `the cores are not full (${cpu.machine.toFixed(0)}% busy): waiting, not computing (${biggest[0]} leads with ${(biggest[1] as number).toFixed(0)}%)`;
    console.log(`  ${instances} instance(s): stops keeping up at ${failing.people} people: ${why}`);
  }
}

console.log(
  `hospital bench: ${settings.people} people, ${settings.warmupSeconds} s warm-up + ${settings.seconds} s measured, ` +
    `${settings.runs} run(s) per PostgreSQL configuration, curve at ${settings.curve.join(", ") || "none"}; ` +
    `${os.cpus().length} cores`,
);
await buildServer();
const results = new Map<ConfigKey, Round[]>();
const baselineRounds: Round[] = [];
for (const key of settings.configs as ConfigKey[]) {
  const runs = key === "pglite" ? 1 : settings.runs;
  const rounds: Round[] = [];
  for (let i = 1; i <= runs; i++) {
    const label = `${configs[key].name} · ${settings.people} people${runs > 1 ? ` · run ${i}` : ""}`;
    rounds.push(await round(key, settings.people, settings.seconds, label, key === "pg1"));
  }
  results.set(key, rounds);
  baselineRounds.push(...rounds.filter((r) => r.baselines));
}

const curveResults: HospitalResult[] = [];
for (const key of ["pg1", "pg2"] as const) {
  const at2000 = results.get(key);
  if (at2000 && settings.curve.length > 0) curveResults.push(medianRun(at2000.map((r) => r.app)));
  for (const people of settings.curve) {
    const label = `${configs[key].name} · ${people} people · curve`;
    curveResults.push((await round(key, people, settings.curveSeconds, label, false)).app);
  }
}

console.log("\nTargets (they apply to PostgreSQL; PGlite is shown for comparison)");
for (const [key, rounds] of results) printTargets(key, rounds);
if (curveResults.length > 0) {
  const points = curveResults.map(pointOf);
  explainCurve(curveResults);
  const picture = path.join(root, "bench/results/hospital-scaling.svg");
  await writeCurve(
    picture,
    points,
    `Vaktrom: a hospital's busy hour on one 2-core machine (${new Date().toISOString().slice(0, 10)})`,
  );
  await writeFile(
    path.join(root, "bench/results/hospital.json"),
    `${JSON.stringify({ date: new Date().toISOString(), settings, points }, null, 2)}\n`,
  );
  console.log(`\nwrote ${path.relative(root, picture)} and bench/results/hospital.json`);
}
