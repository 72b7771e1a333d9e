/**
 * The demo's working time (issue 28): Anestesi's contracts and competences as its
 * leaders read them, the open shift only holders of 'Anestesisykepleier' may take, and
 * Ola near the 4-week overtime limit: the 12-hour 'Beredskapsvakt' would take him over
 * it, the other open shifts not; Kari and Ola equal in the fairness count.
 */
import { and, eq, inArray, lt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { judgeWork, type WorkShift } from "../../../common/domain/working-time.ts";
import { fairnessOverview, type ShiftDto, shiftList } from "../../../common/schemas/shifts.ts";
import { competenceList, staffWorkDto, takeCheckDto } from "../../../common/schemas/work.ts";
import { ui } from "../../../common/texts/ui.ts";
import { departments, shiftAssignments, shifts, user } from "../../db/schema.ts";
import { seedDemoShifts } from "../../db/seed/demo-shifts.ts";
import { seedDemoWork } from "../../db/seed/demo-work.ts";
import { signedInClient } from "../../test/factories.ts";
import { type Client, createTestApp, type TestApp } from "../../test/harness.ts";

describe("the demo's working time", () => {
  let t: TestApp;
  let anestesi: string;
  let id: (email: string) => Promise<string>;
  let as: (email: string) => Promise<Client>;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoWork(t.ctx.db);
    await seedDemoShifts(t.ctx.db);
    [{ id: anestesi }] = (await t.ctx.db
      .select({ id: departments.id })
      .from(departments)
      .where(eq(departments.name, "Anestesi"))) as [{ id: string }];
    id = async (email) => (await t.ctx.db.select().from(user).where(eq(user.email, email)))[0]!.id;
    as = async (email) => signedInClient(t, await id(email));
  });
  afterAll(() => t.close());

  it("gives Anestesi three competences and contracts of 100, 80 and 50 %", async () => {
    const lars = await as("leder@demo.no");
    const { competences } = competenceList.parse(
      (await lars.get(`/api/departments/${anestesi}/competences`)).json(),
    );
    expect(competences.map((c) => [c.name, c.holders])).toEqual([
      ["Anestesisykepleier", 2],
      ["Barnepleier", 1],
      ["Intensivsykepleier", 2],
    ]);
    const work = async (email: string) =>
      staffWorkDto.parse(
        (await lars.get(`/api/departments/${anestesi}/staff/${await id(email)}/work`)).json(),
      );
    const nameOf = (ids: string[]) => ids.map((i) => competences.find((c) => c.id === i)!.name);
    const ola = await work("ola@demo.no");
    expect([ola.positionPercent, ola.fullTimeHours, nameOf(ola.competenceIds)]).toEqual([
      80,
      35.5,
      ["Intensivsykepleier"],
    ]);
    const kari = await work("kari@demo.no");
    expect([kari.positionPercent, nameOf(kari.competenceIds)]).toEqual([
      50,
      ["Anestesisykepleier", "Barnepleier"],
    ]);
    expect((await work("leder@demo.no")).positionPercent).toBe(100);
  });

  it("refuses Ola the 'Beredskapsvakt' for overtime and the shift requiring 'Anestesisykepleier', nothing else", async () => {
    const ola = await id("ola@demo.no");
    const open = shiftList.parse(
      (await (await as("ola@demo.no")).get("/api/shifts?view=open")).json(),
    ).shifts;
    expect(open).toHaveLength(5);

    // What he holds, as the rules see it: extra shifts count toward overtime.
    const held: WorkShift[] = (
      await t.ctx.db
        .select({ title: shifts.title, startsAt: shifts.startsAt, endsAt: shifts.endsAt, kind: shifts.kind })
        .from(shiftAssignments)
        .innerJoin(shifts, eq(shifts.id, shiftAssignments.shiftId))
        .where(eq(shiftAssignments.userId, ola))
    ).map((s) => ({ ...s, extra: s.kind === "extra" }));
    const { competences } = competenceList.parse(
      (await (await as("leder@demo.no")).get(`/api/departments/${anestesi}/competences`)).json(),
    );
    const his = new Set(competences.filter((c) => c.name === "Intensivsykepleier").map((c) => c.id));
    const refusals = (s: ShiftDto) =>
      judgeWork(
        { startsAt: new Date(s.startsAt), endsAt: new Date(s.endsAt), extra: true, requires: s.requires },
        { held, contract: { positionPercent: 80, fullTimeHours: 35.5 }, competences: his },
        {
          limits: { maxHoursPerDay: 13, maxOvertimeWeek: 10, maxOvertime4Weeks: 25, maxOvertimeYear: 200 },
          minRestHours: 11,
        },
      ).refusals.map((r) => ui.shifts.ineligible(r, 11));

    expect(open.map((s) => [s.title, s.requires.map((c) => c.name), refusals(s)])).toEqual([
      ["Ekstravakt anestesi", [], []],
      ["Nattevakt", [], []],
      ["Beredskapsvakt", [], ["Overtid 27,6 t siste 4 uker (grense 25 t)"]],
      ["Kveldsvakt", [], []],
      ["Ekstravakt anestesi", ["Anestesisykepleier"], ["Mangler kompetanse: Anestesisykepleier"]],
    ]);
  });

  it("answers Ola so through the API: the check before interest, and the refusal of it", async () => {
    const ola = await as("ola@demo.no");
    const open = shiftList.parse((await ola.get("/api/shifts?view=open")).json()).shifts;
    const stand = open.find((s) => s.title === "Beredskapsvakt")!;
    const check = takeCheckDto.parse((await ola.get(`/api/shifts/${stand.id}/eligibility`)).json());
    expect(check).toMatchObject({ may: false, refusals: ["Overtid 27,6 t siste 4 uker (grense 25 t)"] });
    const refused = await ola.post(`/api/shifts/${stand.id}/interest`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toEqual({
      code: "work_rules_refused",
      message: "Du kan ikke ta denne vakten: Overtid 27,6 t siste 4 uker (grense 25 t)",
    });
    // Kari (50 %, nothing near) may; the shift two days ahead leaves Ola at 23,6 hours.
    const kari = await as("kari@demo.no");
    expect(takeCheckDto.parse((await kari.get(`/api/shifts/${stand.id}/eligibility`)).json()).may).toBe(true);
    const soon = open.find((s) => s.title === "Ekstravakt anestesi" && s.requires.length === 0)!;
    const near = takeCheckDto.parse((await ola.get(`/api/shifts/${soon.id}/eligibility`)).json());
    expect([near.may, near.figures.overtime4Weeks]).toEqual([true, 23.6]);
  });

  it("keeps Kari and Ola equal in the fairness count (the browser journeys draw between them)", async () => {
    const res = await (await as("leder@demo.no")).get("/api/shifts/fairness");
    const { people } = fairnessOverview.parse(res.json());
    const count = (name: string) => people.find((p) => p.name === name)!.count;
    expect([count("Kari Nordmann"), count("Ola Nordmann")]).toEqual([4, 4]);
    // What they worked ended more than 8 days ago: shifts three weeks ahead are judged without it.
    const worked = await t.ctx.db
      .select({ endsAt: shifts.endsAt })
      .from(shiftAssignments)
      .innerJoin(shifts, eq(shifts.id, shiftAssignments.shiftId))
      .where(
        and(
          inArray(shiftAssignments.userId, [await id("kari@demo.no"), await id("ola@demo.no")]),
          eq(shifts.kind, "extra"),
          lt(shifts.startsAt, new Date()),
        ),
      );
    expect(worked).toHaveLength(7);
    expect(worked.every((s) => s.endsAt.getTime() < Date.now() - 8 * 86_400_000)).toBe(true);
  });
});
