import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, rateLimits } from "../db/schema.ts";
import { makeDepartment, makeStaff, signedInClient } from "./factories.ts";
import { createTestApp, type TestApp } from "./harness.ts";

const rows = async (t: TestApp, table: typeof mailOutbox | typeof rateLimits) =>
  (await t.ctx.db.select({ n: count() }).from(table))[0]!.n;

describe.each([
  ["staging", {}],
  ["production", { APP_ENV: "production" }],
])("test factories (%s)", (_, env) => {
  let t: TestApp;
  beforeAll(async () => {
    // No demo data: the factories alone make the people a test needs.
    t = await createTestApp(env, { seed: false });
  });
  afterAll(() => t.close());

  it("sign in a new leader of a new department, who works there", async () => {
    const dept = await makeDepartment(t, "Barneavdelingen");
    const leader = await makeStaff(t, { role: "leader", dept: dept.id, active: true, name: "Nina Lund" });
    const c = await signedInClient(t, leader.userId);

    const s = await c.session();
    expect(s.user).toMatchObject({ id: leader.userId, email: leader.email, fullName: "Nina Lund" });
    expect(s.currentDeptId).toBe(dept.id);
    expect(s.role).toBe("leader");
    expect(s.memberships).toEqual([
      { deptId: dept.id, deptName: "Barneavdelingen", role: "leader", isActive: true },
    ]);
    expect((await c.get("/api/departments")).statusCode).toBe(200);
  });

  it("give an inactive person a session that every request refuses with 401", async () => {
    const dept = await makeDepartment(t);
    const gone = await makeStaff(t, { role: "staff", dept: dept.id, active: false });
    const c = await signedInClient(t, gone.userId);

    const res = await c.get("/api/departments");
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe("user_deactivated");
    expect(await c.session()).toBeNull();
  });

  it("mail nobody and leave the sign-in rate limits alone", async () => {
    const dept = await makeDepartment(t);
    for (const role of ["admin", "leader", "staff"] as const) {
      const person = await makeStaff(t, { role, dept: dept.id, active: true });
      expect(await (await signedInClient(t, person.userId)).session()).not.toBeNull();
    }
    await t.ctx.background.settled();
    expect(await rows(t, mailOutbox)).toBe(0);
    expect(await rows(t, rateLimits)).toBe(0);
  });
});
