import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAuditLog, departments } from "../../db/schema.ts";
import { createTestApp, type TestApp } from "../../test/harness.ts";
import { twoDepartments, type World } from "../../test/world.ts";

describe("'Legg til ny bruker' with an address that already has an account", () => {
  let t: TestApp;
  let w: World;
  let kariEmail: string;
  beforeAll(async () => {
    t = await createTestApp();
    w = await twoDepartments(t);
    kariEmail = (await w.as.admin.get(`/api/admin/users/${w.ids.kari}`)).json().email;
  });
  afterAll(() => t.close());

  const preview = "/api/admin/users/preview";
  const input = (email: string, over: Record<string, unknown> = {}) => ({
    firstName: "Kari",
    lastName: "Ny",
    email,
    deptId: w.b,
    phone: "+47 411 11 111",
    role: "leader",
    ...over,
  });
  const auditRows = (targetId: string) =>
    t.ctx.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetType, "user"), eq(adminAuditLog.targetId, targetId)));

  it("shows an admin what would change of the person, and changes nothing", async () => {
    const res = await w.as.admin.post(preview, input(kariEmail));
    expect(res.statusCode, res.body).toBe(200);
    const [b] = await t.ctx.db.select().from(departments).where(eq(departments.id, w.b));
    expect(res.json()).toEqual({
      existing: {
        fullName: w.names.kari,
        changes: [
          { field: "name", from: w.names.kari, to: "Kari Ny" },
          { field: "phone", from: null, to: "+47 411 11 111" },
          { field: "record", deptName: b!.name, from: null, to: "leader" },
        ],
      },
    });
    const same = await w.as.admin.post(preview, input(kariEmail, { deptId: w.a, role: "staff" }));
    const { firstName, lastName } = (await w.as.admin.get(`/api/admin/users/${w.ids.kari}`)).json();
    const unchanged = await w.as.admin.post(
      preview,
      input(kariEmail, { firstName, lastName, deptId: w.a, role: "leader", phone: undefined }),
    );
    expect(same.json().existing.changes).toContainEqual(expect.objectContaining({ field: "name" }));
    expect(unchanged.json().existing.changes).toEqual([
      {
        field: "record",
        deptName: expect.any(String),
        from: { role: "staff", isActive: true },
        to: "leader",
      },
    ]);
    expect((await w.as.admin.get(`/api/admin/users/${w.ids.kari}`)).json()).toMatchObject({
      fullName: w.names.kari,
      phone: null,
      memberships: [expect.objectContaining({ deptId: w.a, role: "staff" })],
    });
  });

  it("answers no one for an address without an account", async () => {
    const res = await w.as.admin.post(preview, input("ingen.slik@sykehus.no"));
    expect(res.json()).toEqual({ existing: null });
  });

  it("tells nobody but admins whether an address has an account (403 either way, 401 signed out)", async () => {
    for (const who of ["leader", "kari", "leaderB", "per"] as const) {
      for (const email of [kariEmail, "ingen.slik@sykehus.no"]) {
        const res = await w.as[who].post(
          preview,
          input(email, { deptId: who === "leaderB" || who === "per" ? w.b : w.a }),
        );
        expect([who, res.statusCode, res.json().error.code]).toEqual([who, 403, "user_admin_only"]);
      }
    }
    expect((await t.client().post(preview, input(kariEmail))).statusCode).toBe(401);
  });

  it("records the update of an existing person apart from a creation, with what changed and no personal data", async () => {
    const res = await w.as.admin.post("/api/admin/users", input(kariEmail));
    expect(res.json().created).toBe(false);
    const rows = await auditRows(w.ids.kari);
    expect(rows.map((r) => r.action)).toEqual(["user.edit"]);
    expect(rows[0]!.details).toEqual({
      via: "create",
      deptId: w.b,
      role: "leader",
      changed: ["name", "phone", "record"],
    });
    // The phone number whole: a uuid in the details may hold its digits.
    expect(JSON.stringify(rows[0]!.details)).not.toMatch(/Kari|@|411 11 111/);
  });
});
