/**
 * Two app instances on one PostgreSQL, as behind a load balancer: what one is told
 * reaches the sockets and the read caches of the other through the event bus
 * (platform/pg-event-bus.ts), within a second, and sessions and access end on both.
 */
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import {
  closeSessionEnded,
  type RealtimeServerFrame,
  realtimeServerFrame,
  topics,
} from "../common/schemas/realtime.ts";
import { demoIds } from "./features/chat/helpers.test-support.ts";
import { PgEventBus } from "./platform/pg-event-bus.ts";
import { makeShift, makeStaff, signedInClient } from "./test/factories.ts";
import { type Client, createTestCluster, driver, type TestApp, tokenFromMail } from "./test/harness.ts";

/** Deliveries across instances must arrive within this (the brief's bound). */
const withinMs = 1000;
const origin = "http://localhost:3000";

/** A socket on one instance that keeps the server's frames for the test to take. */
class Socket {
  readonly frames: RealtimeServerFrame[] = [];
  readonly closed: Promise<number>;

  private constructor(readonly ws: WebSocket) {
    ws.on("message", (data) => this.frames.push(realtimeServerFrame.parse(JSON.parse(data.toString()))));
    this.closed = new Promise((resolve) => ws.on("close", (code) => resolve(code)));
  }

  static async open(url: string, client: Client) {
    const ws = new WebSocket(url, { headers: { origin, cookie: client.cookieHeader() } });
    const socket = new Socket(ws);
    await new Promise((resolve, reject) => ws.on("open", resolve).on("error", reject));
    return socket;
  }

  /** The first frame that matches, taken, waiting up to `timeoutMs`. */
  async take(match: (f: RealtimeServerFrame) => boolean, timeoutMs = 10_000): Promise<RealtimeServerFrame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const at = this.frames.findIndex(match);
      if (at >= 0) return this.frames.splice(at, 1)[0]!;
      if (Date.now() > deadline) throw new Error(`no matching frame within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  async subscribe(topic: string) {
    this.ws.send(JSON.stringify({ type: "subscribe", topic }));
    const answer = await this.take((f) => "topic" in f && f.topic === topic && f.type !== "event");
    expect(answer).toMatchObject({ type: "subscribed", topic });
  }

  /** The event of this type on this topic, which must come within `withinMs` of `since`. */
  async event(topic: string, type: string, since: number) {
    const frame = await this.take(
      (f) => f.type === "event" && f.topic === topic && f.event.type === type,
      since + withinMs - Date.now(),
    );
    return frame as Extract<RealtimeServerFrame, { type: "event" }>;
  }

  /** Everything the server sent before it answers a ping (it handles frames in order). */
  async drain() {
    this.ws.send(JSON.stringify({ type: "ping" }));
    await this.take((f) => f.type === "pong");
    return this.frames.splice(0);
  }

  /** The close code, which must come within `withinMs` of `since`. */
  closedWithin(since: number) {
    return Promise.race([
      this.closed,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error("socket still open")), since + withinMs - Date.now()),
      ),
    ]);
  }

  close() {
    this.ws.close();
  }
}

describe.skipIf(driver !== "postgres")("two instances on one PostgreSQL", () => {
  let cluster: Awaited<ReturnType<typeof createTestCluster>>;
  let a: TestApp;
  let b: TestApp;
  let wsOfB: string;
  let ids: Awaited<ReturnType<typeof demoIds>>;

  /** The same browser through either instance: a session made on A, its cookie sent to B. */
  async function person(userId: string) {
    const onA = await signedInClient(a, userId);
    const onB = b.client();
    for (const pair of onA.cookieHeader().split("; ")) {
      const eq = pair.indexOf("=");
      onB.setCookie(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return { onA, onB };
  }

  beforeAll(async () => {
    // READ_CACHE_SECONDS stays at its default (5): B keeps what it read, and must drop it
    // because A said so, not because time ran out.
    cluster = await createTestCluster(2);
    [a, b] = cluster.apps as [TestApp, TestApp];
    await a.app.listen({ port: 0, host: "127.0.0.1" });
    wsOfB = `${(await b.app.listen({ port: 0, host: "127.0.0.1" })).replace("http", "ws")}/api/realtime`;
    ids = await demoIds(a);
  });
  afterAll(() => cluster?.close());

  it("runs each instance on the PostgreSQL bus", () => {
    expect(a.ctx.bus).toBeInstanceOf(PgEventBus);
    expect(b.ctx.bus).toBeInstanceOf(PgEventBus);
  });

  it("brings a message, a reaction and a deletion made on A to B's sockets and B's newest page at once", async () => {
    const kari = await person(ids.kari);
    const ola = await person(ids.ola);
    const thread = (await kari.onA.post("/api/chat/department")).json().id as string;
    const page = `/api/chat/threads/${thread}/messages`;
    const socket = await Socket.open(wsOfB, ola.onB);
    await socket.subscribe(topics.thread(thread));
    // B keeps the newest page in memory from here.
    expect((await ola.onB.get(page)).statusCode).toBe(200);

    let since = Date.now();
    const posted = await kari.onA.post(page, { content: "Pasienten på stue 4 trenger tilsyn" });
    expect(posted.statusCode).toBe(201);
    const messageId = posted.json().id as string;
    await socket.event(topics.thread(thread), "message.created", since);
    expect((await ola.onB.get(page)).body).toContain("Pasienten på stue 4 trenger tilsyn");

    since = Date.now();
    await kari.onA.post(`/api/chat/messages/${messageId}/reactions`, { emoji: "👍" });
    await socket.event(topics.thread(thread), "reaction.changed", since);
    expect((await ola.onB.get(page)).body).toContain("👍");

    since = Date.now();
    expect((await kari.onA.request("DELETE", `/api/chat/messages/${messageId}`)).statusCode).toBe(200);
    await socket.event(topics.thread(thread), "message.deleted", since);
    expect((await ola.onB.get(page)).body).not.toContain("Pasienten på stue 4");
    socket.close();
  });

  it("brings a notification and a presence change made on A to B's sockets", async () => {
    const kari = await person(ids.kari);
    const admin = await person(ids.admin);
    const socket = await Socket.open(wsOfB, kari.onB);
    await socket.subscribe(topics.user(ids.kari));
    await socket.subscribe(topics.dept(ids.anestesi));

    let since = Date.now();
    const sent = await admin.onA.post("/api/notifications/broadcast", { type: "info", title: "Ny rutine" });
    expect(sent.statusCode).toBe(200);
    await socket.event(topics.user(ids.kari), "notification.created", since);
    expect((await kari.onB.get("/api/notifications/unread-count")).body).toMatch(/[1-9]/);

    const newcomer = await makeStaff(a, { role: "staff", dept: ids.anestesi, active: true });
    const onA = await signedInClient(a, newcomer.userId);
    since = Date.now();
    expect((await onA.post("/api/presence/heartbeat")).statusCode).toBe(200);
    const online = await socket.event(topics.dept(ids.anestesi), "presence.online", since);
    expect(online.event.payload).toMatchObject({ userId: newcomer.userId });
    socket.close();
  });

  it("brings a shift published on A to B's sockets and B's open list at once", async () => {
    const kari = await person(ids.kari);
    const leader = await person(ids.leader);
    const draft = await makeShift(a, { dept: ids.anestesi, status: "draft" });
    const socket = await Socket.open(wsOfB, kari.onB);
    await socket.subscribe(topics.dept(ids.anestesi));
    // B keeps the department's open shifts in memory from here.
    expect((await kari.onB.get("/api/shifts?view=open")).body).not.toContain(draft.id);

    const since = Date.now();
    expect((await leader.onA.post(`/api/shifts/${draft.id}/publish`)).statusCode).toBe(200);
    await socket.event(topics.dept(ids.anestesi), "shift.changed", since);
    expect((await kari.onB.get("/api/shifts?view=open")).body).toContain(draft.id);
    socket.close();
  });

  it("ends on B at once a session signed out on A, and closes B's socket within 1 s", async () => {
    const kari = await person(ids.kari);
    expect((await kari.onB.get("/api/departments")).statusCode).toBe(200);
    const socket = await Socket.open(wsOfB, kari.onB);
    const since = Date.now();
    expect((await kari.onA.post("/api/auth/sign-out")).statusCode).toBe(200);
    expect(await socket.closedWithin(since)).toBe(closeSessionEnded);
    expect((await kari.onB.get("/api/departments")).statusCode).toBe(401);
  });

  it("ends on B at once the sessions of a person deactivated on A", async () => {
    const nurse = await makeStaff(a, { role: "staff", dept: ids.anestesi, active: true });
    const admin = await person(ids.admin);
    const them = await person(nurse.userId);
    expect((await them.onB.get("/api/departments")).statusCode).toBe(200);
    const socket = await Socket.open(wsOfB, them.onB);
    const since = Date.now();
    const done = await admin.onA.post(`/api/admin/users/${nurse.userId}/activation`, { active: false });
    expect(done.statusCode).toBe(200);
    expect(await socket.closedWithin(since)).toBe(closeSessionEnded);
    expect((await them.onB.get("/api/departments")).statusCode).toBe(401);
  });

  it("ends on B at once the sessions of a person whose password was reset on A", async () => {
    const nurse = await makeStaff(a, { role: "staff", dept: ids.anestesi, active: true });
    const them = await person(nurse.userId);
    expect((await them.onB.get("/api/departments")).statusCode).toBe(200);
    const socket = await Socket.open(wsOfB, them.onB);
    const stranger = a.client();
    expect((await stranger.post("/api/auth/password-reset", { email: nurse.email })).statusCode).toBe(200);
    const token = await tokenFromMail(a, nurse.email, "/auth/reset");
    const since = Date.now();
    const reset = await stranger.post("/api/auth/password-reset/confirm", {
      token,
      password: "nytt-passord-123",
      confirmPassword: "nytt-passord-123",
    });
    expect(reset.statusCode).toBe(200);
    expect(await socket.closedWithin(since)).toBe(closeSessionEnded);
    expect((await them.onB.get("/api/departments")).statusCode).toBe(401);
  });

  it("stops on B at once the events of a department where the person's record was deactivated on A", async () => {
    const sofie = await person(ids.secretary);
    const admin = await person(ids.admin);
    const socket = await Socket.open(wsOfB, sofie.onB);
    await socket.subscribe(topics.dept(ids.anestesi));
    await socket.subscribe(topics.dept(ids.akuttmottak));
    const since = Date.now();
    const done = await admin.onA.post(`/api/admin/users/${ids.secretary}/activation`, {
      active: false,
      deptId: ids.akuttmottak,
    });
    expect(done.statusCode).toBe(200);
    const refusal = await socket.take(
      (f) => f.type === "error" && f.topic === topics.dept(ids.akuttmottak),
      since + withinMs - Date.now(),
    );
    expect(refusal).toMatchObject({ code: "forbidden" });
    // What A publishes from now on: Akuttmottak's no longer reaches her, Anestesi's does.
    const changed = { shiftId: ids.anestesi, openCount: 0 };
    await a.ctx.bus.publish(topics.dept(ids.akuttmottak), "shift.changed", changed);
    await a.ctx.bus.publish(topics.dept(ids.anestesi), "shift.changed", changed);
    await socket.take((f) => f.type === "event" && f.topic === topics.dept(ids.anestesi));
    const rest = await socket.drain();
    expect(rest.filter((f) => f.type === "event" && f.topic === topics.dept(ids.akuttmottak))).toEqual([]);
    // She is still signed in on B, where her session answers with the change.
    expect((await sofie.onB.get("/api/departments")).statusCode).toBe(200);
    socket.close();
  });

  it("takes from an admin demoted on A, on B within 1 s, what only admins may follow", async () => {
    const demoted = await makeStaff(a, { role: "admin", dept: ids.intensiv, active: true });
    const admin = await person(ids.admin);
    const them = await person(demoted.userId);
    const socket = await Socket.open(wsOfB, them.onB);
    await socket.subscribe(topics.dept(ids.anestesi));
    await socket.subscribe(topics.dept(ids.intensiv));
    const since = Date.now();
    const done = await admin.onA.request("PATCH", `/api/admin/users/${demoted.userId}`, {
      firstName: "Test",
      lastName: "Person",
      phone: null,
      memberships: [{ deptId: ids.intensiv, role: "staff", isActive: true }],
    });
    expect(done.statusCode).toBe(200);
    const refusal = await socket.take(
      (f) => f.type === "error" && f.topic === topics.dept(ids.anestesi),
      since + withinMs - Date.now(),
    );
    expect(refusal).toMatchObject({ code: "forbidden" });
    const rest = await socket.drain();
    expect(rest.filter((f) => f.type === "error")).toEqual([]);
    // B's cached session knows the new role at once.
    expect((await them.onB.get("/api/admin/audit")).statusCode).toBe(403);
    socket.close();
  });

  it("resynchronises B's sockets and caches after B's bus lost its connection, and delivers again", async () => {
    const kari = await person(ids.kari);
    const ola = await person(ids.ola);
    const thread = (await kari.onA.post("/api/chat/department")).json().id as string;
    const page = `/api/chat/threads/${thread}/messages`;
    const socket = await Socket.open(wsOfB, ola.onB);
    await socket.subscribe(topics.thread(thread));
    const bus = b.ctx.bus as PgEventBus;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      await admin.query("select pg_terminate_backend($1)", [bus.listenerPid()]);
    } finally {
      await admin.end();
    }
    await socket.take((f) => f.type === "resync");
    expect(bus.healthy()).toBe(true);
    const since = Date.now();
    await kari.onA.post(page, { content: "Etter gjenoppkoblingen" });
    await socket.event(topics.thread(thread), "message.created", since);
    expect((await ola.onB.get(page)).body).toContain("Etter gjenoppkoblingen");
    socket.close();
  });
});

describe.skipIf(driver !== "postgres")("two instances in production, with the idle timeout", () => {
  let cluster: Awaited<ReturnType<typeof createTestCluster>>;

  beforeAll(async () => {
    cluster = await createTestCluster(2, { APP_ENV: "production", SESSION_IDLE_MINUTES: "60" });
  });
  afterAll(() => cluster?.close());

  it("does not end on B, for B's kept copy, a session just used on A", async () => {
    const [a, b] = cluster.apps as [TestApp, TestApp];
    const dept = (await demoIds(a)).anestesi;
    const nurse = await makeStaff(a, { role: "staff", dept, active: true });
    const onA = await signedInClient(a, nurse.userId);
    const onB = b.client();
    for (const pair of onA.cookieHeader().split("; ")) {
      const eq = pair.indexOf("=");
      onB.setCookie(pair.slice(0, eq), pair.slice(eq + 1));
    }
    // Idle in a second and a half: B reads it now and keeps it (READ_CACHE_SECONDS 5).
    const nearlyIdle = Date.now() - 60 * 60_000 + 1500;
    await a.ctx.db.execute(
      sql`update session set last_active_at = ${new Date(nearlyIdle).toISOString()} where user_id = ${nurse.userId}`,
    );
    expect((await onB.get("/api/departments", { "x-activity": "background" })).statusCode).toBe(200);
    // The person works on A, which writes the activity; B's copy does not know.
    expect((await onA.get("/api/departments")).statusCode).toBe(200);
    while (Date.now() < nearlyIdle + 60 * 60_000 + 200) await new Promise((r) => setTimeout(r, 50));
    expect((await onB.get("/api/departments")).statusCode).toBe(200);
    expect((await onA.get("/api/departments")).statusCode).toBe(200);
  });
});
