import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { topics } from "../../../common/schemas/realtime.ts";
import { departments, session, staff, user } from "../../db/schema.ts";
import { type Client, createTestApp, type TestApp, tokenFromMail } from "../../test/harness.ts";

describe("departments and ensure_staff", () => {
  let t: TestApp;
  let ids: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    ids = Object.fromEntries((await t.ctx.db.select().from(departments)).map((d) => [d.name, d.id]));
  });
  afterAll(() => t.close());

  async function newUser(email: string) {
    const c = t.client();
    await c.post("/api/auth/register", {
      fullName: "Mona Ny",
      email,
      password: "hemmelig",
      confirmPassword: "hemmelig",
    });
    await c.post("/api/auth/confirm", {
      token: await tokenFromMail(t, email, "/auth/confirm"),
      password: "hemmelig",
    });
    return c;
  }

  it("lists departments by name for a signed-in person", async () => {
    const c = t.client();
    await c.signIn("kari@demo.no");
    const res = await c.get("/api/departments");
    expect(res.json().departments.map((d: { name: string }) => d.name)).toEqual([
      "Akuttmottak",
      "Anestesi",
      "Intensiv",
    ]);
  });

  it("makes a new user staff of the chosen department, once", async () => {
    const c = await newUser("mona@sykehus.no");
    expect((await c.session()).needsDepartment).toBe(true);
    const first = await c.post("/api/me/departments", { deptId: ids.Intensiv });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ status: "created" });
    // 'Velg din avdeling' is for people without any staff record: not again, not elsewhere.
    for (const deptId of [ids.Intensiv, ids.Anestesi]) {
      const again = await c.post("/api/me/departments", { deptId });
      expect(again.statusCode).toBe(403);
      expect(again.json().error.code).toBe("department_join_refused");
    }
    const s = await c.session();
    expect(s.needsDepartment).toBe(false);
    expect(s.role).toBe("staff");
    expect(s.currentDeptId).toBe(ids.Intensiv);
    const [u] = await t.ctx.db.select().from(user).where(eq(user.email, "mona@sykehus.no"));
    expect(await t.ctx.db.select().from(staff).where(eq(staff.userId, u!.id))).toHaveLength(1);
  });

  it("makes one record of two joins at once (a double submit, two tabs)", async () => {
    const c = await newUser("rask@sykehus.no");
    const answers = await Promise.all([
      c.post("/api/me/departments", { deptId: ids.Akuttmottak }),
      c.post("/api/me/departments", { deptId: ids.Intensiv }),
    ]);
    // The second is either refused by the policy (it saw the first's record) or by the
    // locked re-check inside the transaction; never a second record.
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 403]);
    const [u] = await t.ctx.db.select().from(user).where(eq(user.email, "rask@sykehus.no"));
    expect(await t.ctx.db.select().from(staff).where(eq(staff.userId, u!.id))).toHaveLength(1);
  });

  it("lets nobody with a staff record join another department", async () => {
    // Staff of Intensiv, a leader and an admin of Anestesi: all refused, nothing written.
    for (const email of ["intensiv@demo.no", "leder@demo.no", "admin@demo.no"]) {
      const c = t.client();
      await c.signIn(email);
      const before = await c.session();
      const res = await c.post("/api/me/departments", { deptId: ids.Akuttmottak });
      expect(res.statusCode, email).toBe(403);
      expect((await c.session()).memberships).toEqual(before.memberships);
    }
  });

  it("answers 404 for an unknown department and 400 for a malformed id", async () => {
    const c = await newUser("ukjent@sykehus.no");
    const unknown = await c.post("/api/me/departments", { deptId: "00000000-0000-4000-8000-000000000000" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe("department_not_found");
    expect((await c.post("/api/me/departments", { deptId: "abc" })).statusCode).toBe(400);
  });

  it("switches the current department only to one with an active record", async () => {
    const c = t.client();
    await c.signIn("leder@demo.no");
    const refused = await c.put("/api/me/current-department", { deptId: ids.Akuttmottak });
    expect(refused.statusCode).toBe(403);
    // An admin's placement (user administration) gives the leader a second department.
    const [lars] = await t.ctx.db.select().from(user).where(eq(user.email, "leder@demo.no"));
    await t.ctx.db.insert(staff).values({ userId: lars!.id, deptId: ids.Akuttmottak!, role: "staff" });
    // Written here in SQL; the administration's own change says so on the bus.
    t.ctx.sessions.forgetUser(lars!.id);
    expect((await c.put("/api/me/current-department", { deptId: ids.Akuttmottak })).statusCode).toBe(200);
    let s = await c.session();
    expect(s.currentDeptId).toBe(ids.Akuttmottak);
    expect(s.role).toBe("staff");
    expect(s.badgeRole).toBe("leader");
    expect((await c.put("/api/me/current-department", { deptId: ids.Anestesi })).statusCode).toBe(200);
    s = await c.session();
    expect(s.role).toBe("leader");
    expect(s.abilities.viewAdmin).toBe(true);
  });

  /** Listens on the person's topic the way a tab does: on each event it refetches the session. */
  function refetchOnEvent(c: Client, userId: string) {
    const seen: Promise<{ type: string; currentDeptId: string | null }>[] = [];
    const stop = t.ctx.bus.subscribe(topics.user(userId), (e) => {
      seen.push(c.session().then((s) => ({ type: e.type, currentDeptId: s.currentDeptId })));
    });
    return {
      async seen() {
        await new Promise((resolve) => setTimeout(resolve, 30));
        stop();
        return Promise.all(seen);
      },
    };
  }

  it("tells every tab of the person once a switch is committed, and nothing on a refusal", async () => {
    // Sofie works in Anestesi and Akuttmottak (demo data), not in Intensiv.
    const c = t.client();
    await c.signIn("sekretaer@demo.no");
    const [sofie] = await t.ctx.db.select().from(user).where(eq(user.email, "sekretaer@demo.no"));
    const tab = refetchOnEvent(c, sofie!.id);
    expect((await c.put("/api/me/current-department", { deptId: ids.Akuttmottak })).statusCode).toBe(200);
    expect((await c.put("/api/me/current-department", { deptId: ids.Intensiv })).statusCode).toBe(403);
    expect(await tab.seen()).toEqual([{ type: "session.changed", currentDeptId: ids.Akuttmottak }]);
  });

  it("tells the newcomer's tabs once joining made them staff", async () => {
    const c = await newUser("fane@sykehus.no");
    const [u] = await t.ctx.db.select().from(user).where(eq(user.email, "fane@sykehus.no"));
    const tab = refetchOnEvent(c, u!.id);
    expect((await c.post("/api/me/departments", { deptId: ids.Intensiv })).statusCode).toBe(201);
    expect((await c.post("/api/me/departments", { deptId: ids.Intensiv })).statusCode).toBe(403);
    expect(await tab.seen()).toEqual([{ type: "session.changed", currentDeptId: ids.Intensiv }]);
  });

  it("makes an admin admin in every department", async () => {
    const c = t.client();
    await c.signIn("admin@demo.no");
    const [ingrid] = await t.ctx.db.select().from(user).where(eq(user.email, "admin@demo.no"));
    await t.ctx.db.insert(staff).values({ userId: ingrid!.id, deptId: ids.Intensiv!, role: "staff" });
    await c.put("/api/me/current-department", { deptId: ids.Intensiv });
    const s = await c.session();
    expect(s.currentDeptId).toBe(ids.Intensiv);
    expect(s.role).toBe("admin");
  });
});

describe("deactivated people", () => {
  let t: TestApp;
  let ids: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    ids = Object.fromEntries((await t.ctx.db.select().from(departments)).map((d) => [d.name, d.id]));
  });
  afterAll(() => t.close());

  const deactivate = async (email: string) => {
    const [u] = await t.ctx.db.select().from(user).where(eq(user.email, email));
    await t.ctx.db.update(staff).set({ isActive: false }).where(eq(staff.userId, u!.id));
    return u!.id;
  };

  it("lose every session the moment they are deactivated", async () => {
    const phone = t.client();
    const ward = t.client();
    await phone.signIn("ola@demo.no");
    await ward.signIn("ola@demo.no");
    const olaId = await deactivate("ola@demo.no");
    expect(await t.ctx.db.select().from(session).where(eq(session.userId, olaId))).toHaveLength(0);
    for (const c of [phone, ward]) {
      expect((await c.get("/api/departments")).statusCode).toBe(401);
      expect(await c.session()).toBeNull();
    }
  });

  it("are signed out at their next request even if a session row survived", async () => {
    const c = t.client();
    await c.signIn("kari@demo.no");
    const [kari] = await t.ctx.db.select().from(user).where(eq(user.email, "kari@demo.no"));
    // Deactivate without the trigger's help (as a bulk import or a restore might).
    await t.ctx.db.execute(sql`alter table staff disable trigger staff_deactivation_ends_sessions`);
    await t.ctx.db.update(staff).set({ isActive: false }).where(eq(staff.userId, kari!.id));
    await t.ctx.db.execute(sql`alter table staff enable trigger staff_deactivation_ends_sessions`);
    expect(await t.ctx.db.select().from(session).where(eq(session.userId, kari!.id))).toHaveLength(1);

    const res = await c.post("/api/me/departments", { deptId: ids.Akuttmottak });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe("user_deactivated");
    expect(await t.ctx.db.select().from(staff).where(eq(staff.userId, kari!.id))).toHaveLength(1);
    expect(await t.ctx.db.select().from(session).where(eq(session.userId, kari!.id))).toHaveLength(0);
  });

  it("keep their sessions while one record is still active", async () => {
    const c = t.client();
    await c.signIn("leder@demo.no");
    const [lars] = await t.ctx.db.select().from(user).where(eq(user.email, "leder@demo.no"));
    await t.ctx.db.insert(staff).values({ userId: lars!.id, deptId: ids.Intensiv!, role: "staff" });
    await t.ctx.db
      .update(staff)
      .set({ isActive: false })
      .where(and(eq(staff.userId, lars!.id), eq(staff.deptId, ids.Intensiv!)));
    expect((await c.get("/api/departments")).statusCode).toBe(200);
  });
});
