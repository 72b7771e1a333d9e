/** The last active admin stays, also when two admins act at the same moment. */
import { and, countDistinct, eq, notInArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staff } from "../../db/schema.ts";
import { makeDepartment, makeStaff, signedInClient } from "../../test/factories.ts";
import { createTestApp, type TestApp } from "../../test/harness.ts";
import { editUser } from "./service.ts";

describe("the last active admin", () => {
  let t: TestApp;
  let dept: string;
  beforeAll(async () => {
    // No demo data: these are the installation's only admins.
    t = await createTestApp({}, { seed: false });
    dept = (await makeDepartment(t)).id;
  });
  afterAll(() => t.close());

  const activeAdmins = async () =>
    (
      await t.ctx.db
        .select({ n: countDistinct(staff.userId) })
        .from(staff)
        .where(and(eq(staff.role, "admin"), eq(staff.isActive, true)))
    )[0]!.n;
  const demote = () => ({
    firstName: "Admin",
    lastName: "Person",
    phone: null,
    memberships: [{ deptId: dept, role: "staff" as const, isActive: true }],
  });

  it("two admins demoting each other at once leave one admin", async () => {
    const [x, y] = await Promise.all([1, 2].map(() => makeStaff(t, { role: "admin", dept, active: true })));
    const [cx, cy] = await Promise.all([signedInClient(t, x!.userId), signedInClient(t, y!.userId)]);
    const answers = await Promise.all([
      cx.request("PATCH", `/api/admin/users/${y!.userId}`, demote()),
      cy.request("PATCH", `/api/admin/users/${x!.userId}`, demote()),
    ]);
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes[0]).toBe(200);
    // The second either waited for the first and found no admin left (409), or was no
    // longer an admin when it asked (403).
    expect([403, 409]).toContain(codes[1]);
    expect(await activeAdmins()).toBe(1);

    const last = answers[0]!.statusCode === 200 ? x! : y!;
    const c = last === x ? cx : cy;
    const self = await c.request("PATCH", `/api/admin/users/${last.userId}`, demote());
    expect(self.statusCode).toBe(409);
    expect(self.json().error).toEqual({
      code: "last_admin",
      message: "Det må finnes minst én aktiv administrator.",
    });
  });

  it("two admins demoting each other in the same instant: the second one waits, then is refused", async () => {
    const [x, y] = await Promise.all([1, 2].map(() => makeStaff(t, { role: "admin", dept, active: true })));
    await t.ctx.db
      .update(staff)
      .set({ isActive: false })
      .where(and(eq(staff.role, "admin"), notInArray(staff.userId, [x!.userId, y!.userId])));
    // Past the policies (both are admins when they ask), straight into the services.
    const results = await Promise.allSettled([
      editUser(t.ctx, x!, y!.userId, demote()),
      editUser(t.ctx, y!, x!.userId, demote()),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: { code: "last_admin" } });
    expect(await activeAdmins()).toBe(1);
  });

  it("cannot be deactivated, nor deactivate themself", async () => {
    const [last] = await t.ctx.db
      .select()
      .from(staff)
      .where(and(eq(staff.role, "admin"), eq(staff.isActive, true)));
    const c = await signedInClient(t, last!.userId);
    const off = { ...demote(), memberships: [{ deptId: dept, role: "admin", isActive: false }] };
    const res = await c.request("PATCH", `/api/admin/users/${last!.userId}`, off);
    expect(res.statusCode).toBe(409);
    expect((await c.post(`/api/admin/users/${last!.userId}/activation`, { active: false })).statusCode).toBe(
      403,
    );
    expect(await activeAdmins()).toBe(1);
  });
});
