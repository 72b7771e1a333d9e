/**
 * Duty roles through the API ('Vaktroller', issue 26), on one app whose clock the tests
 * move: defining roles, the leaders' grid, setting holders ahead, taking an unheld role
 * on the block under way (two at once: one holder), handing over, the next block's
 * holder taking over at the block's end, and what each kind of caller may do.
 */
import { TZDate } from "@date-fns/tz";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { dutyLimits } from "../../../common/base/limits.ts";
import { nextBlock, ongoingBlock } from "../../../common/domain/duty.ts";
import { osloTimeZone } from "../../../common/domain/shift-block.ts";
import type { DutyGridDto, DutyNowDto } from "../../../common/schemas/duty.ts";
import { topics } from "../../../common/schemas/realtime.ts";
import { adminAuditLog, dutyHoldings, dutyRoles, user } from "../../db/schema.ts";
import { seedDemoDuty } from "../../db/seed/demo-duty.ts";
import type { BusEvent } from "../../platform/events.ts";
import { assignShiftTo, makeShift, makeStaff, signedInClient } from "../../test/factories.ts";
import { type Client, createTestApp, type TestApp } from "../../test/harness.ts";
import { twoDepartments, type World } from "../../test/world.ts";

const oslo = (y: number, m: number, d: number, h: number, min = 0) =>
  new Date(new TZDate(y, m - 1, d, h, min, 0, 0, osloTimeZone).getTime());

/** A Wednesday's Kveldsvakt, 16:00 in Oslo. */
const wednesdayEvening = oslo(2026, 6, 10, 16);

describe("duty roles", () => {
  let t: TestApp;
  let w: World;
  let now = wednesdayEvening;
  const clock = { now: () => now };
  /** Per's B and a deactivated staff member of A. */
  let inactive: string;

  const dutyPath = (deptId: string, rest = "") => `/api/departments/${deptId}/duty${rest}`;
  const rolePath = (deptId: string, roleId: string, rest = "") => dutyPath(deptId, `/roles/${roleId}${rest}`);

  async function newRole(name: string, as: Client = w.as.leader, deptId = w.a): Promise<string> {
    const res = await as.post(dutyPath(deptId, "/roles"), { name });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  }
  const setHolder = (
    roleId: string,
    blockStart: Date,
    userId: string | null,
    as = w.as.leader,
    deptId = w.a,
  ) => as.put(rolePath(deptId, roleId, "/holder"), { blockStart: blockStart.toISOString(), userId });
  async function rolesNow(as: Client = w.as.kari, deptId = w.a): Promise<DutyNowDto> {
    const res = await as.get(dutyPath(deptId));
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  const roleIn = (now: DutyNowDto, roleId: string) => now.roles.find((r) => r.id === roleId)!;
  const codeOf = (res: { statusCode: number; json(): { error?: { code?: string } } }) => [
    res.statusCode,
    res.json().error?.code,
  ];
  /** A shift of the person's that covers the clock's now. */
  async function onShiftNow(userId: string) {
    const shift = await makeShift(t, {
      dept: w.a,
      kind: "roster",
      status: "assigned",
      startsAt: new Date(now.getTime() - 3_600_000),
      hours: 8,
    });
    await assignShiftTo(t, shift.id, userId);
  }

  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    w = await twoDepartments(t);
    inactive = (await makeStaff(t, { role: "staff", dept: w.a, active: false })).userId;
  });
  afterAll(() => t.close());
  beforeEach(() => {
    now = wednesdayEvening;
  });

  describe("defining roles ('Ny vaktrolle')", () => {
    it("creates a role for a leader or an admin, trimmed, and lists it to the department by name", async () => {
      const res = await w.as.leader.post(dutyPath(w.a, "/roles"), { name: "  Vakthavende   lege " });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ name: "Vakthavende lege" });
      const byAdmin = await w.as.admin.post(dutyPath(w.b, "/roles"), { name: "Anestesilege" });
      expect(byAdmin.statusCode).toBe(201);
      const listed = await rolesNow(w.as.kari);
      expect(listed.roles.map((r) => r.name)).toContain("Vakthavende lege");
      expect(listed.roles.every((r) => r.holder === null)).toBe(true);
      expect(listed.canManage).toBe(false);
      expect((await rolesNow(w.as.leader)).canManage).toBe(true);
      // Another department's roles are not in it.
      expect(listed.roles.map((r) => r.name)).not.toContain("Anestesilege");
    });

    it("refuses an empty name, one over 40 characters, and a name the department has in any case", async () => {
      await newRole("Koordinator");
      const cases: [unknown, number, string][] = [
        ["   ", 422, "duty_role_name_required"],
        ["x".repeat(dutyLimits.roleNameMaxLength + 1), 422, "duty_role_name_too_long"],
        ["KOORDINATOR", 409, "duty_role_name_taken"],
        [" koordinator ", 409, "duty_role_name_taken"],
        ["x".repeat(501), 400, "validation_failed"],
        ["Linje\nskift", 400, "validation_failed"],
        [42, 400, "validation_failed"],
      ];
      for (const [name, status, code] of cases) {
        const res = await w.as.leader.post(dutyPath(w.a, "/roles"), { name });
        expect(codeOf(res), String(name)).toEqual([status, code]);
        expect(res.json().error.message).toBeTruthy();
      }
      expect((await w.as.leader.post(dutyPath(w.a, "/roles"), { name: "x".repeat(40) })).statusCode).toBe(
        201,
      );
      // The same name in another department is another role.
      expect((await w.as.leaderB.post(dutyPath(w.b, "/roles"), { name: "Koordinator" })).statusCode).toBe(
        201,
      );
    });

    it("renames a role, not to a name another role has", async () => {
      const role = await newRole("Medisinansvarlig");
      await newRole("Teamleder");
      const renamed = await w.as.leader.request("PATCH", rolePath(w.a, role), { name: "Medisinansvar" });
      expect([renamed.statusCode, renamed.json().name]).toEqual([200, "Medisinansvar"]);
      const taken = await w.as.leader.request("PATCH", rolePath(w.a, role), { name: "teamleder" });
      expect(codeOf(taken)).toEqual([409, "duty_role_name_taken"]);
      // Its own name in another case is no clash.
      const cased = await w.as.leader.request("PATCH", rolePath(w.a, role), { name: "MEDISINANSVAR" });
      expect(cased.statusCode).toBe(200);
      const empty = await w.as.leader.request("PATCH", rolePath(w.a, role), { name: "" });
      expect(codeOf(empty)).toEqual([422, "duty_role_name_required"]);
    });

    it("stops at 30 roles in a department", async () => {
      const dept = w.b;
      const have = (await rolesNow(w.as.per, dept)).roles.length;
      await t.ctx.db.insert(dutyRoles).values(
        Array.from({ length: dutyLimits.rolesPerDepartment - have }, (_, i) => ({
          deptId: dept,
          name: `Rolle ${i}`,
        })),
      );
      const res = await w.as.leaderB.post(dutyPath(dept, "/roles"), { name: "Én til" });
      expect(codeOf(res)).toEqual([409, "duty_roles_full"]);
    });

    it("lets no staff member define, rename or delete roles, and hides another department's", async () => {
      const role = await newRole("Smittevernansvarlig");
      expect(codeOf(await w.as.kari.post(dutyPath(w.a, "/roles"), { name: "Min rolle" }))).toEqual([
        403,
        "forbidden",
      ]);
      expect((await w.as.kari.request("PATCH", rolePath(w.a, role), { name: "Annen" })).statusCode).toBe(403);
      expect((await w.as.kari.request("DELETE", rolePath(w.a, role))).statusCode).toBe(403);
      // Leader B, in A: nothing there to see.
      expect(codeOf(await w.as.leaderB.post(dutyPath(w.a, "/roles"), { name: "Min rolle" }))).toEqual([
        404,
        "department_not_found",
      ]);
      expect(codeOf(await w.as.leaderB.request("DELETE", rolePath(w.a, role)))).toEqual([
        404,
        "duty_role_not_found",
      ]);
      // A's role named under B's path is no role of B's, for B's leader nor an admin.
      expect((await w.as.leaderB.request("DELETE", rolePath(w.b, role))).statusCode).toBe(404);
      expect((await w.as.admin.request("PATCH", rolePath(w.b, role), { name: "X" })).statusCode).toBe(404);
      expect((await w.as.per.get(dutyPath(w.a))).statusCode).toBe(404);
      expect((await w.as.leader.get(dutyPath(w.b))).statusCode).toBe(404);
      expect((await w.as.admin.get(dutyPath(w.b))).statusCode).toBe(200);
    });

    it("deletes a role with its holdings, and writes the leaders' actions to the audit log", async () => {
      const role = await newRole("Slettes");
      expect((await setHolder(role, nextBlock(ongoingBlock(now)).start, w.ids.kari)).statusCode).toBe(200);
      const res = await w.as.leader.request("DELETE", rolePath(w.a, role));
      expect(res.json()).toEqual({ ok: true });
      expect(await t.ctx.db.select().from(dutyHoldings).where(eq(dutyHoldings.roleId, role))).toEqual([]);
      expect((await w.as.leader.request("DELETE", rolePath(w.a, role))).statusCode).toBe(404);
      const audit = await t.ctx.db
        .select({ action: adminAuditLog.action, actor: adminAuditLog.actorUserId })
        .from(adminAuditLog)
        .where(eq(adminAuditLog.targetId, role));
      expect(audit.map((a) => a.action).sort()).toEqual([
        "dutyRole.assign",
        "dutyRole.create",
        "dutyRole.delete",
      ]);
      expect(audit.every((a) => a.actor === w.ids.leader)).toBe(true);
    });
  });

  describe("the grid and its holders", () => {
    it("gives the leaders today and the next 14 days: 45 blocks, those over marked, every holding", async () => {
      const role = await newRole("Ansvarshavende sykepleier");
      const block = ongoingBlock(now);
      expect((await setHolder(role, block.start, w.ids.kari)).statusCode).toBe(200);
      const later = oslo(2026, 6, 24, 23);
      expect((await setHolder(role, later, w.ids.ola)).statusCode).toBe(200);
      const res = await w.as.leader.get(dutyPath(w.a, "/grid"));
      expect(res.statusCode).toBe(200);
      const grid: DutyGridDto = res.json();
      expect(grid.blocks).toHaveLength(45);
      expect(grid.blocks[0]).toMatchObject({ date: "2026-06-10", name: "Dagvakt", past: true });
      expect(grid.blocks[1]).toMatchObject({
        name: "Kveldsvakt",
        past: false,
        start: block.start.toISOString(),
      });
      expect(grid.blocks[44]).toMatchObject({ date: "2026-06-24", name: "Nattevakt" });
      const held = grid.holdings.filter((h) => h.roleId === role);
      expect(held.map((h) => [h.blockStart, h.holder.fullName])).toEqual([
        [block.start.toISOString(), w.names.kari],
        [later.toISOString(), w.names.ola],
      ]);
      // Whom a holder may be: the department's active staff.
      expect(grid.staff.map((p) => p.userId)).toContain(w.ids.lise);
      expect(grid.staff.map((p) => p.userId)).not.toContain(inactive);
      expect(grid.staff.map((p) => p.userId)).not.toContain(w.ids.per);
      expect((await w.as.admin.get(dutyPath(w.b, "/grid"))).statusCode).toBe(200);
      expect((await w.as.kari.get(dutyPath(w.a, "/grid"))).statusCode).toBe(403);
      expect((await w.as.leaderB.get(dutyPath(w.a, "/grid"))).statusCode).toBe(404);
    });

    it("sets holders only for blocks of the grid that are not over, and only active staff of the department", async () => {
      const role = await newRole("Vakthavende anestesilege");
      const cases: [Date, string | null, number, string][] = [
        [oslo(2026, 6, 10, 7), w.ids.kari, 422, "duty_block_not_assignable"], // today's Dagvakt is over
        [oslo(2026, 6, 10, 16), w.ids.kari, 422, "duty_block_not_assignable"], // no block starts then
        [oslo(2026, 6, 25, 7), w.ids.kari, 422, "duty_block_not_assignable"], // past the grid
        [oslo(2026, 6, 11, 7), w.ids.per, 422, "duty_holder_not_in_department"],
        [oslo(2026, 6, 11, 7), inactive, 422, "duty_holder_not_in_department"],
      ];
      for (const [start, userId, status, code] of cases) {
        expect(codeOf(await setHolder(role, start, userId)), start.toISOString()).toEqual([status, code]);
      }
      expect((await setHolder(role, oslo(2026, 6, 11, 7), w.ids.kari)).statusCode).toBe(200);
      // Set again: the new holder replaces the old.
      expect((await setHolder(role, oslo(2026, 6, 11, 7), w.ids.ola, w.as.admin)).statusCode).toBe(200);
      const rows = await t.ctx.db
        .select({ userId: dutyHoldings.userId, setBy: dutyHoldings.setBy })
        .from(dutyHoldings)
        .where(eq(dutyHoldings.roleId, role));
      expect(rows).toEqual([{ userId: w.ids.ola, setBy: w.ids.admin }]);
      // 'Ingen': cleared.
      expect((await setHolder(role, oslo(2026, 6, 11, 7), null)).statusCode).toBe(200);
      expect(await t.ctx.db.select().from(dutyHoldings).where(eq(dutyHoldings.roleId, role))).toEqual([]);
      expect(codeOf(await setHolder(role, oslo(2026, 6, 11, 7), w.ids.kari, w.as.kari))).toEqual([
        403,
        "forbidden",
      ]);
      expect((await setHolder(role, oslo(2026, 6, 11, 7), w.ids.kari, w.as.leaderB)).statusCode).toBe(404);
    });

    it("hands the role to the next block's holder exactly at the block's end, then to nobody", async () => {
      const role = await newRole("Koordinator natt");
      const block = ongoingBlock(now);
      await setHolder(role, block.start, w.ids.kari);
      await setHolder(role, block.end, w.ids.ola);
      const holderAt = async (at: Date) => {
        now = at;
        return roleIn(await rolesNow(w.as.lise), role).holder?.userId ?? null;
      };
      expect(await holderAt(new Date(block.end.getTime() - 1))).toBe(w.ids.kari);
      expect(await holderAt(block.end)).toBe(w.ids.ola);
      const night = nextBlock(block);
      expect(await holderAt(new Date(night.end.getTime() - 1))).toBe(w.ids.ola);
      expect(await holderAt(night.end)).toBeNull();
    });

    it("holds a night over the end of summer time for all nine hours", async () => {
      now = oslo(2026, 10, 24, 20);
      const role = await newRole("Nattkoordinator");
      const night = oslo(2026, 10, 24, 23);
      expect((await setHolder(role, night, w.ids.lise)).statusCode).toBe(200);
      now = new Date(night.getTime() + 8.5 * 3_600_000);
      expect(roleIn(await rolesNow(), role).holder?.userId).toBe(w.ids.lise);
      expect((await rolesNow()).block).toMatchObject({ name: "Nattevakt", start: night.toISOString() });
      now = new Date(night.getTime() + 9 * 3_600_000);
      expect(roleIn(await rolesNow(), role).holder).toBeNull();
    });
  });

  describe("taking and handing over on the block under way", () => {
    it("lets staff on the block take an unheld role ('Ta rollen'), and no one off it", async () => {
      now = oslo(2026, 6, 15, 10);
      const role = await newRole("Ansvarlig dagkirurgi");
      // Ola has no shift now and holds nothing: 'Ta rollen' is not his.
      expect(roleIn(await rolesNow(w.as.ola), role).abilities).toEqual({
        take: false,
        handOver: false,
        manage: false,
      });
      expect(codeOf(await w.as.ola.post(rolePath(w.a, role, "/take")))).toEqual([403, "duty_not_on_block"]);
      await onShiftNow(w.ids.ola);
      expect(roleIn(await rolesNow(w.as.ola), role).abilities.take).toBe(true);
      const res = await w.as.ola.post(rolePath(w.a, role, "/take"));
      expect(res.statusCode).toBe(200);
      const after: DutyNowDto = res.json();
      expect(roleIn(after, role)).toMatchObject({
        holder: { userId: w.ids.ola, fullName: w.names.ola },
        abilities: { take: false, handOver: true, manage: false },
      });
      // Held: the next one hears so.
      await onShiftNow(w.ids.kari);
      expect(roleIn(await rolesNow(w.as.kari), role).abilities.take).toBe(false);
      expect(codeOf(await w.as.kari.post(rolePath(w.a, role, "/take")))).toEqual([409, "duty_role_taken"]);
      // Holding a role now is being on the block: Ola may take a second one.
      const second = await newRole("Ansvarlig oppvåkning");
      expect((await w.as.ola.post(rolePath(w.a, second, "/take"))).statusCode).toBe(200);
      // Another department's role is not there to take.
      expect((await w.as.per.post(rolePath(w.a, second, "/take"))).statusCode).toBe(404);
    });

    it("gives a role two people take at once to one of them; the other hears 409", async () => {
      now = oslo(2026, 6, 16, 10);
      const role = await newRole("Ansvarlig akutt");
      await onShiftNow(w.ids.kari);
      await onShiftNow(w.ids.lise);
      const answers = await Promise.all([
        w.as.kari.post(rolePath(w.a, role, "/take")),
        w.as.lise.post(rolePath(w.a, role, "/take")),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const lost = answers.find((a) => a.statusCode === 409)!;
      expect(lost.json().error).toEqual({
        code: "duty_role_taken",
        message: "Noen andre har allerede tatt rollen.",
      });
      const rows = await t.ctx.db
        .select({ userId: dutyHoldings.userId })
        .from(dutyHoldings)
        .where(eq(dutyHoldings.roleId, role));
      expect(rows).toHaveLength(1);
      const winner = answers.findIndex((a) => a.statusCode === 200) === 0 ? w.ids.kari : w.ids.lise;
      expect(rows[0]!.userId).toBe(winner);
    });

    it("hands a role on ('Overlever til …') from its holder, or a leader, to an active colleague", async () => {
      now = oslo(2026, 6, 17, 16);
      const role = await newRole("Ansvarshavende kveld");
      await setHolder(role, ongoingBlock(now).start, w.ids.kari);
      const handOver = (as: Client, userId: string) => as.post(rolePath(w.a, role, "/handover"), { userId });
      expect(codeOf(await handOver(w.as.ola, w.ids.ola))).toEqual([403, "forbidden"]);
      expect(codeOf(await handOver(w.as.kari, w.ids.per))).toEqual([422, "duty_holder_not_in_department"]);
      expect(codeOf(await handOver(w.as.kari, inactive))).toEqual([422, "duty_holder_not_in_department"]);
      expect(codeOf(await handOver(w.as.kari, w.ids.kari))).toEqual([422, "duty_handover_to_self"]);
      const res = await handOver(w.as.kari, w.ids.lise);
      expect(res.statusCode).toBe(200);
      expect(roleIn(res.json(), role).holder?.userId).toBe(w.ids.lise);
      // It is Lise's now: Kari has nothing left to hand over.
      expect((await handOver(w.as.kari, w.ids.ola)).statusCode).toBe(403);
      // A leader may hand on anyone's; that is a leader's action, in the audit log.
      expect((await handOver(w.as.leader, w.ids.ola)).statusCode).toBe(200);
      expect(roleIn(await rolesNow(), role).holder?.userId).toBe(w.ids.ola);
      const audit = await t.ctx.db
        .select({ action: adminAuditLog.action })
        .from(adminAuditLog)
        .where(and(eq(adminAuditLog.targetId, role), eq(adminAuditLog.action, "dutyRole.handOver")));
      expect(audit).toHaveLength(1);
      // The block's end ends the holding: nothing left to hand on in the next.
      now = ongoingBlock(now).end;
      expect(codeOf(await handOver(w.as.leader, w.ids.kari))).toEqual([409, "duty_role_not_held"]);
      expect((await handOver(w.as.leaderB, w.ids.kari)).statusCode).toBe(404);
    });

    it("tells every open screen of the department after each change, and no other department", async () => {
      const heard: BusEvent[] = [];
      const stops = [topics.dept(w.a), topics.dept(w.b)].map((topic) =>
        t.ctx.bus.subscribe(topic, (e) => heard.push(e)),
      );
      now = oslo(2026, 6, 18, 10);
      const role = await newRole("Varslet rolle");
      await w.as.leader.request("PATCH", rolePath(w.a, role), { name: "Varslet rolle 2" });
      await setHolder(role, ongoingBlock(now).start, w.ids.kari);
      await w.as.kari.post(rolePath(w.a, role, "/handover"), { userId: w.ids.lise });
      await setHolder(role, ongoingBlock(now).start, null);
      await onShiftNow(w.ids.ola);
      await w.as.ola.post(rolePath(w.a, role, "/take"));
      await w.as.leader.request("DELETE", rolePath(w.a, role));
      // A refusal changes nothing and says nothing.
      await w.as.kari.post(dutyPath(w.a, "/roles"), { name: "Ikke lov" });
      await new Promise((resolve) => setTimeout(resolve, 30));
      for (const stop of stops) stop();
      expect(heard.map((e) => [e.topic, e.type, e.payload])).toEqual(
        Array.from({ length: 7 }, () => [topics.dept(w.a), "duty.changed", { deptId: w.a }]),
      );
    });
  });

  it("seeds the demo's Anestesi with three roles held in today's blocks", async () => {
    await seedDemoDuty(t.ctx.db, now);
    const [lars] = await t.ctx.db.select().from(user).where(eq(user.email, "leder@demo.no"));
    const asLars = await signedInClient(t, lars!.id);
    const session = await asLars.session();
    const anestesi = session.memberships[0].deptId;
    const held = await rolesNow(asLars, anestesi);
    expect(held.roles.map((r) => [r.name, r.holder?.fullName ?? null])).toEqual([
      ["Ansvarshavende sykepleier", "Sofie Berg"],
      ["Koordinator", "Ingrid Hansen"],
      ["Vakthavende lege", "Ingrid Hansen"],
    ]);
    const grid: DutyGridDto = (await asLars.get(dutyPath(anestesi, "/grid"))).json();
    expect(grid.holdings.length).toBeGreaterThan(9);
  });
});
