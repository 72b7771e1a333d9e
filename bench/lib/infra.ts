/**
 * The processes and databases the benchmarks run against: the bundled app server (of the
 * current source, or of an earlier commit to compare with), a benchmark's bare baseline
 * server, a throw-away database (PGlite directory or PostgreSQL database), and a CPU
 * meter that tells which process used the machine's two cores while traffic ran.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, symlink, unlink } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { serverArgs } from "../../scripts/builds.mjs";
import { databaseUrlFor } from "../../server/test/pg-admin.ts";

export const root = path.resolve(import.meta.dirname, "../..");

/** A setting from the environment (`BENCH_…`), or its default. */
export const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const proc = spawn(command, args, { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
    proc.once("error", reject);
    proc.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${args.join(" ")}: exit ${code}`)),
    );
  });
}

/** The server bundle from the current source, so the figures are never those of a stale build. */
export const buildServer = () => run(process.execPath, [path.join(root, "scripts/build-server.mjs")]);

/** A server bundle: the checkout it was built in (the process's directory) and Node's arguments. */
export interface AppBuild {
  root: string;
  args: string[];
}

/** The current source's bundle (`buildServer`), as `npm start` runs it. */
export const currentBuild: AppBuild = { root, args: serverArgs };

/**
 * The server bundle of the git commit `ref`, for a comparison in the same run: checked
 * out into a temporary worktree (detached, so no branch is touched) with this checkout's
 * node_modules linked in, built by its own scripts/build-server.mjs and started by its
 * own scripts/builds.mjs. `remove` deletes the worktree again.
 */
export async function buildAtRef(ref: string): Promise<{ build: AppBuild; remove(): Promise<void> }> {
  const dir = path.join(await mkdtemp(path.join(os.tmpdir(), "vaktrom-ref-")), "tree");
  const modules = path.join(dir, "node_modules");
  const remove = async () => {
    // The link first, so that nothing removing the tree can reach the real node_modules.
    await unlink(modules).catch(() => {});
    const removed = await run("git", ["worktree", "remove", "--force", dir]).then(
      () => true,
      () => false,
    );
    await rm(path.dirname(dir), { recursive: true, force: true });
    if (!removed) await run("git", ["worktree", "prune"]).catch(() => {});
    // Once (cause unknown) a run ended with the worktree still there: say so, never silently.
    if (existsSync(dir))
      console.warn(`the worktree ${dir} is still there: git worktree remove --force ${dir}`);
  };
  try {
    await run("git", ["worktree", "add", "--detach", dir, ref]);
    await symlink(path.join(root, "node_modules"), modules, "dir");
    await run(process.execPath, [path.join(dir, "scripts/build-server.mjs")]);
    const { serverArgs: args } = (await import(pathToFileURL(path.join(dir, "scripts/builds.mjs")).href)) as {
      serverArgs: string[];
    };
    return { build: { root: dir, args }, remove };
  } catch (err) {
    await remove();
    throw err;
  }
}

export interface RunningServer {
  pid: number;
  /** http://127.0.0.1:port */
  base: string;
  stop(): Promise<void>;
}

async function startProcess(
  args: string[],
  envFor: (port: number) => NodeJS.ProcessEnv,
  health: string,
  cwd = root,
): Promise<RunningServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const proc: ChildProcess = spawn(process.execPath, args, {
    cwd,
    env: { ...envFor(port), PORT: String(port) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<void>((resolve) => proc.once("exit", () => resolve()));
  const stop = async () => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill("SIGTERM");
    await exited;
  };
  const started = performance.now();
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`${args.at(-1)} exited with ${proc.exitCode}`);
    try {
      if ((await fetch(`${base}${health}`)).ok) return { pid: proc.pid!, base, stop };
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 120_000) {
      await stop();
      throw new Error(`${args.at(-1)} did not become healthy`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The environment without a DATABASE_URL of the caller's, which would switch PGlite runs to it. */
function baseEnv(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  return env;
}

/** Where the app is told its database: a PGlite data directory or a PostgreSQL URL. */
export type BenchDb = { dataDir: string } | { databaseUrl: string };

/**
 * BENCH_CPU_PROF=<dir>: the app server writes a V8 CPU profile there when it stops
 * (open it in Chrome DevTools, or sum self time per function), to see where its time goes.
 * BENCH_NODE_ARGS: more Node flags for the app server alone (say `--trace-gc`), not for
 * the load generator as NODE_OPTIONS would be.
 */
function benchServerFlags(): string[] {
  const dir = process.env.BENCH_CPU_PROF;
  const extra = process.env.BENCH_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [];
  return [...(dir ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(dir)}`] : []), ...extra];
}

/**
 * The bundled app as `npm start` runs it (staging, so the empty database is ours to
 * fill), against `db`: the current source's, or `build` (`buildAtRef`). Its session
 * secret is `authSecret`, so the benchmark can sign the session cookies it seeded.
 * Logging at `warn`: a line per request would measure the logger. Rate limits raised so
 * sign-in limits never answer 429 (the benchmarked routes have none). Every build serves
 * this checkout's web app, if built (the API answers without one).
 */
export function startApp(db: BenchDb, authSecret: string, build = currentBuild): Promise<RunningServer> {
  return startProcess(
    [...benchServerFlags(), ...build.args],
    (port) => ({
      ...baseEnv(),
      ...("dataDir" in db ? { DATA_DIR: db.dataDir } : { DATABASE_URL: db.databaseUrl }),
      WEB_DIST: path.join(root, "dist/web"),
      HOST: "127.0.0.1",
      // The Origin our sockets and posts send, as a browser on the app's own page would.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      APP_ENV: "staging",
      AUTO_SIGNIN: "0",
      AUTH_SECRET: authSecret,
      LOG_LEVEL: "warn",
      RATE_LIMIT_PER_EMAIL: "1000000",
      RATE_LIMIT_PER_IP: "1000000",
    }),
    "/api/health",
    build.root,
  );
}

/**
 * A benchmark's baseline server (the TypeScript file `script`, answering `/health`) in a
 * process of its own, as the app has one; `env` adds its settings.
 */
export function startBaseline(
  script: string,
  databaseUrl: string,
  env: NodeJS.ProcessEnv = {},
): Promise<RunningServer> {
  return startProcess(
    ["--import", "tsx", script],
    () => ({ ...baseEnv(), ...env, DATABASE_URL: databaseUrl }),
    "/health",
  );
}

/**
 * A new, empty database `vaktrom_bench_<pid><suffix>` on the local server (a suffix for a
 * second one at once); `drop` removes it, `keep` leaves it there (to look into afterwards).
 */
export async function temporaryPgDatabase(
  adminUrl: string,
  suffix = "",
): Promise<{ url: string; drop(): Promise<void>; keep(): Promise<void> }> {
  const name = `vaktrom_bench_${process.pid}${suffix}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  return {
    url: databaseUrlFor(adminUrl, name),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
    keep: () => admin.end(),
  };
}

export type Driver = "pglite" | "postgres";

/**
 * A new, empty database for one run: a temporary PGlite directory, or a temporary
 * database on the PostgreSQL server at `pgUrl` (`suffix` tells a second one apart);
 * `cleanup` removes it, `keep` leaves it for a look afterwards.
 */
export async function freshDatabase(
  driver: Driver,
  pgUrl: string,
  suffix = "",
): Promise<{ db: BenchDb; cleanup(): Promise<void>; keep(): Promise<void> }> {
  if (driver === "pglite") {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "vaktrom-bench-"));
    return {
      db: { dataDir },
      cleanup: () => rm(dataDir, { recursive: true, force: true }),
      keep: async () => {},
    };
  }
  const temp = await temporaryPgDatabase(pgUrl, suffix);
  return { db: { databaseUrl: temp.url }, cleanup: temp.drop, keep: temp.keep };
}

/** A process's resident memory now and at its peak, in MB (VmRSS, VmHWM); 0 when it is gone. */
export async function residentMemory(pid: number): Promise<{ rss: number; peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}

// ── CPU ──────────────────────────────────────────────────────────────────────────

/** Clock ticks per second of /proc (USER_HZ), 100 on Linux. */
const ticksPerSecond = 100;

/**
 * utime + stime of a process, in ticks (with `reaped`, also those of its children that
 * have exited and been waited for); 0 when it is gone.
 */
async function processTicks(pid: number, reaped = false): Promise<number> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const own = Number(fields[11]) + Number(fields[12]);
    return reaped ? own + Number(fields[13]) + Number(fields[14]) : own;
  } catch {
    return 0;
  }
}

/**
 * Ticks of every PostgreSQL process (postmaster and backends) on this machine. With
 * their reaped children: parallel query workers and autovacuum workers live for less
 * than a measurement, so neither snapshot sees them, but the postmaster that waited for
 * them is charged their time (else it would show up as "other processes").
 */
async function postgresTicks(): Promise<Map<number, number>> {
  const ticks = new Map<number, number>();
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const comm = await readFile(`/proc/${entry}/comm`, "utf8").catch(() => "");
    if (comm.trim() === "postgres") ticks.set(Number(entry), await processTicks(Number(entry), true));
  }
  return ticks;
}

/**
 * All cores together, from the first line of /proc/stat: ticks spent in processes, in
 * interrupts (the kernel's network work, which no process is charged for), stolen by
 * the hypervisor, and in total.
 */
async function machineTicks(): Promise<{ processes: number; irq: number; steal: number; total: number }> {
  const line = (await readFile("/proc/stat", "utf8")).split("\n")[0]!;
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line
    .trim()
    .split(/\s+/)
    .slice(1, 9)
    .map(Number);
  return {
    processes: user! + nice! + system!,
    irq: irq! + softirq!,
    steal: steal!,
    total: user! + nice! + system! + idle! + iowait! + irq! + softirq! + steal!,
  };
}

/** CPU used while traffic ran, in % of one core (machine: % of all cores busy). */
export interface CpuShare {
  server: number;
  postgres: number;
  bench: number;
  /** other processes on the machine meanwhile (other work on a shared box) */
  others: number;
  /** interrupt handling, mostly the network traffic between the processes here */
  irq: number;
  /** time the hypervisor gave to other machines */
  steal: number;
  machine: number;
}

/** Ticks of the server's processes together (several instances count as one server). */
async function serverTicks(pids: number[]): Promise<number> {
  let ticks = 0;
  for (const pid of pids) ticks += await processTicks(pid);
  return ticks;
}

/**
 * Starts measuring; the returned function ends the interval and gives the shares.
 * `server` is the server's process, or each instance's.
 */
export async function cpuMeter(server: number | number[]): Promise<() => Promise<CpuShare>> {
  const serverPids = typeof server === "number" ? [server] : server;
  const t0 = performance.now();
  const [server0, pg0, machine0] = await Promise.all([
    serverTicks(serverPids),
    postgresTicks(),
    machineTicks(),
  ]);
  const bench0 = process.cpuUsage();
  return async () => {
    const seconds = (performance.now() - t0) / 1000;
    const [server1, pg1, machine1] = await Promise.all([
      serverTicks(serverPids),
      postgresTicks(),
      machineTicks(),
    ]);
    const bench = process.cpuUsage(bench0);
    let pgTicks = 0;
    for (const [pid, ticks] of pg1) pgTicks += ticks - (pg0.get(pid) ?? 0);
    // A backend that ended meanwhile (an idle pool connection closed) is in the
    // postmaster's reaped time whole, with what it used before the start: take that off.
    for (const [pid, ticks] of pg0) if (!pg1.has(pid)) pgTicks -= ticks;
    const pct = (ticks: number) => (100 * ticks) / ticksPerSecond / seconds;
    const server = pct(server1 - server0);
    const postgres = pct(pgTicks);
    const benchShare = (100 * (bench.user + bench.system)) / 1e6 / seconds;
    return {
      server,
      postgres,
      bench: benchShare,
      others: Math.max(0, pct(machine1.processes - machine0.processes) - server - postgres - benchShare),
      irq: pct(machine1.irq - machine0.irq),
      steal: pct(machine1.steal - machine0.steal),
      machine:
        (100 * (machine1.processes - machine0.processes + machine1.irq - machine0.irq)) /
        (machine1.total - machine0.total),
    };
  };
}

/** One line of CPU shares, as every benchmark prints them. */
export const describeCpu = (cpu: CpuShare) =>
  `CPU (% of one core): server ${cpu.server.toFixed(0)}, postgres ${cpu.postgres.toFixed(0)}, ` +
  `bench ${cpu.bench.toFixed(0)}, other processes ${cpu.others.toFixed(0)}, irq ${cpu.irq.toFixed(0)}, ` +
  `steal ${cpu.steal.toFixed(0)}; machine ${cpu.machine.toFixed(0)}% busy`;
