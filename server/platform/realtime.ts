/**
 * The realtime hub: one WebSocket per browser tab at `GET /api/realtime`.
 *
 * The upgrade is refused before it happens: 403 for a foreign Origin (or the session
 * cookie without our Origin), 401 without a valid session (as plain HTTP answers, so a
 * browser sees a failed connection and no socket ever exists for a stranger). Opening the socket is not activity: it must not
 * keep an idle session alive. Afterwards the client subscribes to topics, each checked
 * here, and receives the bus events of those topics. A socket closes with 4401
 * `session_ended` when its session ends: at once on a `session.ended` event on
 * `session:{id}`, and at the latest at the next revalidation round. When the person's
 * access changes (`session.changed` on their `user:` topic: roles, departments,
 * activation) every subscription of their sockets is checked again, and a thread's
 * subscriptions when its members change (`thread.members`); a refused one is dropped
 * with an error frame. When the bus may have missed events, every socket is told to
 * resynchronise (a `resync` frame).
 */

import type { Socket } from "node:net";
import websocket from "@fastify/websocket";
import { and, gt, type SQL } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { RawData, WebSocket } from "ws";
import {
  closeSessionEnded,
  parseTopic,
  type RealtimeClientFrame,
  type RealtimeServerFrame,
  realtimeClientFrame,
  topics,
} from "../../common/schemas/realtime.ts";
import { type ErrorCode, errorMessage } from "../../common/texts/errors.ts";
import { isDatabaseUnavailable } from "../db/faults.ts";
import { inIdList } from "../db/id-list.ts";
import { session } from "../db/schema.ts";
import { may } from "../policies/index.ts";
import type { ThreadResource } from "../policies/resources.ts";
import { loadActor, membershipsOf, notDeactivated } from "./actor.ts";
import type { CurrentSession } from "./auth.ts";
import type { AppContext } from "./context.ts";
import type { BusEvent } from "./events.ts";
import { refuseForeignOrigin } from "./http.ts";
import { KeepAliveTurns, keepAliveSlices } from "./keep-alive.ts";
import { authenticate, authorize, signedIn } from "./pipeline.ts";
import { closeGoingAway } from "./shutdown.ts";

export interface RealtimeOptions {
  /** how often every socket's session is read again (default 60 s) */
  revalidateMs?: number;
  /** how often sockets are pinged; one that has not answered the previous ping is dropped (default 30 s) */
  keepAliveMs?: number;
  /**
   * The facts of a chat thread for `thread.read`, or null when there is none to follow
   * (the chat feature brings it; the platform knows no feature). Without it `thread:`
   * topics are unavailable.
   */
  threadResource?: (threadId: string) => Promise<ThreadResource | null>;
}

/** A tab needs a handful of topics; the cap bounds what one socket can hold in the bus. */
export const maxSubscriptionsPerSocket = 100;
/**
 * A subscription confirmed within this long of the topic's last event says so (`recent`):
 * a tab reads its screens and subscribes at about the same time, and on a loaded server
 * the subscription can arrive seconds after the read. Busy topics cost one extra read
 * at subscription; quiet ones none.
 */
const recentEventMs = 30_000;
/** Client frames are small commands; a larger frame closes the socket with 1009. */
export const maxFrameBytes = 4096;

/** Why this person may not follow a topic, or null when they may. */
async function topicRefusal(
  ctx: AppContext,
  opts: RealtimeOptions,
  userId: string,
  topic: string,
): Promise<ErrorCode | null> {
  const parsed = parseTopic(topic);
  if (!parsed) return "realtime_unknown_topic";
  switch (parsed.kind) {
    case "user": {
      // The topic carries the person's notifications and badge counts: theirs alone.
      const [actor, memberships] = await Promise.all([
        loadActor(ctx.db, userId),
        membershipsOf(ctx.db, parsed.id),
      ]);
      const owner = { type: "user" as const, id: parsed.id, memberships };
      return may(actor, "notification.subscribe", owner, ctx.policyEnv) ? null : "forbidden";
    }
    case "dept": {
      const actor = await loadActor(ctx.db, userId);
      return may(actor, "department.read", { type: "department", id: parsed.id }, ctx.policyEnv)
        ? null
        : "forbidden";
    }
    case "thread": {
      if (!opts.threadResource) return "realtime_topic_unavailable";
      const [actor, thread] = await Promise.all([loadActor(ctx.db, userId), opts.threadResource(parsed.id)]);
      // A thread one may not read is refused exactly like one that does not exist.
      return thread && may(actor, "thread.read", thread, ctx.policyEnv) ? null : "thread_not_found";
    }
  }
}

/**
 * Of these sessions, the ones still valid: present, not expired, not idle past the
 * timeout, and of a person who is not deactivated. One query for all sockets, their ids
 * as one parameter (a parameter per id is milliseconds of building for a thousand).
 */
async function liveSessionIds(ctx: AppContext, ids: string[]): Promise<Set<string>> {
  const now = ctx.clock.now().getTime();
  const idleMinutes = ctx.config.sessionIdleMinutes;
  const conditions: SQL[] = [inIdList(session.id, ids), gt(session.expiresAt, new Date(now))];
  if (idleMinutes !== null) conditions.push(gt(session.lastActiveAt, new Date(now - idleMinutes * 60_000)));
  conditions.push(notDeactivated(ctx.db, session.userId));
  const rows = await ctx.db
    .select({ id: session.id })
    .from(session)
    .where(and(...conditions));
  return new Set(rows.map((r) => r.id));
}

/** One open socket: its session, its subscriptions, its keep-alive state. */
class RealtimeSocket {
  private readonly subscriptions = new Map<string, () => void>();
  private readonly stopSessionListeners: (() => void)[];
  /** Frames are handled one after another, so a quick subscribe/unsubscribe keeps its order. */
  private queue = Promise.resolve();
  private ended = false;
  private answeredPing = true;
  /** writes are held until the end of this turn of the event loop (see `write`) */
  private corked = false;

  constructor(
    private readonly socket: WebSocket,
    readonly session: CurrentSession,
    private readonly ctx: AppContext,
    private readonly opts: RealtimeOptions,
    private readonly log: FastifyBaseLogger,
  ) {
    this.stopSessionListeners = [
      ctx.bus.subscribe(`session:${session.sessionId}`, (event) => {
        if (event.type === "session.ended") this.endSession();
      }),
      // Roles, departments or activation changed: what was allowed may not be any more.
      ctx.bus.subscribe(topics.user(session.userId), (event) => {
        if (event.type === "session.changed") this.recheck([...this.subscriptions.keys()]);
      }),
    ];
    socket.on("message", (data, isBinary) => {
      this.queue = this.queue.then(() => this.handle(data, isBinary));
    });
    socket.on("pong", () => {
      this.answeredPing = true;
    });
    socket.on("close", () => this.release());
  }

  /** Called every keep-alive interval: a socket that did not answer the last ping is dead. */
  keepAlive() {
    if (!this.answeredPing) {
      this.socket.terminate();
      return;
    }
    this.answeredPing = false;
    this.socket.ping();
  }

  endSession() {
    // Stop delivering at once; the closing handshake may take a while.
    this.release();
    this.socket.close(closeSessionEnded, "session_ended");
  }

  private release() {
    if (this.ended) return;
    this.ended = true;
    for (const stop of this.stopSessionListeners) stop();
    for (const stop of this.subscriptions.values()) stop();
    this.subscriptions.clear();
  }

  /** The server's bus may have missed events: the client refetches every topic. */
  resync() {
    this.send({ type: "resync" });
  }

  /**
   * Asks the policy again for each of these topics, in the socket's order of frames, and
   * drops a refused one with its error frame, as a refused subscribe is answered.
   */
  private recheck(toCheck: string[]) {
    this.queue = this.queue.then(async () => {
      for (const topic of toCheck) {
        if (this.ended || !this.subscriptions.has(topic)) continue;
        try {
          const refusal = await topicRefusal(this.ctx, this.opts, this.session.userId, topic);
          if (!refusal || !this.subscriptions.has(topic)) continue;
          this.subscriptions.get(topic)?.();
          this.subscriptions.delete(topic);
          this.refuse(refusal, topic);
        } catch (err) {
          // The database did not answer: keep the subscription, the next change asks again.
          this.log.warn({ err, topic }, "realtime re-authorisation failed");
        }
      }
    });
  }

  private send(frame: RealtimeServerFrame) {
    this.write(JSON.stringify(frame));
  }

  /**
   * Frames for this socket in one turn of the event loop leave in one write: a chat
   * message is a `message.created` on the thread and a `chat.unread` on each member, and
   * socket writes were the server's largest cost under a whole hospital's load. The
   * socket is corked at the first frame and uncorked on the next tick: the bus delivers
   * in microtasks, and a tick scheduled from one runs only once the microtask queue, with
   * the turn's other deliveries, has drained.
   */
  private write(data: string | Buffer) {
    if (this.socket.readyState !== this.socket.OPEN) return;
    const raw = rawSocketOf(this.socket);
    if (raw && !this.corked) {
      this.corked = true;
      raw.cork();
      process.nextTick(() => {
        this.corked = false;
        raw.uncork();
      });
    }
    this.socket.send(data, { binary: false });
  }

  private refuse(code: ErrorCode, topic?: string) {
    this.send({
      type: "error",
      ...(topic === undefined ? {} : { topic }),
      code,
      message: errorMessage(code),
    });
  }

  private async handle(data: RawData, isBinary: boolean) {
    const frame = isBinary ? null : parseFrame(data.toString());
    if (!frame) return this.refuse("realtime_bad_frame");
    try {
      switch (frame.type) {
        case "ping":
          return this.send({ type: "pong" });
        case "unsubscribe":
          this.subscriptions.get(frame.topic)?.();
          this.subscriptions.delete(frame.topic);
          return;
        case "subscribe":
          return await this.subscribe(frame.topic);
      }
    } catch (err) {
      // A database that is away is a known fault the client retries, not a bug.
      const unavailable = isDatabaseUnavailable(err);
      if (unavailable) this.log.warn({ err }, "realtime frame: database unavailable");
      else this.log.error({ err }, "realtime frame failed");
      this.refuse(
        unavailable ? "database_unavailable" : "internal",
        "topic" in frame ? frame.topic : undefined,
      );
    }
  }

  private async subscribe(topic: string) {
    if (this.subscriptions.has(topic)) return this.send({ type: "subscribed", topic });
    if (this.subscriptions.size >= maxSubscriptionsPerSocket)
      return this.refuse("realtime_too_many_subscriptions", topic);
    const refusal = await topicRefusal(this.ctx, this.opts, this.session.userId, topic);
    if (refusal) return this.refuse(refusal, topic);
    // The session may have ended while the policy was asked.
    if (this.ended) return;
    const membersMatter = parseTopic(topic)?.kind === "thread";
    const deliver = (event: BusEvent) => {
      this.write(eventFrame(event));
      if (membersMatter && event.type === "thread.members") this.recheck([topic]);
    };
    this.subscriptions.set(topic, this.ctx.bus.subscribe(topic, deliver));
    // What the tab read before this moment may predate an event it could not hear yet.
    const recent = this.ctx.bus.heardWithin(topic, recentEventMs);
    this.send(recent ? { type: "subscribed", topic, recent } : { type: "subscribed", topic });
  }
}

/**
 * An event's frame is the same for every socket following its topic: written once, not
 * once per follower (a message to a channel of 50 is one JSON.stringify and one UTF-8
 * encoding, not 50).
 */
const frames = new WeakMap<BusEvent, Buffer>();
function eventFrame(event: BusEvent): Buffer {
  let bytes = frames.get(event);
  if (bytes === undefined) {
    const { topic, type, payload, seq, at } = event;
    const frame: RealtimeServerFrame = { type: "event", topic, event: { type, payload, seq, at } };
    bytes = Buffer.from(JSON.stringify(frame));
    frames.set(event, bytes);
  }
  return bytes;
}

/** The TCP socket under a WebSocket (`ws` keeps it as `_socket`), to cork its writes. */
const rawSocketOf = (socket: WebSocket): Socket | undefined =>
  (socket as unknown as { _socket?: Socket })._socket;

function parseFrame(text: string): RealtimeClientFrame | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = realtimeClientFrame.safeParse(json);
  return parsed.success ? parsed.data : null;
}

export async function registerRealtime(app: FastifyInstance, ctx: AppContext, opts: RealtimeOptions = {}) {
  await app.register(websocket, {
    options: { maxPayload: maxFrameBytes },
    // Closing the app (shutdown) closes every socket with 1001, going away: the client
    // reconnects, to another instance. The plugin's own close sends no code (1005).
    preClose(done) {
      for (const client of this.websocketServer.clients) client.close(closeGoingAway, "server_shutting_down");
      this.websocketServer.close();
      done();
    },
  });
  // The open sockets, each with its turn to be pinged.
  const sockets = new KeepAliveTurns<RealtimeSocket>();
  const allowedOrigin = new URL(ctx.config.publicUrl).origin;

  app.get(
    "/api/realtime",
    {
      websocket: true,
      // Connecting needs a session; every subscription is then authorized on the socket.
      config: { action: "realtime.connect" },
      onRequest: async (request) => refuseForeignOrigin(request, allowedOrigin),
      preValidation: [authenticate(ctx, { background: true })],
      preHandler: [authorize(ctx, "realtime.connect", () => ({ type: "app" }))],
    },
    (socket, request) => {
      const conn = new RealtimeSocket(socket, signedIn(request).session, ctx, opts, request.log);
      sockets.add(conn);
      socket.on("close", () => sockets.remove(conn));
    },
  );

  let revalidating = false;
  async function revalidate() {
    if (revalidating || sockets.size === 0) return;
    revalidating = true;
    try {
      // Only the sockets open when the question was asked: one that opened while it was
      // on its way has a session the answer does not mention, which is no sign it ended.
      const asked = [...sockets.members()];
      const live = await liveSessionIds(ctx, [...new Set(asked.map((c) => c.session.sessionId))]);
      for (const conn of asked) if (!live.has(conn.session.sessionId)) conn.endSession();
    } catch (err) {
      // A database hiccup must not close every socket; the next round tries again.
      app.log.warn({ err }, "realtime session revalidation failed");
    } finally {
      revalidating = false;
    }
  }

  const stopResync = ctx.bus.onResync(() => {
    for (const conn of sockets.members()) conn.resync();
  });
  const revalidation = setInterval(() => void revalidate(), opts.revalidateMs ?? 60_000);
  const keepAlive = setInterval(
    () => {
      for (const conn of sockets.due()) conn.keepAlive();
    },
    (opts.keepAliveMs ?? 30_000) / keepAliveSlices,
  );
  revalidation.unref();
  keepAlive.unref();
  app.addHook("onClose", async () => {
    clearInterval(revalidation);
    clearInterval(keepAlive);
    stopResync();
  });
}
