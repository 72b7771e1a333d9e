import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { adminAuditLog, user } from "../db/schema.ts";
import { createTestApp, type TestApp } from "../test/harness.ts";
import { recordAudit } from "./audit.ts";

describe("admin audit log", () => {
  let t: TestApp;
  let admin: { userId: string };
  let kari: { id: string; name: string; email: string };

  beforeAll(async () => {
    t = await createTestApp();
    const people = await t.ctx.db.select().from(user);
    admin = { userId: people.find((p) => p.email === "admin@demo.no")!.id };
    kari = people.find((p) => p.email === "kari@demo.no")!;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.ctx.db.delete(adminAuditLog);
  });

  it("records who did what to which id, and when", async () => {
    const deptId = randomUUID();
    const id = await t.ctx.db.transaction((tx) =>
      recordAudit(tx, admin, "user.deactivate", { type: "user", id: kari.id }, { deptId, records: 1 }),
    );
    const [row] = await t.ctx.db.select().from(adminAuditLog).where(eq(adminAuditLog.id, id));
    expect(row).toMatchObject({
      actorUserId: admin.userId,
      action: "user.deactivate",
      targetType: "user",
      targetId: kari.id,
      details: { deptId, records: 1 },
    });
    expect(row!.createdAt).toBeInstanceOf(Date);
  });

  it("keeps the target's id only: the row of a deletion names nobody", async () => {
    await t.ctx.db.transaction((tx) => recordAudit(tx, admin, "user.delete", { type: "user", id: kari.id }));
    const rows = await t.ctx.db.select().from(adminAuditLog);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.details).toEqual({});
    const stored = JSON.stringify(rows[0]);
    for (const personal of [kari.name, kari.email]) expect(stored).not.toContain(personal);
  });

  it("refuses details that are not a small object of ids and values, before writing", async () => {
    const bad = [
      { email: kari.email },
      { who: { name: kari.name } },
      { list: Array.from({ length: 101 }, () => 1) },
      { note: "x".repeat(201) },
      Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`k${i}`, randomUUID()])),
    ];
    for (const details of bad) {
      const attempt = t.ctx.db.transaction((tx) =>
        // biome-ignore lint/suspicious/noExplicitAny: wrong on purpose
        recordAudit(tx, admin, "user.edit", { type: "user", id: kari.id }, details as any),
      );
      await expect(attempt).rejects.toBeInstanceOf(ZodError);
    }
    expect(await t.ctx.db.select().from(adminAuditLog)).toEqual([]);
  });

  it("stands or falls with the action's transaction", async () => {
    const failing = t.ctx.db.transaction(async (tx) => {
      await recordAudit(tx, admin, "broadcast.send", { type: "broadcast", id: null }, { count: 5 });
      throw new Error("avbrutt");
    });
    await expect(failing).rejects.toThrow("avbrutt");
    expect(await t.ctx.db.select().from(adminAuditLog)).toEqual([]);
  });
});
