import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { topics } from "../../common/schemas/realtime.ts";
import { session, staff } from "../db/schema.ts";
import { makeDepartment, makeStaff, signedInClient } from "../test/factories.ts";
import { createTestApp, type TestApp, tokenFromMail } from "../test/harness.ts";
import { twoDepartments, type World } from "../test/world.ts";
import { InProcessEventBus } from "./events.ts";
import { type CachedSession, SessionCache } from "./session-cache.ts";

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function sessionOf(userId: string, sessionId = `s-${userId}`): CachedSession {
  return {
    sessionId,
    userId,
    createdAt: new Date(),
    lastActiveAt: new Date(),
    expiresAt: new Date(Date.now() + 3_600_000),
    actor: { userId, memberships: [], currentDeptId: null },
  };
}

describe("SessionCache", () => {
  function cache(ttlMs = 5_000, maxEntries?: number) {
    let now = 0;
    const bus = new InProcessEventBus();
    const c = new SessionCache(bus, { ttlMs, now: () => now, ...(maxEntries ? { maxEntries } : {}) });
    const loads: string[] = [];
    const read = (token: string, userId = token) =>
      c.read(token, async () => {
        loads.push(token);
        return sessionOf(userId);
      });
    return { c, bus, loads, read, advance: (ms: number) => (now += ms) };
  }

  it("answers from memory while fresh, then reads again", async () => {
    const { loads, read, advance } = cache();
    await read("a");
    await read("a");
    advance(4_999);
    await read("a");
    expect(loads).toEqual(["a"]);
    advance(2);
    await read("a");
    expect(loads).toEqual(["a", "a"]);
  });

  it("stores nothing with a time of 0, nor a missing session", async () => {
    const { c, loads, read } = cache(0);
    await read("a");
    await read("a");
    expect(loads).toEqual(["a", "a"]);
    expect(await c.read("b", async () => null)).toBeNull();
    expect(c.size).toBe(0);
  });

  it("never answers an expired session from memory", async () => {
    const { c } = cache();
    const expired = { ...sessionOf("u"), expiresAt: new Date(Date.now() - 1) };
    await c.read("t", async () => expired);
    let loaded = false;
    await c.read("t", async () => {
      loaded = true;
      return null;
    });
    expect(loaded).toBe(true);
  });

  it("forgets a session on `session.ended` and a person's sessions on `session.changed`", async () => {
    const { bus, loads, read } = cache();
    await read("t1", "u1");
    await read("t2", "u1");
    await read("t3", "u2");
    await bus.publish("session:s-u1", "session.ended");
    await bus.publish(topics.user("u2"), "user.changed", { userId: "u2" });
    await settle();
    await read("t1", "u1");
    await read("t3", "u2");
    expect(loads).toEqual(["t1", "t2", "t3", "t1"]);
    await bus.publish(topics.user("u1"), "session.changed");
    await settle();
    await read("t2", "u1");
    expect(loads.at(-1)).toBe("t2");
  });

  it("does not store a read that began before an invalidation", async () => {
    const { c, loads, read } = cache();
    await c.read("t", async () => {
      await settle();
      c.forgetUser("someone");
      return sessionOf("u");
    });
    await read("t", "u");
    expect(loads).toEqual(["t"]);
  });

  it("keeps at most maxEntries, dropping the oldest and its listeners", async () => {
    const { c, bus, loads, read } = cache(5_000, 2);
    await read("a");
    await read("b");
    await read("c");
    expect(c.size).toBe(2);
    await read("a");
    expect(loads).toEqual(["a", "b", "c", "a"]);
    // "b" went when "a" came back; its listener went with it
    await bus.publish(topics.user("b"), "session.changed");
    await settle();
    expect(c.size).toBe(2);
  });
});

describe("sessions held in memory, in the app", () => {
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    t = await createTestApp();
    w = await twoDepartments(t);
  });
  afterAll(() => t.close());

  it("holds a session in memory: a row deleted behind the app's back still answers within the time", async () => {
    const p = await makeStaff(t, { role: "staff", dept: w.a, active: true });
    const c = await signedInClient(t, p.userId);
    expect((await c.get("/api/departments")).statusCode).toBe(200);
    await t.ctx.db.delete(session).where(eq(session.userId, p.userId));
    expect((await c.get("/api/departments")).statusCode).toBe(200);
    t.ctx.sessions.forgetAll();
    expect((await c.get("/api/departments")).statusCode).toBe(401);
  });

  it("ends a signed-out session at once", async () => {
    const p = await makeStaff(t, { role: "staff", dept: w.a, active: true });
    const c = await signedInClient(t, p.userId);
    const cookie = c.cookieHeader();
    expect((await c.get("/api/departments")).statusCode).toBe(200);
    expect((await c.post("/api/auth/sign-out")).statusCode).toBe(200);
    const again = await t.app.inject({ method: "GET", url: "/api/departments", headers: { cookie } });
    expect(again.statusCode).toBe(401);
  });

  it("sees a new role at once", async () => {
    const p = await makeStaff(t, { role: "staff", dept: w.a, active: true });
    const c = await signedInClient(t, p.userId);
    expect((await c.get("/api/admin/users")).statusCode).toBe(403);
    const res = await w.as.admin.request("PATCH", `/api/admin/users/${p.userId}`, {
      firstName: "Ny",
      lastName: "Leder",
      phone: null,
      memberships: [{ deptId: w.a, role: "leader", isActive: true }],
    });
    expect(res.statusCode).toBe(200);
    expect((await c.get("/api/admin/users")).statusCode).toBe(200);
  });

  it("ends every session of a person whose password was reset", async () => {
    const p = await makeStaff(t, { role: "staff", dept: w.a, active: true });
    const c = await signedInClient(t, p.userId);
    expect((await c.get("/api/departments")).statusCode).toBe(200);
    const other = t.client();
    expect((await other.post("/api/auth/password-reset", { email: p.email })).statusCode).toBe(200);
    const token = await tokenFromMail(t, p.email, "/auth/reset");
    const reset = await other.post("/api/auth/password-reset/confirm", {
      token,
      password: "nytt-passord-123",
      confirmPassword: "nytt-passord-123",
    });
    expect(reset.statusCode).toBe(200);
    expect((await c.get("/api/departments")).statusCode).toBe(401);
  });

  it("reads again when the time is up: a deactivation made in SQL ends the session", async () => {
    const quick = await createTestApp({ READ_CACHE_SECONDS: "1" });
    try {
      const dept = await makeDepartment(quick);
      const p = await makeStaff(quick, { role: "staff", dept: dept.id, active: true });
      const c = await signedInClient(quick, p.userId);
      expect((await c.get("/api/departments")).statusCode).toBe(200);
      await quick.ctx.db.update(staff).set({ isActive: false }).where(eq(staff.userId, p.userId));
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect((await c.get("/api/departments")).statusCode).toBe(401);
    } finally {
      await quick.close();
    }
  });
});
