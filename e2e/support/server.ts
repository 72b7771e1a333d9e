/**
 * Starts the real Vaktrom server as a child process for browser tests: the bundle
 * `npm start` runs (built by e2e/global-setup.ts).
 *
 * Every server gets a free port, a fresh temporary DATA_DIR and a fresh database,
 * migrated and seeded at start: PGlite in that DATA_DIR, or, when E2E_DATABASE_URL names
 * a PostgreSQL server, a database of its own there. `stop()` releases all of them.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { serverArgs } from "../../scripts/builds.mjs";
import { databaseUrlFor, randomDbName } from "../../server/test/pg-admin.ts";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

export type ServerEnv = Record<string, string>;

export interface RunningServer {
  /** base URL, e.g. http://localhost:41234 (also PUBLIC_URL, so links in mails point here) */
  url: string;
  port: number;
  dataDir: string;
  env: ServerEnv;
  /** the server's stdout and stderr so far (last 64 kB) */
  output(): string;
  stop(): Promise<void>;
}

const HEALTH_TIMEOUT_MS = 60_000;
const OUTPUT_LIMIT = 64 * 1024;

/** A free TCP port, found by letting the OS pick one. */
export async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, () => {
      const address = srv.address();
      if (address === null || typeof address === "string") {
        srv.close();
        reject(new Error("could not get a free port"));
        return;
      }
      const { port } = address;
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return true;
  return await new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** A new, empty database on the PostgreSQL server of `adminUrl`, and how to drop it. */
export async function freshPostgresDatabase(
  adminUrl: string,
  prefix = "vaktrom_e2e",
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = randomDbName(prefix);
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await run(`create database ${name}`);
  return {
    url: databaseUrlFor(adminUrl, name),
    drop: () => run(`drop database if exists ${name} with (force)`),
  };
}

/** One process of the bundled server, healthy when it is returned. */
export interface ServerProcess {
  pid: number;
  /** its stdout and stderr so far (last 64 kB) */
  output(): string;
  /** whether it has not exited */
  alive(): boolean;
  /** SIGTERM, SIGKILL after 5 s; waits for the exit */
  stop(): Promise<void>;
  /** SIGKILL at once, as a crash or a pulled plug would end it; waits for the exit */
  kill(): Promise<void>;
}

/**
 * Spawn the bundle with exactly `env` over this process's environment (less the
 * database URLs meant for other suites) and wait until `${baseUrl}/api/health` answers
 * 200. A server that exits or stays unhealthy is stopped and reported with its output.
 * `onOutput` sees every chunk as it comes (a demo shows them).
 */
export async function spawnServer(
  env: ServerEnv,
  baseUrl: string,
  onOutput?: (chunk: string) => void,
): Promise<ServerProcess> {
  let output = "";
  const append = (chunk: Buffer) => {
    const text = chunk.toString("utf8");
    onOutput?.(text);
    output += text;
    if (output.length > OUTPUT_LIMIT) output = output.slice(-OUTPUT_LIMIT);
  };

  // The server must not connect to a database meant for other suites or for real use.
  const { DATABASE_URL, TEST_DATABASE_URL, E2E_DATABASE_URL, ...inherited } = process.env;
  const childEnv: NodeJS.ProcessEnv = { ...inherited, ...env };
  if (!("NODE_ENV" in env)) delete childEnv.NODE_ENV;

  const child = spawn(process.execPath, serverArgs, {
    cwd: repoRoot,
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", append);
  child.stderr?.on("data", append);
  let spawnError: Error | undefined;
  child.on("error", (err) => {
    spawnError = err;
  });
  const alive = () => child.exitCode === null && child.signalCode === null;

  const stop = async () => {
    if (!alive()) return;
    child.kill("SIGTERM");
    if (!(await waitForExit(child, 5_000))) {
      child.kill("SIGKILL");
      await waitForExit(child, 5_000);
    }
  };
  const kill = async () => {
    if (!alive()) return;
    child.kill("SIGKILL");
    await waitForExit(child, 5_000);
  };

  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let lastProblem = "no answer yet";
  while (true) {
    if (spawnError) {
      await stop();
      throw new Error(`Could not spawn the server: ${spawnError.message}`);
    }
    if (!alive()) {
      throw new Error(
        `The server exited (code ${child.exitCode}, signal ${child.signalCode}) before it was healthy.\n` +
          `env: ${JSON.stringify(env)}\n--- server output ---\n${output}`,
      );
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) break;
      lastProblem = `GET /api/health answered ${res.status}`;
    } catch (err) {
      lastProblem = err instanceof Error ? err.message : String(err);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `The server did not become healthy within ${HEALTH_TIMEOUT_MS / 1000} s (${lastProblem}).\n` +
          `env: ${JSON.stringify(env)}\n--- server output ---\n${output}`,
      );
    }
    await sleep(250);
  }
  return { pid: child.pid!, output: () => output, alive, stop, kill };
}

/**
 * Start the bundled server with PORT, DATA_DIR, PUBLIC_URL (and DATABASE_URL on
 * PostgreSQL) set and the given overrides, and wait until GET /api/health answers 200.
 */
/** `PORT` in `overrides`: a port chosen before (an identity provider needed the address first). */
export async function startServer(overrides: ServerEnv = {}): Promise<RunningServer> {
  const port = overrides.PORT ? Number(overrides.PORT) : await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "vaktrom-e2e-"));
  const url = `http://localhost:${port}`;
  const adminUrl = process.env.E2E_DATABASE_URL;
  const postgres = adminUrl ? await freshPostgresDatabase(adminUrl) : null;
  const env: ServerEnv = {
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    APP_ENV: "staging",
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...overrides,
  };
  const release = async () => {
    await rm(dataDir, { recursive: true, force: true, maxRetries: 3 });
    await postgres?.drop();
  };
  let server: ServerProcess;
  try {
    server = await spawnServer(env, url);
  } catch (err) {
    await release();
    throw err;
  }
  const stop = async () => {
    await server.stop();
    await release();
  };
  return { url, port, dataDir, env, output: server.output, stop };
}
