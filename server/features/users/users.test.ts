import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { closeSessionEnded } from "../../../common/schemas/realtime.ts";
import { adminAuditLog, profiles, staff, user } from "../../db/schema.ts";
import { makeStaff, signedInClient } from "../../test/factories.ts";
import { type Client, createTestApp, type TestApp, tokenFromMail } from "../../test/harness.ts";
import { twoDepartments, type World } from "../../test/world.ts";

const patch = (c: Client, url: string, body: unknown) => c.request("PATCH", url, body);
const del = (c: Client, url: string) => c.request("DELETE", url);
const fresh = () => `${Math.random().toString(36).slice(2, 8)}`;

describe("user administration", () => {
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    t = await createTestApp();
    w = await twoDepartments(t);
  });
  afterAll(() => t.close());

  const auditCount = async (action: string, targetId: string) =>
    (
      await t.ctx.db
        .select()
        .from(adminAuditLog)
        .where(and(eq(adminAuditLog.action, action), eq(adminAuditLog.targetId, targetId)))
    ).length;

  it("refuses staff on every admin endpoint with 403", async () => {
    const kari = w.as.kari;
    const u = `/api/admin/users/${w.ids.ola}`;
    const edit = {
      firstName: "A",
      lastName: "B",
      phone: null,
      memberships: [{ deptId: w.a, role: "staff", isActive: true }],
    };
    const answers = await Promise.all([
      kari.get("/api/admin/users"),
      kari.get(`/api/admin/users?deptId=${w.a}`),
      kari.post("/api/admin/users", { firstName: "A", lastName: "B", email: "a.b@sykehus.no", deptId: w.a }),
      kari.get(u),
      kari.get(`/api/admin/users/${w.ids.kari}`),
      patch(kari, u, edit),
      kari.post(`${u}/activation`, { active: false, deptId: w.a }),
      del(kari, u),
      kari.get("/api/admin/audit"),
      kari.post("/api/admin/departments", { name: `Avd ${fresh()}` }),
      patch(kari, `/api/admin/departments/${w.a}`, { name: `Avd ${fresh()}` }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 403));
  });

  it("lists everyone for admins, sorted admin, leader, staff, then name; leaders see their department", async () => {
    const all = (await w.as.admin.get("/api/admin/users")).json().users as {
      userId: string;
      memberships: { role: string }[];
    }[];
    expect(all.map((u) => u.userId)).toEqual(expect.arrayContaining(Object.values(w.ids)));
    const ranks = all.map((u) =>
      Math.min(...u.memberships.map((m) => ["admin", "leader", "staff"].indexOf(m.role))),
    );
    expect(ranks).toEqual([...ranks].sort((x, y) => x - y));

    const mine = (await w.as.leader.get("/api/admin/users")).json().users as {
      userId: string;
      can: object;
    }[];
    expect(mine.map((u) => u.userId).sort()).toEqual(
      [w.ids.admin, w.ids.leader, w.ids.kari, w.ids.ola, w.ids.lise].sort(),
    );
    expect(mine.find((u) => u.userId === w.ids.kari)?.can).toEqual({
      edit: false,
      deactivate: true,
      delete: false,
      avatar: false,
    });
    expect((await w.as.leader.get(`/api/admin/users?deptId=${w.b}`)).statusCode).toBe(403);

    const found = (
      await w.as.admin.get(`/api/admin/users?search=${encodeURIComponent(w.names.per.toUpperCase())}`)
    ).json();
    expect(found.users.map((u: { userId: string }) => u.userId)).toEqual([w.ids.per]);
  });

  it("creates a person who can sign in at once by the magic link of the invitation", async () => {
    const email = `ny.${fresh()}@sykehus.no`;
    const res = await w.as.admin.post("/api/admin/users", {
      firstName: "Nina",
      lastName: "Nybegynner",
      email,
      deptId: w.a,
      phone: "+47 900 00 000",
      role: "leader",
    });
    expect(res.statusCode).toBe(201);
    const { user: row, created } = res.json();
    expect(created).toBe(true);
    expect(row).toMatchObject({ email, fullName: "Nina Nybegynner", phone: "+47 900 00 000", active: true });
    expect(row.memberships).toEqual([
      expect.objectContaining({ deptId: w.a, role: "leader", isActive: true }),
    ]);
    expect(await auditCount("user.create", row.userId)).toBe(1);

    const token = await tokenFromMail(t, email, "/auth/magic");
    const c = t.client();
    expect((await c.post("/api/auth/magic-link/verify", { token })).statusCode).toBe(200);
    const s = await c.session();
    expect(s.user.email).toBe(email);
    expect(s.abilities.viewAdmin).toBe(true);

    // Again with the same address: the person is updated, not made twice.
    const again = await w.as.admin.post("/api/admin/users", {
      firstName: "Nina",
      lastName: "Nyland",
      email,
      deptId: w.b,
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().created).toBe(false);
    expect(again.json().user.fullName).toBe("Nina Nyland");
    expect(again.json().user.memberships).toHaveLength(2);
  });

  it("confirming an unconfirmed registration drops the password whoever registered chose", async () => {
    const email = `fremmed.${fresh()}@sykehus.no`;
    const password = "Hemmelig-passord-123";
    const reg = await t
      .client()
      .post("/api/auth/register", { fullName: "Fremmed Person", email, password, confirmPassword: password });
    expect(reg.statusCode).toBe(201);
    const res = await w.as.admin.post("/api/admin/users", {
      firstName: "Eier",
      lastName: "Person",
      email,
      deptId: w.a,
    });
    expect(res.json().created).toBe(false);
    expect((await t.client().post("/api/auth/sign-in", { email, password })).statusCode).toBe(401);
  });

  it("refuses an address outside ALLOWED_EMAIL_DOMAINS with the sign-in's code", async () => {
    const strict = await createTestApp({ ALLOWED_EMAIL_DOMAINS: "sykehus.no" });
    try {
      const dept = (await strict.ctx.db.select().from(staff).limit(1))[0]!.deptId;
      const admin = await makeStaff(strict, { role: "admin", dept, active: true });
      const res = await (await signedInClient(strict, admin.userId)).post("/api/admin/users", {
        firstName: "Ute",
        lastName: "Fra",
        email: "ute@gmail.com",
        deptId: dept,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().error.code).toBe("email_domain_not_allowed");
    } finally {
      await strict.close();
    }
  });

  it("edits names (one source: profile, full name and account name follow), phone and records", async () => {
    const res = await patch(w.as.admin, `/api/admin/users/${w.ids.lise}`, {
      firstName: "Lise Marie",
      lastName: "Lund",
      phone: "12345678",
      memberships: [
        { deptId: w.a, role: "leader", isActive: true },
        { deptId: w.b, role: "staff", isActive: true },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ fullName: "Lise Marie Lund", phone: "12345678" });
    const [u] = await t.ctx.db.select({ name: user.name }).from(user).where(eq(user.id, w.ids.lise));
    expect(u!.name).toBe("Lise Marie Lund");
    // Whoever writes the profile, the copies follow.
    await t.ctx.db.update(profiles).set({ lastName: "Berg" }).where(eq(profiles.userId, w.ids.lise));
    const [p] = await t.ctx.db
      .select({ full: profiles.fullName, name: user.name })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.userId))
      .where(eq(profiles.userId, w.ids.lise));
    expect(p).toEqual({ full: "Lise Marie Berg", name: "Lise Marie Berg" });
    expect(await auditCount("user.edit", w.ids.lise)).toBe(1);
  });

  it("lets a leader deactivate staff of their department, not change roles nor delete", async () => {
    const leader = w.as.leader;
    expect(
      (
        await patch(leader, `/api/admin/users/${w.ids.ola}`, {
          firstName: "Ola",
          lastName: "X",
          phone: null,
          memberships: [{ deptId: w.a, role: "leader", isActive: true }],
        })
      ).statusCode,
    ).toBe(403);
    expect((await del(leader, `/api/admin/users/${w.ids.ola}`)).statusCode).toBe(403);
    expect(
      (await leader.post(`/api/admin/users/${w.ids.admin}/activation`, { active: false, deptId: w.a }))
        .statusCode,
    ).toBe(403);
    expect(
      (await leader.post(`/api/admin/users/${w.ids.per}/activation`, { active: false, deptId: w.b }))
        .statusCode,
    ).toBe(403);

    const off = await leader.post(`/api/admin/users/${w.ids.ola}/activation`, { active: false, deptId: w.a });
    expect(off.statusCode).toBe(200);
    expect(off.json().active).toBe(false);
    const on = await leader.post(`/api/admin/users/${w.ids.ola}/activation`, { active: true, deptId: w.a });
    expect(on.json().active).toBe(true);
    expect(await auditCount("user.deactivate", w.ids.ola)).toBe(2);
  });

  it("ends a deactivated person's sessions at once: the next request is 401, the socket closes", async () => {
    const victim = await makeStaff(t, { role: "staff", dept: w.a, active: true });
    const c = await signedInClient(t, victim.userId);
    expect((await c.get("/api/auth/session")).json().session).not.toBeNull();
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const ws = new WebSocket(`${address.replace("http", "ws")}/api/realtime`, {
      headers: c.browserHeaders(),
    });
    const closed = new Promise<number>((resolve) => ws.on("close", (code) => resolve(code)));
    await new Promise((resolve, reject) => {
      ws.on("open", resolve);
      ws.on("error", reject);
    });
    const res = await w.as.leader.post(`/api/admin/users/${victim.userId}/activation`, {
      active: false,
      deptId: w.a,
    });
    expect(res.statusCode).toBe(200);
    expect(await closed).toBe(closeSessionEnded);
    expect((await c.get("/api/departments")).statusCode).toBe(401);
  });

  it("never deletes oneself", async () => {
    const res = await del(w.as.admin, `/api/admin/users/${w.ids.admin}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe("user_delete_self");
  });

  it("creates and renames departments, with unique names", async () => {
    const name = `Avdeling ${fresh()}`;
    const made = await w.as.admin.post("/api/admin/departments", { name });
    expect(made.statusCode).toBe(201);
    expect((await w.as.admin.post("/api/admin/departments", { name })).statusCode).toBe(409);
    const renamed = await patch(w.as.admin, `/api/admin/departments/${made.json().id}`, {
      name: `${name} 2`,
    });
    expect(renamed.json()).toEqual({ id: made.json().id, name: `${name} 2` });
    const taken = await patch(w.as.admin, `/api/admin/departments/${made.json().id}`, { name: "Anestesi" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe("department_name_taken");
    expect(await auditCount("department.create", made.json().id)).toBe(1);
    expect(await auditCount("department.rename", made.json().id)).toBe(1);
  });

  it("pages the audit log newest first, filtered by action", async () => {
    const page = (await w.as.admin.get("/api/admin/audit")).json();
    expect(page.actions).toEqual(
      expect.arrayContaining(["user.create", "user.edit", "user.deactivate", "department.create"]),
    );
    const times = page.entries.map((e: { at: string }) => e.at);
    expect(times).toEqual([...times].sort().reverse());
    const edits = (await w.as.admin.get("/api/admin/audit?action=user.edit")).json();
    expect(edits.entries.every((e: { action: string }) => e.action === "user.edit")).toBe(true);
    expect(edits.entries[0].target).toMatchObject({ type: "user", id: w.ids.lise, name: "Lise Marie Berg" });
  });
});
