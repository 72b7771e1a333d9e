/**
 * Stopping the real server process, by every path a signal takes to it: an upload under
 * way is still answered in full, an open WebSocket is closed with 1001, the process exits
 * 0 and nothing of it remains.
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import net from "node:net";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { driver } from "../test/harness.ts";
import { buildServerWhenStale, isAlive, type SpawnedServer, spawnServer } from "../test/spawned-server.ts";
import { closeGoingAway } from "./shutdown.ts";

async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ email: "kari@demo.no", password: "demo1234" }),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function departmentThread(url: string, cookie: string): Promise<string> {
  const res = await fetch(`${url}/api/chat/department`, { method: "POST", headers: { cookie, origin: url } });
  return ((await res.json()) as { id: string }).id;
}

/** An open realtime socket and the close code it will get. */
async function openSocket(url: string, cookie: string): Promise<{ closed: Promise<number> }> {
  const socket = new WebSocket(`${url.replace(/^http/, "ws")}/api/realtime`, {
    headers: { cookie, origin: url },
  });
  const closed = new Promise<number>((resolve) => socket.once("close", (code) => resolve(code)));
  await new Promise((resolve, reject) => {
    socket.once("open", resolve);
    socket.once("error", reject);
  });
  // In an object: an async function's promise would wait for the one it returns.
  return { closed };
}

/** An upload whose body is half sent: `finish()` sends the rest. */
function startUpload(url: string, cookie: string, threadId: string) {
  const boundary = `----vaktrom${randomUUID()}`;
  const request = http.request(`${url}/api/chat/threads/${threadId}/attachments`, {
    method: "POST",
    headers: { cookie, origin: url, "content-type": `multipart/form-data; boundary=${boundary}` },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.once("error", reject);
    request.once("response", (res) => {
      let body = "";
      res.on("data", (chunk) => {
        body += chunk;
      });
      res.once("end", () => resolve({ status: res.statusCode!, body }));
    });
  });
  request.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="vaktliste.txt"\r\nContent-Type: text/plain\r\n\r\n`,
  );
  request.write("Vaktliste for uke 48\n".repeat(2000));
  return {
    response,
    finish: () => request.end(`slutt\r\n--${boundary}--\r\n`),
  };
}

/**
 * Signs in, opens a socket, starts an upload, runs `stop` once the upload is under way,
 * sends the rest of the upload once the server has begun to stop; then checks the answer,
 * the socket's close code, the exit and that the server process is gone.
 */
async function stopsGracefully(server: SpawnedServer, stop: (serverPid: number) => void) {
  const cookie = await signIn(server.url);
  const thread = await departmentThread(server.url, cookie);
  const { closed } = await openSocket(server.url, cookie);
  const upload = startUpload(server.url, cookie, thread);
  await server.waitFor(`"url":"/api/chat/threads/${thread}/attachments"`);
  const pid = server.serverPid();
  stop(pid);
  await server.waitFor("shutting down: finishing the requests under way");
  upload.finish();
  const answer = await upload.response;
  expect(answer.status, answer.body).toBe(201);
  expect(await closed).toBe(closeGoingAway);
  expect(await server.exited).toEqual({ code: 0, signal: null });
  expect(isAlive(pid)).toBe(false);
}

/**
 * The signal paths are the process's, not the database's: on PGlite, where every start
 * costs its initdb and seed (15–40 s here), the first path is enough to show the
 * embedded database closes cleanly; PostgreSQL runs them all.
 */
const onPostgres = it.skipIf(driver !== "postgres");

describe("graceful shutdown of the server process", { timeout: 120_000 }, () => {
  beforeAll(() => buildServerWhenStale(), 300_000);

  let server: SpawnedServer | undefined;
  afterEach(async () => {
    await server?.cleanUp();
    server = undefined;
  });

  it("on SIGTERM finishes the upload under way, closes sockets with 1001, refuses a new request with 503 and exits 0", async () => {
    server = await spawnServer();
    // A request whose head is half sent when the stop begins arrives after it.
    const late = net.connect(new URL(server.url).port as unknown as number, "localhost");
    await new Promise((resolve) => late.once("connect", resolve));
    late.write("GET /api/health HTTP/1.1\r\nHost: localhost\r\n");
    let lateAnswer = "";
    late.on("data", (chunk) => {
      lateAnswer += chunk;
    });
    const lateClosed = new Promise((resolve) => late.once("close", resolve));
    await stopsGracefully(server, (pid) => {
      process.kill(pid, "SIGTERM");
      void server!.waitFor("shutting down").then(() => late.write("\r\n"));
    });
    await lateClosed;
    expect(lateAnswer).toMatch(/^HTTP\/1\.1 503/);
    expect(lateAnswer).toMatch(/connection: close/i);
    expect(lateAnswer).toMatch(/retry-after: 1/i);
    expect(lateAnswer).toContain('"code":"server_shutting_down"');
  });

  onPostgres("takes a second SIGTERM during the stop as the same stop", async () => {
    server = await spawnServer();
    await stopsGracefully(server, (pid) => {
      process.kill(pid, "SIGTERM");
      // Sent together, two signals arrive as one: the second follows the first's effect.
      void server!.waitFor("shutting down").then(() => process.kill(pid, "SIGTERM"));
    });
    expect(server.output()).toContain("already shutting down: ignored");
  });

  onPostgres("stops the same way on SIGINT (Ctrl-C)", async () => {
    server = await spawnServer();
    await stopsGracefully(server, (pid) => process.kill(pid, "SIGINT"));
  });

  onPostgres(
    "through start.mjs: kill -- -PGID reaches the server once, and start.mjs exits with its code",
    async () => {
      server = await spawnServer({ launcher: "start.mjs" });
      await stopsGracefully(server, () => process.kill(-server!.child.pid!, "SIGTERM"));
      expect(server.output()).not.toContain("already shutting down");
    },
  );

  onPostgres("through start.mjs: SIGTERM to start.mjs alone is forwarded to the server", async () => {
    server = await spawnServer({ launcher: "start.mjs" });
    // A first start says what it is doing, step by step, with times, before 'ready'.
    const steps = server
      .output()
      .split("\n")
      .filter((line) => / in \d+\.\d s$|up to date$/.test(line));
    expect(steps).toEqual([
      "The web app and the server are built and up to date",
      expect.stringMatching(/^Opening the database \(PostgreSQL\) and applying migrations: done in /),
      expect.stringMatching(/^Seeding demo data: users: done in /),
      expect.stringMatching(/^Seeding demo data: chat: done in /),
      expect.stringMatching(/^Seeding demo data: extra shifts: done in /),
      expect.stringMatching(/^Seeding demo data: shift swaps: done in /),
      expect.stringMatching(/^Seeding demo data: duty roles: done in /),
      expect.stringMatching(/^Starting the app: done in /),
    ]);
    await stopsGracefully(server, () => server!.child.kill("SIGTERM"));
  });

  onPostgres("through npm start: SIGTERM to npm alone (a container's PID 1) stops the server", async () => {
    server = await spawnServer({ launcher: "npm start" });
    await stopsGracefully(server, () => server!.child.kill("SIGTERM"));
  });

  onPostgres(
    "stops gracefully on its own when start.mjs dies without a word (kill -9): no orphan",
    async () => {
      server = await spawnServer({ launcher: "start.mjs" });
      const cookie = await signIn(server.url);
      const { closed } = await openSocket(server.url, cookie);
      const pid = server.serverPid();
      server.child.kill("SIGKILL");
      expect(await closed).toBe(closeGoingAway);
      await expect.poll(() => isAlive(pid), { timeout: 30_000 }).toBe(false);
    },
  );

  onPostgres("when the grace runs out, cuts what is left and still exits 0", async () => {
    server = await spawnServer({ env: { SHUTDOWN_GRACE_SECONDS: "1" } });
    const cookie = await signIn(server.url);
    const thread = await departmentThread(server.url, cookie);
    const upload = startUpload(server.url, cookie, thread);
    await server.waitFor(`"url":"/api/chat/threads/${thread}/attachments"`);
    const started = Date.now();
    process.kill(server.serverPid(), "SIGTERM");
    await expect(upload.response).rejects.toThrow(/socket hang up|ECONNRESET/);
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(server.output()).toContain("shutdown grace ran out");
  });
});
