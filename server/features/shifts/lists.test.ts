import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ShiftDto, shiftCounts, shiftList } from "../../../common/schemas/shifts.ts";
import { departments, shiftInterests, staff, user } from "../../db/schema.ts";
import { seedDemoShifts } from "../../db/seed/demo-shifts.ts";
import { addInterest, assignShiftTo, makeShift, makeStaff, signedInClient } from "../../test/factories.ts";
import { type Client, createTestApp, type TestApp } from "../../test/harness.ts";
import { type Person, shiftWorld, type World } from "./helpers.test-support.ts";

const hours = (n: number) => new Date(Date.now() + n * 3_600_000);

describe("extra shifts: the lists and their counts", () => {
  let t: TestApp;
  let w: World;
  let open: { early: string; late: string; liked: string };
  let drafts: string[];
  let mine: { soon: string; past: string; elsewhere: string; old: string };
  let firstTwo: string[];

  beforeAll(async () => {
    t = await createTestApp();
    w = await shiftWorld(t);
    const early = await makeShift(t, { dept: w.a, startsAt: hours(20) });
    const late = await makeShift(t, { dept: w.a, startsAt: hours(70) });
    const liked = await makeShift(t, { dept: w.a, startsAt: hours(40) });
    open = { early: early.id, late: late.id, liked: liked.id };
    // Seven interested: the card shows the first five, in the order they came.
    const extra = await Promise.all(
      Array.from({ length: 4 }, () => makeStaff(t, { role: "staff", dept: w.a, active: true })),
    );
    await addInterest(t, liked.id, [w.ids.ola, w.ids.kari, w.ids.lise, ...extra.map((e) => e.userId)]);
    firstTwo = extra.slice(0, 2).map((e) => e.userId);
    // Made a minute apart: two made at once may share a millisecond, and 'newest first'
    // would then be the ids' order.
    drafts = [
      (await makeShift(t, { dept: w.a, status: "draft", createdAt: new Date(Date.now() - 60_000) })).id,
      (await makeShift(t, { dept: w.a, status: "draft", createdAt: new Date() })).id,
    ];
    // B's shifts are B's.
    await makeShift(t, { dept: w.b });
    await makeShift(t, { dept: w.b, status: "draft" });

    // Kari's: one ahead, one last week, one in department B (where she also works), one too old.
    await t.ctx.db.insert(staff).values({ userId: w.ids.kari, deptId: w.b, role: "staff" });
    const assigned = async (dept: string, startsAt: Date) => {
      const s = await makeShift(t, { dept, startsAt });
      await assignShiftTo(t, s.id, w.ids.kari);
      return s.id;
    };
    mine = {
      soon: await assigned(w.a, hours(30)),
      past: await assigned(w.a, hours(-24 * 7)),
      elsewhere: await assigned(w.b, hours(50)),
      old: await assigned(w.a, hours(-24 * 40)),
    };
  });
  afterAll(() => t.close());

  const list = async (who: Person, view: string) => {
    const res = await w.as[who].get(`/api/shifts?view=${view}`);
    expect(res.statusCode, `${who} ${view}`).toBe(200);
    return shiftList.parse(res.json()).shifts;
  };
  const ids = (shifts: ShiftDto[]) => shifts.map((s) => s.id);

  it("lists the department's open shifts by start, with interest and abilities", async () => {
    const shifts = await list("kari", "open");
    expect(ids(shifts)).toEqual([open.early, open.liked, open.late]);
    const liked = shifts.find((s) => s.id === open.liked)!;
    expect(liked.interestCount).toBe(7);
    expect(liked.interested.map((p) => p.userId)).toEqual([w.ids.ola, w.ids.kari, w.ids.lise, ...firstTwo]);
    expect(liked.interested[0]).toEqual({ userId: w.ids.ola, name: w.names.ola, avatarUrl: null });
    expect(liked.isInterested).toBe(true);
    expect(liked.can).toMatchObject({ interest: true, assign: false, close: false, edit: false });
    expect(shifts.find((s) => s.id === open.early)!.isInterested).toBe(false);
    const asLeader = (await list("leader", "open")).find((s) => s.id === open.liked)!;
    // The leader runs it: 'Tildel automatisk', not 'Jeg er interessert'.
    expect(asLeader.can).toMatchObject({ interest: false, assign: true, close: true });
  });

  it("writes a shift once for those it shows the same, never giving one person's part to another", async () => {
    const newcomer = await makeStaff(t, { role: "staff", dept: w.a, active: true });
    const asNewcomer = await signedInClient(t, newcomer.userId);
    const liked = async (client: Client) =>
      shiftList
        .parse((await client.get("/api/shifts?view=open")).json())
        .shifts.find((s) => s.id === open.liked)!;
    // Kari (interested) first: what she sees is kept; then someone who is not, and the leader.
    const readers = [
      ["kari", w.as.kari, true, false],
      ["newcomer", asNewcomer, false, false],
      ["leader", w.as.leader, false, true],
      ["ola", w.as.ola, true, false],
      ["newcomer", asNewcomer, false, false],
    ] as const;
    for (const [who, client, interested, assigns] of readers) {
      const shift = await liked(client);
      expect(shift.isInterested, who).toBe(interested);
      expect(shift.can.assign, who).toBe(assigns);
      expect(shift.interestCount, who).toBe(7);
    }
  });

  it("keeps each department's shifts to itself", async () => {
    expect(ids(await list("per", "open"))).not.toContain(open.early);
    for (const who of ["per", "leaderB"] as const) {
      const res = await w.as[who].post(`/api/shifts/${open.early}/interest`);
      expect(res.statusCode, who).toBe(404);
      expect(res.json().error.code).toBe("shift_not_found");
    }
  });

  it("answers the open list from memory and follows every change at once", async () => {
    const fresh = await makeShift(t, { dept: w.a, status: "draft", startsAt: hours(90) });
    const warm = await list("kari", "open");
    // Kept: a row written behind the app's back is not seen...
    await addInterest(t, open.early, [w.ids.lise]);
    expect((await list("ola", "open")).find((s) => s.id === open.early)!.interestCount).toBe(
      warm.find((s) => s.id === open.early)!.interestCount,
    );
    // ...but each change the app makes is, for everyone, mine picked out per person.
    expect((await w.as.ola.post(`/api/shifts/${open.early}/interest`)).statusCode).toBe(200);
    const afterInterest = (await list("kari", "open")).find((s) => s.id === open.early)!;
    expect(afterInterest.interestCount).toBe(2);
    expect(afterInterest.isInterested).toBe(false);
    expect((await list("ola", "open")).find((s) => s.id === open.early)!.isInterested).toBe(true);
    expect((await w.as.leader.post(`/api/shifts/${fresh.id}/publish`)).statusCode).toBe(200);
    expect(ids(await list("kari", "open"))).toContain(fresh.id);
    expect((await w.as.leader.post(`/api/shifts/${fresh.id}/close`)).statusCode).toBe(200);
    expect(ids(await list("kari", "open"))).not.toContain(fresh.id);
    expect((await w.as.ola.request("DELETE", `/api/shifts/${open.early}/interest`)).statusCode).toBe(200);
    await t.ctx.db.delete(shiftInterests).where(eq(shiftInterests.shiftId, open.early));
  });

  it("'Venter svar' holds the open shifts I am interested in", async () => {
    expect(ids(await list("kari", "waiting"))).toEqual([open.liked]);
    expect(await list("admin", "waiting")).toEqual([]);
  });

  it("'Mine tildelte' holds my shifts in every department, upcoming first, then the last 30 days", async () => {
    const shifts = await list("kari", "assigned");
    expect(ids(shifts)).toEqual([mine.soon, mine.elsewhere, mine.past]);
    expect(shifts[0]!.assignment).toMatchObject({
      person: { userId: w.ids.kari, name: w.names.kari },
      method: "manual",
    });
    expect(await list("ola", "assigned")).toEqual([]);
  });

  it("shows drafts to the department's leaders and admins only, newest first", async () => {
    expect(ids(await list("leader", "drafts"))).toEqual([...drafts].reverse());
    expect(ids(await list("admin", "drafts"))).toEqual([...drafts].reverse());
    for (const who of ["kari", "per"] as const) {
      const res = await w.as[who].get("/api/shifts?view=drafts");
      expect(res.statusCode, who).toBe(403);
      expect(res.json().error.code).toBe("shift_manage_refused");
    }
    for (const view of ["open", "waiting", "assigned"])
      expect(ids(await list("kari", view)).some((id) => drafts.includes(id))).toBe(false);
  });

  it("counts what the tabs show, and the drafts only for those who see them", async () => {
    const counts = async (who: Person) =>
      shiftCounts.parse((await w.as[who].get("/api/shifts/counts")).json());
    expect(await counts("kari")).toEqual({
      open: 3,
      waiting: 1,
      assigned: 3,
      drafts: null,
      filled: null,
      interested: 7,
    });
    expect(await counts("leader")).toEqual({
      open: 3,
      waiting: 0,
      assigned: 0,
      drafts: 2,
      filled: 2,
      interested: 7,
    });
  });

  it("gives leaders the department's assigned shifts ('Tildelt'), newest assignment first, with the holder", async () => {
    const filled = await list("leader", "filled");
    // The 40-day-old one is past the window; B's is B's.
    expect(ids(filled)).toEqual([mine.past, mine.soon]);
    expect(filled.every((s) => s.status === "assigned")).toBe(true);
    expect(filled[0]!.assignment!.person).toMatchObject({ userId: w.ids.kari, name: w.names.kari });
    for (const who of ["kari", "per", "leaderB"] as const) {
      const res = await w.as[who].get("/api/shifts?view=filled");
      expect(res.statusCode, who).toBe(who === "leaderB" ? 200 : 403);
      if (who === "leaderB") expect(ids(shiftList.parse(res.json()).shifts)).not.toContain(mine.soon);
    }
  });

  it("needs a department to list anything", async () => {
    const [u] = await t.ctx.db
      .insert(user)
      .values({ name: "Ny Person", email: `ny-${Date.now()}@sykehus.no`, emailVerified: true })
      .returning();
    const client = await signedInClient(t, u!.id);
    const res = await client.get("/api/shifts?view=open");
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("no_department");
  });
});

describe("extra shifts: the demo data", () => {
  let t: TestApp;
  let as: (email: string) => Promise<Client>;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoShifts(t.ctx.db);
    as = async (email) => {
      const [u] = await t.ctx.db.select().from(user).where(eq(user.email, email));
      return signedInClient(t, u!.id);
    };
  });
  afterAll(() => t.close());

  it("has open shifts with interest, a draft and Kari's assigned shift with its outcome", async () => {
    const kari = await as("kari@demo.no");
    const openShifts = shiftList.parse((await kari.get("/api/shifts?view=open")).json()).shifts;
    expect(openShifts).toHaveLength(5);
    expect(openShifts.some((s) => s.isInterested)).toBe(true);
    const [assigned] = shiftList.parse((await kari.get("/api/shifts?view=assigned")).json()).shifts;
    expect(assigned!.can.viewOutcome).toBe(true);
    const outcome = (await kari.get(`/api/shifts/${assigned!.id}/outcome`)).json();
    expect(outcome).toMatchObject({ yourRank: 1, totalCandidates: 2, winnerName: "Kari Nordmann" });
    const leader = await as("leder@demo.no");
    expect(shiftList.parse((await leader.get("/api/shifts?view=drafts")).json()).shifts).toHaveLength(1);
    // Per works in Intensiv: his department's shift, none of Anestesi's.
    const per = await as("intensiv@demo.no");
    const [intensiv] = await t.ctx.db.select().from(departments).where(eq(departments.name, "Intensiv"));
    const his = shiftList.parse((await per.get("/api/shifts?view=open")).json()).shifts;
    expect(his.map((s) => s.deptId)).toEqual([intensiv!.id]);
  });
});

describe("extra shifts: an open list kept in memory as time passes", () => {
  let t: TestApp;
  let w: World;
  let now = new Date();
  beforeAll(async () => {
    t = await createTestApp({}, { clock: { now: () => now } });
    w = await shiftWorld(t);
  });
  afterAll(() => t.close());

  it("takes no more interest in a shift once it has started, though nothing else changed", async () => {
    const soon = await makeShift(t, { dept: w.a, startsAt: new Date(now.getTime() + 3_600_000) });
    const mine = async () => {
      const res = await w.as.kari.get("/api/shifts?view=open");
      return shiftList.parse(res.json()).shifts.find((s) => s.id === soon.id)!;
    };
    expect((await mine()).can.interest).toBe(true);
    expect((await mine()).can.interest).toBe(true);
    now = new Date(now.getTime() + 2 * 3_600_000);
    expect((await mine()).can.interest).toBe(false);
  });
});
