import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { colleagueList } from "../../../common/schemas/departments.ts";
import { departments, user } from "../../db/schema.ts";
import { makeDepartment, makeStaff } from "../../test/factories.ts";
import { createTestApp, type TestApp } from "../../test/harness.ts";

describe("colleagues (list_staff_in_department)", () => {
  let t: TestApp;
  let ids: Record<string, string>;
  const staffOf = (deptId: string | undefined) => `/api/departments/${deptId}/staff`;

  beforeAll(async () => {
    t = await createTestApp();
    ids = Object.fromEntries((await t.ctx.db.select().from(departments)).map((d) => [d.name, d.id]));
  });
  afterAll(() => t.close());

  it("lists a department's active staff by name, without the deactivated", async () => {
    await makeStaff(t, { role: "staff", dept: ids.Anestesi!, active: false, name: "Anne Borte" });
    const c = t.client();
    await c.signIn("kari@demo.no");
    const res = await c.get(staffOf(ids.Anestesi));
    expect(res.statusCode).toBe(200);
    const { staff } = colleagueList.parse(res.json());
    expect(staff.map((s) => [s.fullName, s.role])).toEqual([
      ["Ingrid Hansen", "admin"],
      ["Kari Nordmann", "staff"],
      ["Lars Johansen", "leader"],
      ["Ola Nordmann", "staff"],
      ["Sofie Berg", "leader"],
    ]);
    const [kari] = await t.ctx.db.select({ id: user.id }).from(user).where(eq(user.email, "kari@demo.no"));
    expect(staff[1]).toEqual({
      userId: kari!.id,
      fullName: "Kari Nordmann",
      firstName: "Kari",
      lastName: "Nordmann",
      avatarUrl: null,
      role: "staff",
    });
  });

  it("refuses another department with 403: departments are no secret", async () => {
    const per = t.client();
    await per.signIn("intensiv@demo.no");
    const res = await per.get(staffOf(ids.Anestesi));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe("forbidden");
    expect(
      (await per.get(staffOf(ids.Intensiv))).json().staff.map((s: { fullName: string }) => s.fullName),
    ).toEqual(["Per Olsen"]);
  });

  it("lets an admin read any department", async () => {
    const admin = t.client();
    await admin.signIn("admin@demo.no");
    const res = await admin.get(staffOf(ids.Intensiv));
    expect(res.statusCode).toBe(200);
    expect(res.json().staff.map((s: { fullName: string }) => s.fullName)).toEqual(["Per Olsen"]);
    const empty = await makeDepartment(t, "Barneavdelingen");
    expect((await admin.get(staffOf(empty.id))).json()).toEqual({ staff: [] });
  });

  it("answers 404 for an unknown department, 400 for a malformed id, 401 signed out", async () => {
    const admin = t.client();
    await admin.signIn("admin@demo.no");
    const unknown = await admin.get(staffOf(randomUUID()));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe("department_not_found");
    expect((await admin.get(staffOf("abc"))).statusCode).toBe(400);
    expect((await t.client().get(staffOf(ids.Anestesi))).statusCode).toBe(401);
  });
});
