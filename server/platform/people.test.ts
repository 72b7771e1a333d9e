import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staff } from "../db/schema.ts";
import { makeStaff } from "../test/factories.ts";
import { createTestApp, type TestApp } from "../test/harness.ts";
import { twoDepartments, type World } from "../test/world.ts";
import { leadersAndAdminsOf, nameOfUser, personOf } from "./people.ts";

describe("people", () => {
  let t: TestApp;
  let w: World;
  let formerLeader: string;

  beforeAll(async () => {
    t = await createTestApp();
    w = await twoDepartments(t);
    formerLeader = (await makeStaff(t, { role: "leader", dept: w.a, active: false })).userId;
  });
  afterAll(() => t.close());

  it("finds a department's active leaders and every active admin, each once", async () => {
    const found = await leadersAndAdminsOf(t.ctx.db, w.a);
    expect(found).toEqual(expect.arrayContaining([w.ids.admin, w.ids.leader]));
    for (const other of [w.ids.kari, w.ids.leaderB, w.ids.per, formerLeader])
      expect(found).not.toContain(other);
    expect(new Set(found).size).toBe(found.length);
  });

  it("finds the leaders of the departments a query selects", async () => {
    const perDepts = t.ctx.db.select({ deptId: staff.deptId }).from(staff).where(eq(staff.userId, w.ids.per));
    const found = await leadersAndAdminsOf(t.ctx.db, perDepts);
    expect(found).toEqual(expect.arrayContaining([w.ids.admin, w.ids.leaderB]));
    expect(found).not.toContain(w.ids.leader);
  });

  it("names a person by their profile, and one who is gone 'Slettet bruker'", async () => {
    expect(await nameOfUser(t.ctx.db, w.ids.kari)).toBe(w.names.kari);
    expect(await nameOfUser(t.ctx.db, randomUUID())).toBe("Slettet bruker");
  });

  it("keys a row whose person is gone by the row's own id", () => {
    const rowId = randomUUID();
    expect(personOf(null, "Kari", "/a.webp", rowId)).toEqual({
      userId: rowId,
      name: "Slettet bruker",
      avatarUrl: null,
    });
    expect(personOf(w.ids.kari, null, null, rowId)).toEqual({
      userId: w.ids.kari,
      name: "Slettet bruker",
      avatarUrl: null,
    });
  });
});
