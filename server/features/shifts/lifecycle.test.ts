import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shiftDto, shiftList } from "../../../common/schemas/shifts.ts";
import { errorMessages } from "../../../common/texts/errors.ts";
import { notifications, shifts, staff } from "../../db/schema.ts";
import { JobRunner } from "../../platform/jobs.ts";
import { appWithout, makeShift, makeStaff, signedInClient } from "../../test/factories.ts";
import { createTestApp, type TestApp } from "../../test/harness.ts";
import { competence, form, shiftWorld, type World } from "./helpers.test-support.ts";
import { closeStartedJob } from "./jobs.ts";

describe("extra shifts: a shift's life", () => {
  let t: TestApp;
  let w: World;
  const now = () => new Date();

  beforeAll(async () => {
    t = await createTestApp();
    w = await shiftWorld(t);
  });
  afterAll(() => t.close());

  const create = (who: keyof World["as"], body: object) => w.as[who].post("/api/shifts", body);
  const draft = async () => {
    const res = await create("leader", form(now(), 3, 7, 15));
    expect(res.statusCode).toBe(201);
    return shiftDto.parse(res.json());
  };

  it("makes a draft for the leader's department, answered with what the leader may do", async () => {
    const res = await create("leader", form(now(), 2, 7, 15, { description: "  To stuer  " }));
    expect(res.statusCode).toBe(201);
    const shift = shiftDto.parse(res.json());
    expect(shift).toMatchObject({
      deptId: w.a,
      status: "draft",
      title: "Dagvakt",
      description: "To stuer",
      interestCount: 0,
      assignment: null,
      publishedAt: null,
    });
    expect(new Date(shift.endsAt).getTime() - new Date(shift.startsAt).getTime()).toBe(8 * 3_600_000);
    expect(shift.can).toEqual({
      edit: true,
      publish: true,
      delete: true,
      close: false,
      assign: false,
      interest: false,
      viewOutcome: false,
    });
  });

  it("refuses staff, and leaders of another department", async () => {
    for (const who of ["kari", "per"] as const) {
      const res = await create(who, form(now(), 2, 7, 15));
      expect(res.statusCode, who).toBe(403);
      expect(res.json().error.code).toBe("shift_manage_refused");
    }
    const res = await create("leaderB", form(now(), 2, 7, 15, { deptId: w.a }));
    expect(res.statusCode).toBe(403);
  });

  it("says what is wrong with the form, in the dialog's words", async () => {
    const refused = async (body: object, code: keyof typeof errorMessages) => {
      const res = await create("leader", body);
      expect(res.statusCode, code).toBe(422);
      expect(res.json().error).toEqual({ code, message: errorMessages[code] });
    };
    await refused(form(now(), -1, 7, 15), "shift_in_past");
    await refused(form(now(), 2, 9, 9), "shift_end_not_after_start");
    expect((await create("leader", { ...form(now(), 2, 7, 15), title: "Kaffepause" })).statusCode).toBe(400);
  });

  it("needs the department from someone who leads several", async () => {
    const leader = await makeStaff(t, { role: "leader", dept: w.a, active: true });
    await t.ctx.db.insert(staff).values({ userId: leader.userId, deptId: w.b, role: "leader" });
    const client = await signedInClient(t, leader.userId);
    const res = await client.post("/api/shifts", form(now(), 2, 7, 15));
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe("shift_dept_required");
    const inB = await client.post("/api/shifts", form(now(), 2, 7, 15, { deptId: w.b }));
    expect(inB.statusCode).toBe(201);
    expect(inB.json().deptId).toBe(w.b);
  });

  it("edits and deletes drafts only", async () => {
    const shift = await draft();
    const edited = await w.as.leader.request("PATCH", `/api/shifts/${shift.id}`, form(now(), 4, 15, 23));
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id: shift.id, title: "Dagvakt", status: "draft" });

    const open = await makeShift(t, { dept: w.a });
    const refused = await w.as.leader.request("PATCH", `/api/shifts/${open.id}`, form(now(), 4, 15, 23));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe("shift_not_draft");
    expect((await w.as.leader.request("DELETE", `/api/shifts/${open.id}`)).statusCode).toBe(409);

    const removed = await w.as.leader.request("DELETE", `/api/shifts/${shift.id}`);
    expect(removed.statusCode).toBe(204);
    expect((await w.as.leader.request("DELETE", `/api/shifts/${shift.id}`)).statusCode).toBe(404);
  });

  it("stores what a shift requires, by name in every answer; replaced on 'Rediger', kept without it", async () => {
    const [b, a, theirs] = [
      await competence(t, w.a, "Barnepleier"),
      await competence(t, w.a, "anestesisykepleier"),
      await competence(t, w.b, "Dialysesykepleier"),
    ];
    const made = await create("leader", form(now(), 3, 7, 15, { requires: [b, a, b] }));
    expect(made.statusCode, made.body).toBe(201);
    const shift = shiftDto.parse(made.json());
    expect(shift.requires).toEqual([
      { id: a, name: "anestesisykepleier" },
      { id: b, name: "Barnepleier" },
    ]);

    // Another department's competence: 422, and nothing made.
    const before = await t.ctx.db.select({ id: shifts.id }).from(shifts).where(eq(shifts.deptId, w.a));
    const refused = await create("leader", form(now(), 3, 7, 15, { requires: [a, theirs] }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe("competence_not_in_department");
    expect(await t.ctx.db.select({ id: shifts.id }).from(shifts).where(eq(shifts.deptId, w.a))).toHaveLength(
      before.length,
    );

    const edit = (body: object) => w.as.leader.request("PATCH", `/api/shifts/${shift.id}`, body);
    const kept = await edit(form(now(), 4, 15, 23));
    expect(shiftDto.parse(kept.json()).requires.map((c) => c.id)).toEqual([a, b]);
    const replaced = await edit(form(now(), 4, 15, 23, { requires: [b] }));
    expect(shiftDto.parse(replaced.json()).requires).toEqual([{ id: b, name: "Barnepleier" }]);
    expect((await edit(form(now(), 4, 15, 23, { requires: [theirs] }))).json().error.code).toBe(
      "competence_not_in_department",
    );

    // Published, it carries them as read afresh, and in the open list (staff see the names).
    const published = await w.as.leader.post(`/api/shifts/${shift.id}/publish`);
    expect(shiftDto.parse(published.json()).requires).toEqual([{ id: b, name: "Barnepleier" }]);
    const open = shiftList.parse((await w.as.kari.get("/api/shifts?view=open")).json()).shifts;
    expect(open.find((s) => s.id === shift.id)!.requires).toEqual([{ id: b, name: "Barnepleier" }]);
    expect(open.filter((s) => s.id !== shift.id).every((s) => s.requires.length === 0)).toBe(true);
  });

  it("publishes a draft and tells every other active member of the department", async () => {
    const gone = await makeStaff(t, { role: "staff", dept: w.a, active: false });
    const shift = await draft();
    const res = await w.as.leader.post(`/api/shifts/${shift.id}/publish`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "open", can: { publish: false, close: true, assign: true } });
    expect(res.json().publishedAt).not.toBeNull();

    await t.ctx.background.settled(); // written right after the commit
    const published = await t.ctx.db
      .select({ to: notifications.recipientUserId, payload: notifications.payload })
      .from(notifications)
      .where(eq(notifications.type, "shift_published"));
    const mine = published.filter((n) => (n.payload as { shiftId: string }).shiftId === shift.id);
    const told = new Set(mine.map((n) => n.to));
    for (const who of [w.ids.admin, w.ids.kari, w.ids.ola, w.ids.lise]) expect(told.has(who)).toBe(true);
    // Not the publisher, nobody deactivated, nobody of another department.
    for (const who of [w.ids.leader, gone.userId, w.ids.per, w.ids.leaderB])
      expect(told.has(who)).toBe(false);
    expect(mine[0]!.payload).toEqual({ shiftId: shift.id, title: "Dagvakt", startsAt: shift.startsAt });

    const again = await w.as.leader.post(`/api/shifts/${shift.id}/publish`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("shift_not_draft");
  });

  it("does not publish a draft whose start has passed", async () => {
    const shift = await makeShift(t, {
      dept: w.a,
      status: "draft",
      startsAt: new Date(Date.now() - 3_600_000),
    });
    const res = await w.as.leader.post(`/api/shifts/${shift.id}/publish`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe("shift_started");
  });

  it("keeps drafts from staff: they do not exist for them", async () => {
    const shift = await draft();
    for (const who of ["kari", "per", "leaderB"] as const) {
      for (const res of [
        await w.as[who].post(`/api/shifts/${shift.id}/publish`),
        await w.as[who].request("DELETE", `/api/shifts/${shift.id}`),
        await w.as[who].post(`/api/shifts/${shift.id}/interest`),
      ]) {
        expect(res.statusCode, who).toBe(404);
        expect(res.json().error.code).toBe("shift_not_found");
      }
    }
  });

  it("lets leaders close an open shift, and staff not", async () => {
    const shift = await makeShift(t, { dept: w.a });
    const refused = await w.as.kari.post(`/api/shifts/${shift.id}/close`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe("shift_manage_refused");
    expect((await w.as.per.post(`/api/shifts/${shift.id}/close`)).statusCode).toBe(404);
    const res = await w.as.leader.post(`/api/shifts/${shift.id}/close`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "closed", can: { close: false, interest: false } });
    const again = await w.as.leader.post(`/api/shifts/${shift.id}/close`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("shift_not_open");
  });

  it("closes open shifts whose start passed unassigned, and nothing else", async () => {
    const started = await makeShift(t, { dept: w.a, startsAt: new Date(Date.now() - 60_000) });
    const later = await makeShift(t, { dept: w.a });
    const draftStarted = await makeShift(t, {
      dept: w.a,
      status: "draft",
      startsAt: new Date(Date.now() - 60_000),
    });
    const runner = new JobRunner({ db: t.ctx.db, bus: t.ctx.bus, clock: t.ctx.clock, log: t.ctx.log }, [
      closeStartedJob,
    ]);
    expect(await runner.runNow(closeStartedJob.name)).toBe("ran");
    await runner.stop();
    const statuses = await t.ctx.db
      .select({ id: shifts.id, status: shifts.status, closedAt: shifts.closedAt })
      .from(shifts)
      .where(eq(shifts.deptId, w.a));
    const of = (id: string) => statuses.find((s) => s.id === id)!;
    expect(of(started.id).status).toBe("closed");
    expect(of(started.id).closedAt).not.toBeNull();
    expect(of(later.id).status).toBe("open");
    expect(of(draftStarted.id).status).toBe("draft");
  });
});

describe("extra shifts: dates in Oslo time", () => {
  // Saturday 24 October 2026, noon in Oslo: summer time ends the next night at 03:00.
  const clock = { now: () => new Date("2026-10-24T10:00:00Z") };
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    w = await shiftWorld(t);
  });
  afterAll(() => t.close());

  it("ends a night shift the next day, across the change to winter time (9 hours)", async () => {
    const res = await w.as.leader.post("/api/shifts", form(clock.now(), 0, 23, 7, { title: "Nattevakt" }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      startsAt: "2026-10-24T21:00:00.000Z",
      endsAt: "2026-10-25T06:00:00.000Z",
    });
  });

  it("refuses today at an hour that has passed, and yesterday", async () => {
    const passed = await w.as.leader.post("/api/shifts", form(clock.now(), 0, 11, 15));
    expect(passed.json().error.code).toBe("shift_start_passed");
    const yesterday = await w.as.leader.post("/api/shifts", form(clock.now(), -1, 13, 15));
    expect(yesterday.json().error.code).toBe("shift_in_past");
    expect((await w.as.leader.post("/api/shifts", form(clock.now(), 0, 13, 15))).statusCode).toBe(201);
  });
});

describe("extra shifts: switched off", () => {
  it("answers 404 feature_disabled everywhere", async () => {
    const t = await appWithout(["shifts"]);
    try {
      const w = await shiftWorld(t);
      const shift = await makeShift(t, { dept: w.a });
      for (const res of [
        await w.as.leader.get("/api/shifts?view=open"),
        await w.as.leader.get("/api/shifts/counts"),
        await w.as.leader.post("/api/shifts", form(new Date(), 2, 7, 15)),
        await w.as.kari.post(`/api/shifts/${shift.id}/interest`),
        await w.as.leader.post(`/api/shifts/${shift.id}/assign`),
        await w.as.kari.get("/api/shifts/calendar"),
        await t.client().get("/cal/whatever"),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe("feature_disabled");
      }
    } finally {
      await t.close();
    }
  });
});
