/**
 * The real server as a process of its own, for tests of what only a process has: signals,
 * its exit code, its children, its lock on DATA_DIR. Started the way an operator starts it:
 * the bundle itself, `node scripts/start.mjs`, or `npm start`; with a fresh DATA_DIR, and
 * on PostgreSQL (TEST_DRIVER=postgres) a new empty database of its own, dropped afterwards.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { freePort, freshPostgresDatabase, repoRoot } from "../../e2e/support/server.ts";
import { builds, buildWhenStale, serverArgs } from "../../scripts/builds.mjs";
import { driver } from "./harness.ts";

export type Launcher = "bundle" | "start.mjs" | "npm start";

const commands: Record<Launcher, [string, ...string[]]> = {
  bundle: [process.execPath, ...serverArgs],
  "start.mjs": [process.execPath, "scripts/start.mjs"],
  "npm start": ["npm", "start", "--silent"],
};

/** Builds what `npm start` serves when it is stale (start.mjs would otherwise build it mid-test). */
export function buildServerWhenStale(): void {
  buildWhenStale(builds.web);
  buildWhenStale(builds.server);
}

export interface SpawnedServer {
  child: ChildProcess;
  url: string;
  dataDir: string;
  /** the server's own pid (behind start.mjs and npm: read from its log) */
  serverPid(): number;
  output(): string;
  /** resolves when `text` appears in the output */
  waitFor(text: string | RegExp, ms?: number): Promise<void>;
  /** the launched process's exit */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** kills what is left (the whole process group) and removes the folder and database */
  cleanUp(): Promise<void>;
}

export interface SpawnOptions {
  launcher?: Launcher;
  env?: Record<string, string>;
  /** an existing DATA_DIR (a second process on it); a new one otherwise, removed at cleanUp */
  dataDir?: string;
  /** wait for GET /api/health to answer 200 (default) */
  healthy?: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function spawnServer(opts: SpawnOptions = {}): Promise<SpawnedServer> {
  const port = await freePort();
  const ownDir = opts.dataDir === undefined;
  const dataDir = opts.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), "vaktrom-proc-")));
  const postgres =
    driver === "postgres"
      ? await freshPostgresDatabase(process.env.TEST_DATABASE_URL!, "vaktrom_proc")
      : null;
  const url = `http://localhost:${port}`;
  const { DATABASE_URL, TEST_DATABASE_URL, E2E_DATABASE_URL, NODE_ENV, ...inherited } = process.env;
  const [command, ...args] = commands[opts.launcher ?? "bundle"];
  // Its own process group, as a service manager or a terminal gives it: a test can signal
  // the group (`kill -- -PGID`) and nothing of it outlives the test.
  const child = spawn(command, args, {
    cwd: repoRoot,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...inherited,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      APP_ENV: "staging",
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      ...opts.env,
    },
  });
  let output = "";
  const waiters = new Set<() => void>();
  const append = (chunk: Buffer) => {
    output += chunk.toString("utf8");
    for (const check of waiters) check();
  };
  child.stdout!.on("data", append);
  child.stderr!.on("data", append);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  let done = false;
  void exited.then(() => {
    done = true;
  });

  const waitFor = (text: string | RegExp, ms = 30_000) =>
    new Promise<void>((resolve, reject) => {
      const found = () => (typeof text === "string" ? output.includes(text) : text.test(output));
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`"${text}" not in the server's output within ${ms} ms:\n${output}`));
      }, ms);
      const check = () => {
        if (!found()) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve();
      };
      waiters.add(check);
      check();
    });

  const server: SpawnedServer = {
    child,
    url,
    dataDir,
    serverPid() {
      const match = output.match(/"pid":(\d+)[^\n]*"msg":"ready at/);
      if (!match) throw new Error(`the server has not said it is ready:\n${output}`);
      return Number(match[1]);
    },
    output: () => output,
    waitFor,
    exited,
    async cleanUp() {
      if (!done) {
        try {
          process.kill(-child.pid!, "SIGKILL");
        } catch {
          // The group is gone already.
        }
        await exited;
      }
      if (ownDir) await rm(dataDir, { recursive: true, force: true, maxRetries: 3 });
      await postgres?.drop();
    },
  };

  if (opts.healthy === false) return server;
  const deadline = Date.now() + 90_000;
  while (true) {
    if (done) {
      await server.cleanUp();
      throw new Error(`The server exited before it was healthy:\n${output}`);
    }
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await server.cleanUp();
      throw new Error(`The server did not become healthy within 90 s:\n${output}`);
    }
    await sleep(200);
  }
  await waitFor('"msg":"ready at');
  return server;
}
