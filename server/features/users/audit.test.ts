import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ui } from "../../../common/texts/index.ts";
import { adminAuditLog, departments, shiftAssignments, swapDeals, swapOffers } from "../../db/schema.ts";
import { assignShiftTo, makeShift, makeStaff } from "../../test/factories.ts";
import { createTestApp, type TestApp } from "../../test/harness.ts";
import { twoDepartments, type World } from "../../test/world.ts";

/** 'Logg' in words: each row names who did what to whom, never codes or ids. */
describe("the admin log's summaries", () => {
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    t = await createTestApp();
    w = await twoDepartments(t);
  });
  afterAll(() => t.close());

  const log = async () =>
    (await w.as.admin.get("/api/admin/audit")).json().entries as {
      action: string;
      summary: string;
      target: { id: string | null };
    }[];
  const write = (action: string, targetType: string, targetId: string | null, details: object = {}) =>
    t.ctx.db
      .insert(adminAuditLog)
      .values({ actorUserId: w.ids.leader, action, targetType, targetId, details });

  it("describes an approved swap, an assignment and a broadcast with the people's and the ward's names", async () => {
    const shift = await makeShift(t, { dept: w.a, status: "assigned" });
    await assignShiftTo(t, shift.id, w.ids.kari);
    const [held] = await t.ctx.db
      .select()
      .from(shiftAssignments)
      .where(eq(shiftAssignments.shiftId, shift.id));
    const [offer] = await t.ctx.db
      .insert(swapOffers)
      .values({ ownerId: w.ids.kari, deptId: w.a, fromAssignmentId: held!.id, requireSwap: false })
      .returning();
    const [deal] = await t.ctx.db
      .insert(swapDeals)
      .values({
        offerId: offer!.id,
        deptId: w.a,
        ownerId: w.ids.kari,
        proposerId: w.ids.ola,
        ownerAssignmentId: held!.id,
        source: "claim",
        status: "approved",
      })
      .returning();
    await write("swapDeal.approve", "swapDeal", deal!.id, {
      offerId: offer!.id,
      deptId: w.a,
      approved: true,
    });
    await write("shift.assign", "shift", shift.id, { deptId: w.a, winnerId: w.ids.lise, candidates: 3 });
    await write("notification.broadcast", "broadcast", null, { type: "info", count: 12 });

    const [{ name: dept } = { name: "" }] = await t.ctx.db
      .select()
      .from(departments)
      .where(eq(departments.id, w.a));
    // Found by action, not by place: rows written in one millisecond fall back to the
    // order of their random ids.
    const entries = await log();
    const [broadcast, assign, swap] = ["notification.broadcast", "shift.assign", "swapDeal.approve"].map(
      (action) => entries.find((e) => e.action === action),
    );
    expect(swap!.summary).toBe(
      `${w.names.leader} godkjente vaktbytte ${w.names.kari} → ${w.names.ola} i ${dept}`,
    );
    expect(assign!.summary).toBe(`${w.names.leader} tildelte en ekstravakt til ${w.names.lise} i ${dept}`);
    expect(broadcast!.summary).toBe(`${w.names.leader} sendte et varsel til 12 personer`);
    // The filter names every action there is in words too.
    const { actions } = (await w.as.admin.get("/api/admin/audit")).json() as { actions: string[] };
    expect(actions.filter((action) => !ui.users.log.actions[action])).toEqual([]);
  });

  it("describes what admins did to people, and the gone as 'Slettet bruker'", async () => {
    const made = await w.as.admin.post("/api/admin/users", {
      firstName: "Eva",
      lastName: "Lund",
      email: `eva.lund.${Date.now()}@sykehus.no`,
      deptId: w.a,
    });
    const evaId = made.json().user.userId as string;
    expect((await log())[0]!.summary).toMatch(new RegExp(`^${w.names.admin} opprettet brukeren Eva Lund i `));
    await w.as.admin.post(`/api/admin/users/${w.ids.per}/activation`, { active: false });
    expect((await log())[0]!.summary).toMatch(
      new RegExp(`^${w.names.admin} deaktiverte ${w.names.per} i Avdeling `),
    );

    // A leader who acted and is then deleted: the row stays, the name does not.
    const gone = await makeStaff(t, { role: "leader", dept: w.a, active: true });
    await t.ctx.db
      .insert(adminAuditLog)
      .values({ actorUserId: gone.userId, action: "user.avatar", targetType: "user", targetId: evaId });
    expect((await w.as.admin.request("DELETE", `/api/admin/users/${gone.userId}`)).statusCode).toBeLessThan(
      300,
    );
    expect((await w.as.admin.request("DELETE", `/api/admin/users/${evaId}`)).statusCode).toBeLessThan(300);
    const [deleted, , avatar] = await log();
    expect(deleted!.summary).toBe(`${w.names.admin} slettet en bruker`);
    expect(avatar!.summary).toBe("Slettet bruker endret profilbildet til en slettet bruker");
    const all = (await log()).map((e) => e.summary).join("\n");
    expect(all).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect(all).not.toMatch(/user\.|swapDeal|shift\.assign/);
  });
});
