/**
 * Working time and competence through the API (issue 28): a department's rules and
 * their audit row, its competences (names, limits, holders, another department's), and
 * a staff member's contract and competences, as leaders, admins and others meet them.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workLimits } from "../../../common/base/limits.ts";
import { lawWorkLimits, outerWorkLimits } from "../../../common/domain/working-time.ts";
import { competenceDto, competenceList, staffWorkDto, workRulesDto } from "../../../common/schemas/work.ts";
import { adminAuditLog, competences, departments } from "../../db/schema.ts";
import { makeDepartment, makeStaff, signedInClient } from "../../test/factories.ts";
import { type Client, createTestApp, type TestApp } from "../../test/harness.ts";
import { twoDepartments, type World } from "../../test/world.ts";

describe("working time and competence", () => {
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    t = await createTestApp();
    w = await twoDepartments(t);
  });
  afterAll(() => t.close());

  const codeOf = (res: { statusCode: number; json(): { error?: { code?: string } } }) => [
    res.statusCode,
    res.json().error?.code,
  ];
  const patch = (as: Client, url: string, body: object) => as.request("PATCH", url, body);
  const del = (as: Client, url: string) => as.request("DELETE", url);
  const rulesPath = (deptId: string) => `/api/departments/${deptId}/work-rules`;
  const competencesPath = (deptId: string, id = "") =>
    `/api/departments/${deptId}/competences${id ? `/${id}` : ""}`;
  const workPath = (deptId: string, userId: string) => `/api/departments/${deptId}/staff/${userId}/work`;

  async function newCompetence(name: string, deptId = w.a, as: Client = w.as.leader): Promise<string> {
    const res = await as.post(competencesPath(deptId), { name });
    expect(res.statusCode, res.body).toBe(201);
    return competenceDto.parse(res.json()).id;
  }
  async function listOf(deptId = w.a, as: Client = w.as.leader) {
    const res = await as.get(competencesPath(deptId));
    expect(res.statusCode, res.body).toBe(200);
    return competenceList.parse(res.json()).competences;
  }

  describe("'Arbeidstidsregler'", () => {
    const agreement = {
      maxHoursPerDay: 15,
      maxOvertimeWeek: 20,
      maxOvertime4Weeks: 40,
      maxOvertimeYear: 300,
      partTimeFirst: true,
    };

    it("reads the law's limits by default, with the rest rule and the law's figures beside them", async () => {
      const res = await w.as.leader.get(rulesPath(w.a));
      expect(res.statusCode, res.body).toBe(200);
      expect(workRulesDto.parse(res.json())).toEqual({
        deptId: w.a,
        ...lawWorkLimits,
        partTimeFirst: false,
        minRestHours: t.ctx.config.minRestHours,
        law: lawWorkLimits,
        outer: outerWorkLimits,
      });
    });

    it("stores a local agreement's limits and 'Deltid først', with an audit row of the values", async () => {
      const res = await w.as.leaderB.put(rulesPath(w.b), agreement);
      expect(res.statusCode, res.body).toBe(200);
      expect(workRulesDto.parse(res.json())).toMatchObject({ deptId: w.b, ...agreement });
      const [row] = await t.ctx.db.select().from(departments).where(eq(departments.id, w.b));
      expect(row).toMatchObject(agreement);
      // A's are untouched.
      expect((await w.as.admin.get(rulesPath(w.a))).json()).toMatchObject({
        ...lawWorkLimits,
        partTimeFirst: false,
      });
      const [audit] = await t.ctx.db
        .select()
        .from(adminAuditLog)
        .where(and(eq(adminAuditLog.action, "workRules.edit"), eq(adminAuditLog.targetId, w.b)));
      expect(audit).toMatchObject({
        actorUserId: w.ids.leaderB,
        targetType: "department",
        details: agreement,
      });
    });

    it("refuses limits beyond the law's outer bounds, and changes nothing", async () => {
      const res = await w.as.admin.put(rulesPath(w.a), { ...agreement, maxOvertime4Weeks: 51 });
      expect(res.statusCode).toBe(400);
      expect((await w.as.admin.get(rulesPath(w.a))).json()).toMatchObject(lawWorkLimits);
    });

    it("is the leaders' and admins': staff are refused, another department's leader finds nothing", async () => {
      expect(codeOf(await w.as.kari.get(rulesPath(w.a)))).toEqual([403, "forbidden"]);
      expect(codeOf(await w.as.kari.put(rulesPath(w.a), agreement))).toEqual([403, "forbidden"]);
      expect(codeOf(await w.as.leaderB.get(rulesPath(w.a)))).toEqual([404, "department_not_found"]);
      expect(codeOf(await w.as.leaderB.put(rulesPath(w.a), agreement))).toEqual([
        404,
        "department_not_found",
      ]);
      expect((await w.as.admin.get(rulesPath(w.b))).statusCode).toBe(200);
      const [row] = await t.ctx.db.select().from(departments).where(eq(departments.id, w.a));
      expect(row!.partTimeFirst).toBe(false);
    });
  });

  describe("'Kompetanse'", () => {
    it("makes, renames and lists competences by name, each with how many active staff hold it", async () => {
      const own = await makeDepartment(t);
      const leader = await makeStaff(t, { role: "leader", dept: own.id, active: true });
      const as = await signedInClient(t, leader.userId);
      const barn = await newCompetence("  Barnepleier ", own.id, as);
      const anestesi = await newCompetence("Anestesisykepleier", own.id, as);
      const intensiv = await newCompetence("Intensiv", own.id, as);
      const renamed = await patch(as, competencesPath(own.id, intensiv), { name: "Intensivsykepleier" });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(competenceDto.parse(renamed.json())).toEqual({
        id: intensiv,
        name: "Intensivsykepleier",
        holders: 0,
      });

      const one = await makeStaff(t, { role: "staff", dept: own.id, active: true });
      const gone = await makeStaff(t, { role: "staff", dept: own.id, active: false });
      for (const person of [one, gone])
        expect(
          (
            await as.put(workPath(own.id, person.userId), {
              positionPercent: 100,
              fullTimeHours: 35.5,
              competenceIds: [anestesi, barn],
            })
          ).statusCode,
        ).toBe(200);
      // The deactivated one holds them too, but counts for nothing.
      expect(await listOf(own.id, as)).toEqual([
        { id: anestesi, name: "Anestesisykepleier", holders: 1 },
        { id: barn, name: "Barnepleier", holders: 1 },
        { id: intensiv, name: "Intensivsykepleier", holders: 0 },
      ]);
    });

    it("answers the name rules with their codes, a taken name (any case) with 409", async () => {
      await newCompetence("Smertesykepleier");
      const post = (name: string) => w.as.leader.post(competencesPath(w.a), { name });
      expect(codeOf(await post("   "))).toEqual([422, "competence_name_required"]);
      expect(codeOf(await post("x".repeat(workLimits.competenceNameMaxLength + 1)))).toEqual([
        422,
        "competence_name_too_long",
      ]);
      expect(codeOf(await post("smertesykepleier"))).toEqual([409, "competence_name_taken"]);
      const other = await newCompetence("Operasjonssykepleier");
      expect(
        codeOf(await patch(w.as.leader, competencesPath(w.a, other), { name: "SMERTESYKEPLEIER" })),
      ).toEqual([409, "competence_name_taken"]);
      // The same name in another department is another competence.
      await newCompetence("Smertesykepleier", w.b, w.as.leaderB);
    });

    it(`holds at most ${workLimits.competencesPerDepartment} per department`, async () => {
      const own = await makeDepartment(t);
      await t.ctx.db.insert(competences).values(
        Array.from({ length: workLimits.competencesPerDepartment }, (_, i) => ({
          deptId: own.id,
          name: `K${i}`,
        })),
      );
      const res = await w.as.admin.post(competencesPath(own.id), { name: "Én til" });
      expect(codeOf(res)).toEqual([409, "competences_full"]);
    });

    it("deletes a competence with its holdings; another department's answers 404", async () => {
      const doomed = await newCompetence("Traumesykepleier");
      await w.as.leader.put(workPath(w.a, w.ids.ola), {
        positionPercent: 100,
        fullTimeHours: 35.5,
        competenceIds: [doomed],
      });
      const theirs = await newCompetence("Nyfødtsykepleier", w.b, w.as.leaderB);
      // B's competence under A's path, and A's asked by B's leader: as if missing.
      expect(codeOf(await del(w.as.leader, competencesPath(w.a, theirs)))).toEqual([
        404,
        "competence_not_found",
      ]);
      expect(codeOf(await del(w.as.leaderB, competencesPath(w.a, doomed)))).toEqual([
        404,
        "competence_not_found",
      ]);
      expect(codeOf(await del(w.as.kari, competencesPath(w.a, doomed)))).toEqual([403, "forbidden"]);
      expect((await del(w.as.leader, competencesPath(w.a, doomed))).json()).toEqual({ ok: true });
      expect((await listOf()).map((c) => c.id)).not.toContain(doomed);
      const ola = staffWorkDto.parse((await w.as.leader.get(workPath(w.a, w.ids.ola))).json());
      expect(ola.competenceIds).toEqual([]);
      expect((await listOf(w.b, w.as.leaderB)).map((c) => c.id)).toContain(theirs);
      const audit = await t.ctx.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, doomed));
      expect(audit.map((a) => a.action).sort()).toEqual(["competence.create", "competence.delete"]);
    });

    it("lists only for the department's leaders and admins", async () => {
      expect(codeOf(await w.as.kari.get(competencesPath(w.a)))).toEqual([403, "forbidden"]);
      expect(codeOf(await w.as.per.get(competencesPath(w.a)))).toEqual([404, "department_not_found"]);
      expect(codeOf(await w.as.kari.post(competencesPath(w.a), { name: "Min egen" }))).toEqual([
        403,
        "forbidden",
      ]);
      expect((await w.as.admin.get(competencesPath(w.b))).statusCode).toBe(200);
    });
  });

  describe("a staff member's contract and competences", () => {
    it("reads the default contract, then replaces contract and set (repeats once, by name)", async () => {
      const staffOnly = await makeStaff(t, { role: "staff", dept: w.a, active: true });
      const before = await w.as.leader.get(workPath(w.a, staffOnly.userId));
      expect(staffWorkDto.parse(before.json())).toEqual({
        deptId: w.a,
        userId: staffOnly.userId,
        positionPercent: 100,
        fullTimeHours: 35.5,
        competenceIds: [],
      });
      const z = await newCompetence("Zulu-kompetanse");
      const a = await newCompetence("Alfa-kompetanse");
      const put = (body: object) => w.as.admin.put(workPath(w.a, staffOnly.userId), body);
      const res = await put({ positionPercent: 80, fullTimeHours: 37.5, competenceIds: [z, a, z] });
      expect(res.statusCode, res.body).toBe(200);
      expect(staffWorkDto.parse(res.json())).toMatchObject({
        positionPercent: 80,
        fullTimeHours: 37.5,
        competenceIds: [a, z],
      });
      // Replaced, not added to.
      const again = await put({ positionPercent: 50, fullTimeHours: 35.5, competenceIds: [z] });
      expect(again.json()).toMatchObject({ positionPercent: 50, competenceIds: [z] });
      const [audit] = await t.ctx.db
        .select()
        .from(adminAuditLog)
        .where(and(eq(adminAuditLog.action, "staffWork.edit"), eq(adminAuditLog.targetId, staffOnly.userId)));
      expect(audit).toMatchObject({ actorUserId: w.ids.admin, targetType: "user" });
      expect(audit!.details).toMatchObject({ deptId: w.a, competenceIds: [z, a] });
    });

    it("refuses another department's competence and changes nothing", async () => {
      const theirs = await newCompetence("Dialysesykepleier", w.b, w.as.leaderB);
      const before = (await w.as.leader.get(workPath(w.a, w.ids.lise))).json();
      const res = await w.as.leader.put(workPath(w.a, w.ids.lise), {
        positionPercent: 60,
        fullTimeHours: 35.5,
        competenceIds: [theirs],
      });
      expect(codeOf(res)).toEqual([422, "competence_not_in_department"]);
      expect((await w.as.leader.get(workPath(w.a, w.ids.lise))).json()).toEqual(before);
    });

    it("answers 404 for someone without a record in the department, 403 to its staff, 404 to others", async () => {
      const body = { positionPercent: 100, fullTimeHours: 35.5, competenceIds: [] };
      expect(codeOf(await w.as.leader.get(workPath(w.a, w.ids.per)))).toEqual([
        404,
        "staff_record_not_found",
      ]);
      expect(codeOf(await w.as.admin.put(workPath(w.a, w.ids.per), body))).toEqual([
        404,
        "staff_record_not_found",
      ]);
      expect(codeOf(await w.as.kari.get(workPath(w.a, w.ids.kari)))).toEqual([403, "forbidden"]);
      expect(codeOf(await w.as.kari.put(workPath(w.a, w.ids.ola), body))).toEqual([403, "forbidden"]);
      expect(codeOf(await w.as.leaderB.get(workPath(w.a, w.ids.kari)))).toEqual([
        404,
        "department_not_found",
      ]);
      expect(codeOf(await w.as.leaderB.put(workPath(w.a, w.ids.kari), body))).toEqual([
        404,
        "department_not_found",
      ]);
      // A leader of the department sets another leader's contract too.
      expect((await w.as.admin.put(workPath(w.a, w.ids.leader), body)).statusCode).toBe(200);
    });
  });
});
