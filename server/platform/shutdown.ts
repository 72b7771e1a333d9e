/**
 * How the server stops: on the first SIGTERM, SIGINT or SIGHUP (or when scripts/start.mjs,
 * its parent, is gone) it stops accepting connections, answers new requests on kept-alive
 * connections with 503 `server_shutting_down` and `Connection: close` (a load balancer
 * retries them on another instance), lets requests under way finish for up to the grace,
 * closes every WebSocket with 1001 (going away: clients reconnect, to another instance),
 * stops the jobs, closes the database and exits 0.
 *
 * A second signal changes nothing (it is logged): `kill -- -PGID` and a forwarding parent
 * deliver the same stop twice, and cutting an upload short for it is what this prevents.
 * Only the grace running out cuts the remaining connections; the process still exits 0
 * when the database then closes, since a supervisor would take a non-zero exit after a stop
 * it asked for as a crash, and what was cut is logged. It exits 1 when the closing itself
 * fails or does not end within `closeMarginMs` after the grace.
 */
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Database } from "../db/client.ts";
import { unavailable } from "./errors.ts";

/** What is left after the grace (jobs, database) may take this long before the process exits 1. */
export const closeMarginMs = 5_000;

/** WebSocket close code 1001: the server is going away; the client reconnects. */
export const closeGoingAway = 1001;

/** Marks the app as stopping when it starts to close; requests arriving then are refused. */
export function registerShutdownRefusal(app: FastifyInstance) {
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onRequest", async (_request, reply) => {
    if (!closing) return;
    // Plain JSON: a route's own 503 body (health's) does not describe this refusal.
    reply.header("connection", "close").serializer(JSON.stringify);
    throw unavailable("server_shutting_down", 1);
  });
  // A request under way is answered in full, on a connection that then closes.
  app.addHook("onSend", async (_request, reply) => {
    if (closing) reply.header("connection", "close");
  });
}

export interface ShutdownDeps {
  app: FastifyInstance;
  database: Database;
  graceMs: number;
  log: FastifyBaseLogger;
}

export const shutdownSignals = ["SIGTERM", "SIGINT", "SIGHUP"] as const;

/** Stops the server gracefully on the first signal, or when the parent process is gone. */
export function stopOnSignals(deps: ShutdownDeps): void {
  let stopping = false;
  const stop = (reason: string) => {
    if (stopping) {
      deps.log.warn({ reason }, "already shutting down: ignored");
      return;
    }
    stopping = true;
    void shutDown(deps, reason);
  };
  for (const signal of shutdownSignals) process.on(signal, () => stop(signal));
  // Started by scripts/start.mjs: its IPC channel closes when that parent dies, however
  // it died (even kill -9), so the server is never left running orphaned.
  if (process.connected) process.on("disconnect", () => stop("parent process gone"));
}

async function shutDown({ app, database, graceMs, log }: ShutdownDeps, reason: string): Promise<void> {
  const started = performance.now();
  log.info({ reason, graceMs }, "shutting down: finishing the requests under way");
  let forced = false;
  const grace = setTimeout(() => {
    forced = true;
    app.server.getConnections((_err, connections) =>
      log.warn({ connections }, "shutdown grace ran out: closing the remaining connections"),
    );
    // Requests still under way, and WebSockets whose client did not answer the close.
    for (const client of app.websocketServer.clients) client.terminate();
    app.server.closeAllConnections();
  }, graceMs);
  const giveUp = setTimeout(() => {
    log.error("shutdown did not finish after the grace: exiting");
    process.exit(1);
  }, graceMs + closeMarginMs);
  try {
    await app.close();
    await database.close();
  } catch (err) {
    log.error({ err }, "shutdown failed");
    process.exit(1);
  }
  clearTimeout(grace);
  clearTimeout(giveUp);
  log.info({ ms: Math.round(performance.now() - started), forced }, "stopped");
  process.exit(0);
}
