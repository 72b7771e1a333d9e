/**
 * Start-up and sign-in latency, measured on this machine in one run:
 *  - first start: new database (PGlite initdb + migrations + demo seed) until /api/health is 200
 *  - warm start: existing database and built web app until /api/health is 200
 *  - GET /api/auth/session (signed in): median and p95 over sequential requests
 *  - POST /api/auth/magic-link for a known and an unknown address, interleaved: the two
 *    medians must match (the answer may not tell who has an account)
 * Runs what `npm start` runs: the built web app and server bundle (npm run build). Prints medians; run with `npm run bench`.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const runs = Number(process.env.BENCH_RUNS ?? 3);

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function startServer(dataDir: string, port: number): Promise<{ proc: ChildProcess; ms: number }> {
  const started = performance.now();
  const proc = spawn(process.execPath, [path.join(root, "dist/server/main.mjs")], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      AUTO_SIGNIN: "0",
      // measure the work, not the 429s
      RATE_LIMIT_PER_EMAIL: "100000",
      RATE_LIMIT_PER_IP: "100000",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return { proc, ms: performance.now() - started };
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 120_000) throw new Error("server did not become healthy");
    await new Promise((r) => setTimeout(r, 25));
  }
}

function stop(proc: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    proc.once("exit", () => resolve());
    proc.kill("SIGTERM");
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!;

async function timeRequests(n: number, send: () => Promise<Response>) {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await send();
    await res.arrayBuffer();
    times.push(performance.now() - t0);
  }
  return { median: median(times), p95: p95(times) };
}

const first: number[] = [];
const warm: number[] = [];
for (let i = 0; i < runs; i++) {
  const dir = await mkdtemp(path.join(os.tmpdir(), "vaktrom-bench-"));
  const port = await freePort();
  const a = await startServer(dir, port);
  first.push(a.ms);
  await stop(a.proc);
  const b = await startServer(dir, port);
  warm.push(b.ms);
  if (i === runs - 1) {
    const base = `http://127.0.0.1:${port}`;
    const signIn = await fetch(`${base}/api/auth/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "kari@demo.no", password: "demo1234" }),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const session = await timeRequests(200, () => fetch(`${base}/api/auth/session`, { headers: { cookie } }));
    const magicLink = (email: string) => () =>
      fetch(`${base}/api/auth/magic-link`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email }),
      });
    const known: number[] = [];
    const unknown: number[] = [];
    // A pause after each request lets its background work (token, lookup, mail) finish,
    // so each figure is the answer's own time, not the previous request's after-work.
    const settle = () => new Promise((r) => setTimeout(r, 50));
    for (let round = 0; round < 60; round++) {
      known.push((await timeRequests(1, magicLink("kari@demo.no"))).median);
      await settle();
      unknown.push((await timeRequests(1, magicLink("ukjent@demo.no"))).median);
      await settle();
    }
    console.log(
      `GET /api/auth/session      median ${session.median.toFixed(1)} ms, p95 ${session.p95.toFixed(1)} ms (200 sequential)`,
    );
    console.log(
      `POST /api/auth/magic-link  known address median ${median(known).toFixed(2)} ms, p95 ${p95(known).toFixed(1)} ms; ` +
        `unknown median ${median(unknown).toFixed(2)} ms, p95 ${p95(unknown).toFixed(1)} ms (60 each, interleaved)`,
    );
  }
  await stop(b.proc);
  await rm(dir, { recursive: true, force: true });
}
console.log(`first start (new database): median ${(median(first) / 1000).toFixed(2)} s over ${runs}`);
console.log(
  `warm start (existing database): median ${(median(warm) / 1000).toFixed(2)} s over ${runs} (target ≤ 3 s)`,
);
console.log(`ratio first/warm: ${(median(first) / median(warm)).toFixed(1)}×`);
