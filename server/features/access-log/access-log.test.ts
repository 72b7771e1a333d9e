/**
 * The access log ('Tilgangslogg', issue 30): each way an admin or leader opens, changes
 * or signs in as another person writes one row (who, whom, what), acting on oneself
 * writes none, the rows hold ids and actions only, rows older than two years go, and
 * the two reads answer whom they should.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AccessAction } from "../../../common/domain/access-log.ts";
import { accessLog, user } from "../../db/schema.ts";
import { makeStaff } from "../../test/factories.ts";
import { createTestApp, type TestApp } from "../../test/harness.ts";
import { twoDepartments, type World } from "../../test/world.ts";

const day = 86_400_000;
let now = new Date();
const clock = { now: () => now };

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp({}, { clock });
  w = await twoDepartments(t);
});
afterAll(() => t.close());
beforeEach(async () => {
  now = new Date();
  await t.ctx.db.delete(accessLog);
});

const rows = () =>
  t.ctx.db
    .select({ actorId: accessLog.actorId, subjectId: accessLog.subjectId, action: accessLog.action })
    .from(accessLog);
const row = (actor: keyof World["ids"], subject: keyof World["ids"], action: AccessAction) => ({
  actorId: w.ids[actor],
  subjectId: w.ids[subject],
  action,
});
const ok = async (res: Promise<{ statusCode: number; body: string }>) => {
  const r = await res;
  expect(r.statusCode, r.body).toBeLessThan(300);
  return r;
};
const idOf = async (email: string) =>
  (await t.ctx.db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]!.id;

describe("what writes a row", () => {
  it("record.view: an admin opens a person; a leader opens a staff member's contract", async () => {
    await ok(w.as.admin.get(`/api/admin/users/${w.ids.kari}`));
    await ok(w.as.leader.get(`/api/departments/${w.a}/staff/${w.ids.ola}/work`));
    expect(await rows()).toEqual([row("admin", "kari", "record.view"), row("leader", "ola", "record.view")]);
  });

  it("record.view: 'Personen finnes allerede' shows what the person's record holds", async () => {
    const [kari] = await t.ctx.db.select().from(user).where(eq(user.id, w.ids.kari));
    await ok(
      w.as.admin.post("/api/admin/users/preview", {
        firstName: "Kari",
        lastName: "Ny",
        email: kari!.email,
        deptId: w.a,
      }),
    );
    expect(await rows()).toEqual([row("admin", "kari", "record.view")]);
  });

  it("record.edit: 'Rediger bruker', deactivation, adding an existing address and the contract", async () => {
    // People of their own: the world's stay as they are for the other tests.
    const [edited, deactivated, readded] = await Promise.all(
      [0, 1, 2].map(() => makeStaff(t, { role: "staff", dept: w.a, active: true })),
    );
    await ok(
      w.as.admin.request("PATCH", `/api/admin/users/${edited!.userId}`, {
        firstName: "Kari",
        lastName: "Endret",
        phone: null,
        memberships: [{ deptId: w.a, role: "leader", isActive: true }],
      }),
    );
    await ok(
      w.as.leader.post(`/api/admin/users/${deactivated!.userId}/activation`, { active: false, deptId: w.a }),
    );
    await ok(
      w.as.admin.post("/api/admin/users", {
        firstName: "Lise",
        lastName: "Ny",
        email: readded!.email,
        deptId: w.b,
      }),
    );
    await ok(
      w.as.leaderB.put(`/api/departments/${w.b}/staff/${w.ids.per}/work`, {
        positionPercent: 60,
        fullTimeHours: 37.5,
        competenceIds: [],
      }),
    );
    const edit = (actorId: string, subjectId: string) => ({ actorId, subjectId, action: "record.edit" });
    expect(await rows()).toEqual(
      expect.arrayContaining([
        edit(w.ids.admin, edited!.userId),
        edit(w.ids.leader, deactivated!.userId),
        edit(w.ids.admin, readded!.userId),
        edit(w.ids.leaderB, w.ids.per),
      ]),
    );
    expect(await rows()).toHaveLength(4);
  });

  it("record.edit: a new person's log says who made the account", async () => {
    const made = await ok(
      w.as.admin.post("/api/admin/users", {
        firstName: "Nina",
        lastName: "Ny",
        email: `nina-${Date.now()}@sykehus.no`,
        deptId: w.a,
      }),
    );
    const nina = JSON.parse(made.body).user.userId as string;
    expect(await rows()).toEqual([{ actorId: w.ids.admin, subjectId: nina, action: "record.edit" }]);
  });

  it("avatar.change: an admin removes someone's picture", async () => {
    await ok(w.as.admin.request("DELETE", `/api/users/${w.ids.per}/avatar`));
    expect(await rows()).toEqual([row("admin", "per", "avatar.change")]);
  });

  it("audit.view: an admin narrows the log to a person, as its subject or as its actor", async () => {
    await ok(w.as.admin.get(`/api/admin/access-log?subject=${w.ids.kari}`));
    await ok(w.as.admin.get(`/api/admin/access-log?actor=${w.ids.leader}`));
    await ok(w.as.admin.get("/api/admin/access-log"));
    const seen = (await rows()).length;
    // The next page of the same look is no new look.
    const [cursor] = await t.ctx.db.select({ id: accessLog.id }).from(accessLog);
    await ok(w.as.admin.get(`/api/admin/access-log?subject=${w.ids.kari}&before=${cursor!.id}`));
    expect(await rows()).toHaveLength(seen);
    expect(await rows()).toEqual(
      expect.arrayContaining([row("admin", "kari", "audit.view"), row("admin", "leader", "audit.view")]),
    );
    expect(await rows()).toHaveLength(2);
    // Someone who does not exist is no one's entry.
    await ok(w.as.admin.get("/api/admin/access-log?subject=00000000-0000-4000-8000-000000000000"));
    expect(await rows()).toHaveLength(2);
  });

  it("demo.signin: switching from one demo account to another, and an admin's sign-in link", async () => {
    const [admin, kari, ola] = await Promise.all(["admin@demo.no", "kari@demo.no", "ola@demo.no"].map(idOf));
    const c = t.client();
    // Signed out, nobody is named: nothing to write.
    await ok(c.post("/api/dev/impersonate", { email: "admin@demo.no" }));
    expect(await rows()).toEqual([]);
    await ok(c.post("/api/dev/impersonate", { email: "kari@demo.no" }));
    await ok(w.as.admin.post("/api/dev/sign-in-link", { email: "ola@demo.no" }));
    expect(await rows()).toEqual([
      { actorId: admin, subjectId: kari, action: "demo.signin" },
      { actorId: w.ids.admin, subjectId: ola, action: "demo.signin" },
    ]);
  });

  it("acting on oneself writes nothing", async () => {
    await ok(w.as.admin.get(`/api/admin/users/${w.ids.admin}`));
    await ok(w.as.admin.request("DELETE", `/api/users/${w.ids.admin}/avatar`));
    await ok(w.as.leader.get(`/api/departments/${w.a}/staff/${w.ids.leader}/work`));
    await ok(w.as.admin.get(`/api/admin/access-log?subject=${w.ids.admin}`));
    await ok(w.as.kari.request("DELETE", `/api/users/${w.ids.kari}/avatar`));
    expect(await rows()).toEqual([]);
  });

  it("a refused request writes nothing", async () => {
    expect((await w.as.leaderB.get(`/api/admin/users/${w.ids.kari}`)).statusCode).toBe(403);
    expect((await w.as.ola.get(`/api/departments/${w.a}/staff/${w.ids.kari}/work`)).statusCode).toBe(403);
    expect(await rows()).toEqual([]);
  });
});

describe("what a row holds", () => {
  it("ids, an action and a time: no message text, no e-mail address", async () => {
    const [kari] = await t.ctx.db.select().from(user).where(eq(user.id, w.ids.kari));
    await ok(w.as.admin.get(`/api/admin/users/${w.ids.kari}`));
    await ok(w.as.admin.request("DELETE", `/api/users/${w.ids.kari}/avatar`));
    const stored = (await t.ctx.db.execute("select * from access_log")) as unknown as {
      rows: Record<string, unknown>[];
    };
    expect(stored.rows).toHaveLength(2);
    for (const r of stored.rows)
      expect(Object.keys(r).sort()).toEqual(["action", "actor_id", "created_at", "id", "subject_id"]);
    const answers = [
      (await w.as.kari.get("/api/profile/access-log")).body,
      (await w.as.admin.get("/api/admin/access-log")).body,
    ].join("\n");
    expect(answers).not.toContain("@");
    expect(answers).not.toContain(kari!.email);
  });
});

/** Rows written straight in: [actor, subject, action, days ago]. */
const write = (entries: (readonly [keyof World["ids"], keyof World["ids"], AccessAction, number])[]) =>
  t.ctx.db.insert(accessLog).values(
    entries.map(([actor, subject, action, daysAgo]) => ({
      actorId: w.ids[actor],
      subjectId: w.ids[subject],
      action,
      createdAt: new Date(Date.now() - daysAgo * day),
    })),
  );

describe("reading the log", () => {
  type Page = { entries: { action: string; actor: { name: string } | null; subject?: { name: string } }[] };

  it("'Min Profil': my rows, newest first, who by name, and one whose account is gone as nobody", async () => {
    const gone = await makeStaff(t, { role: "leader", dept: w.a, active: true });
    await write([
      ["admin", "kari", "record.view", 3],
      ["leader", "kari", "record.edit", 2],
      ["admin", "ola", "record.view", 1],
    ]);
    await t.ctx.db
      .insert(accessLog)
      .values({ actorId: gone.userId, subjectId: w.ids.kari, action: "record.view" });
    await ok(w.as.admin.request("DELETE", `/api/admin/users/${gone.userId}`));
    const page = (await w.as.kari.get("/api/profile/access-log")).json() as Page & { next: string | null };
    expect(page.entries.map((e) => [e.action, e.actor?.name ?? null])).toEqual([
      ["record.view", null],
      ["record.edit", w.names.leader],
      ["record.view", w.names.admin],
    ]);
    expect(page.entries[0]).not.toHaveProperty("subject");
    expect(page.next).toBeNull();
    // Ola's row is his, not Kari's; nobody's log is reached by naming them.
    expect((await w.as.ola.get("/api/profile/access-log")).json().entries).toHaveLength(1);
    expect((await w.as.leader.get("/api/profile/access-log")).json().entries).toEqual([]);
  });

  it("pages by the last row seen, 50 at a time", async () => {
    await write(Array.from({ length: 55 }, (_, i) => ["admin", "kari", "record.view", 60 - i] as const));
    const first = (await w.as.kari.get("/api/profile/access-log")).json();
    expect(first.entries).toHaveLength(50);
    const second = (await w.as.kari.get(`/api/profile/access-log?before=${first.next}`)).json();
    expect(second.entries).toHaveLength(5);
    expect(second.next).toBeNull();
    const ids = [...first.entries, ...second.entries].map((e: { id: string }) => e.id);
    expect(new Set(ids).size).toBe(55);
  });

  it("admins: the whole log, by person, by actor, by action and by Oslo dates", async () => {
    await write([
      ["admin", "kari", "record.view", 10],
      ["leader", "kari", "record.edit", 5],
      ["leader", "ola", "record.view", 1],
    ]);
    const ask = async (query: string) => {
      const page = (await w.as.admin.get(`/api/admin/access-log${query}`)).json() as Page;
      return page.entries.map((e) => `${e.actor?.name} ${e.action} ${e.subject!.name}`);
    };
    const { admin, leader, kari, ola } = w.names;
    expect(await ask("")).toEqual([
      `${leader} record.view ${ola}`,
      `${leader} record.edit ${kari}`,
      `${admin} record.view ${kari}`,
    ]);
    expect(await ask(`?subject=${w.ids.kari}`)).toEqual([
      `${leader} record.edit ${kari}`,
      `${admin} record.view ${kari}`,
    ]);
    expect(await ask(`?actor=${w.ids.leader}&action=record.view`)).toEqual([`${leader} record.view ${ola}`]);
    const date = (daysAgo: number) =>
      new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Oslo" }).format(Date.now() - daysAgo * day);
    expect(await ask(`?from=${date(6)}&to=${date(4)}`)).toEqual([`${leader} record.edit ${kari}`]);
    expect(await ask(`?from=${date(1)}&to=${date(1)}&subject=${w.ids.ola}`)).toEqual([
      `${leader} record.view ${ola}`,
    ]);
    expect((await w.as.admin.get(`/api/admin/access-log?from=${date(1)}&to=${date(6)}`)).statusCode).toBe(
      400,
    );
    expect((await w.as.admin.get("/api/admin/access-log?action=message.read")).statusCode).toBe(400);
  });

  it("the whole log is the admins': 403 to leaders and staff, 401 signed out", async () => {
    expect((await w.as.leader.get("/api/admin/access-log")).statusCode).toBe(403);
    expect((await w.as.kari.get(`/api/admin/access-log?subject=${w.ids.kari}`)).statusCode).toBe(403);
    expect((await t.client().get("/api/admin/access-log")).statusCode).toBe(401);
    expect((await t.client().get("/api/profile/access-log")).statusCode).toBe(401);
    expect(await rows()).toEqual([]);
  });
});

describe("keeping the log two years", () => {
  it("the job deletes rows older than two years by the app's clock, and nothing the second time", async () => {
    await write([
      ["admin", "kari", "record.view", 2 * 365 + 2],
      ["admin", "ola", "record.view", 2 * 365 - 2],
      ["admin", "lise", "record.view", 0],
    ]);
    expect(await t.jobs.runNow("access-log.purge")).toBe("ran");
    expect((await rows()).map((r) => r.subjectId).sort()).toEqual([w.ids.ola, w.ids.lise].sort());
    // A week on, by the injected clock, Ola's row is past two years too.
    now = new Date(Date.now() + 7 * day);
    expect(await t.jobs.runNow("access-log.purge")).toBe("ran");
    expect(await t.jobs.runNow("access-log.purge")).toBe("ran");
    expect((await rows()).map((r) => r.subjectId)).toEqual([w.ids.lise]);
  });
});
