import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { departments, staff, user } from "../../db/schema.ts";
import { createTestApp, type TestApp, tokenFromMail } from "../../test/harness.ts";

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
    await c.post("/api/auth/confirm", { token: await tokenFromMail(t, email, "/auth/confirm") });
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

  it("makes a new user staff of the chosen department; a repeat is 'existing'", async () => {
    const c = await newUser("mona@sykehus.no");
    expect((await c.session()).needsDepartment).toBe(true);
    const first = await c.post("/api/me/departments", { deptId: ids.Intensiv });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ status: "created" });
    const again = await c.post("/api/me/departments", { deptId: ids.Intensiv });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: "existing" });
    const s = await c.session();
    expect(s.needsDepartment).toBe(false);
    expect(s.role).toBe("staff");
    expect(s.currentDeptId).toBe(ids.Intensiv);
    const [u] = await t.ctx.db.select().from(user).where(eq(user.email, "mona@sykehus.no"));
    expect(await t.ctx.db.select().from(staff).where(eq(staff.userId, u!.id))).toHaveLength(1);
  });

  it("answers 404 for an unknown department and 400 for a malformed id", async () => {
    const c = t.client();
    await c.signIn("kari@demo.no");
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
    await c.post("/api/me/departments", { deptId: ids.Akuttmottak });
    let s = await c.session();
    expect(s.currentDeptId).toBe(ids.Akuttmottak);
    expect(s.role).toBe("staff");
    expect(s.badgeRole).toBe("leader");
    expect((await c.put("/api/me/current-department", { deptId: ids.Anestesi })).statusCode).toBe(200);
    s = await c.session();
    expect(s.role).toBe("leader");
    expect(s.abilities.viewAdmin).toBe(true);
  });

  it("makes an admin admin in every department", async () => {
    const c = t.client();
    await c.signIn("admin@demo.no");
    await c.post("/api/me/departments", { deptId: ids.Intensiv });
    const s = await c.session();
    expect(s.currentDeptId).toBe(ids.Intensiv);
    expect(s.role).toBe("admin");
  });
});
