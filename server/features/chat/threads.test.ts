import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  channelList,
  directThreadList,
  threadDto,
  unreadCounts as unreadCountsSchema,
} from "../../../common/schemas/chat.ts";
import { errorMessages } from "../../../common/texts/errors.ts";
import { chatThreadMembers, chatThreads, staff } from "../../db/schema.ts";
import { appWithout, makeStaff, signedInClient } from "../../test/factories.ts";
import { type Client, createTestApp, driver, type TestApp } from "../../test/harness.ts";
import { type DemoName, demoClients, demoIds, threadIdOf } from "./helpers.test-support.ts";

const missingThread = { error: { code: "thread_not_found", message: errorMessages.thread_not_found } };

describe("chat threads", () => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let as: Record<DemoName, Client>;

  beforeAll(async () => {
    t = await createTestApp();
    ids = await demoIds(t);
    as = await demoClients(t, ids);
  });
  afterAll(() => t.close());

  const post = (who: DemoName, threadId: string, content: string) =>
    as[who].post(`/api/chat/threads/${threadId}/messages`, { content });

  describe("department thread", () => {
    it("is one per department, made on first use, named after the department", async () => {
      const first = await as.kari.post("/api/chat/department");
      expect(first.statusCode).toBe(200);
      const thread = threadDto.parse(first.json());
      expect(thread).toMatchObject({ kind: "department", name: "Anestesi", isPublic: false, isMember: true });
      expect(thread.abilities).toEqual({ write: true, join: false, addMembers: false });
      expect(thread.members.map((m) => m.fullName)).toContain("Ola Nordmann");
      expect(threadIdOf(await as.ola.post("/api/chat/department"))).toBe(thread.id);
      const per = threadIdOf(await as.per.post("/api/chat/department"));
      expect(per).not.toBe(thread.id);
      const rows = await t.ctx.db.select().from(chatThreads).where(eq(chatThreads.kind, "department"));
      expect(rows).toHaveLength(2);
    });

    it("is hidden from staff of another department, like a thread that does not exist", async () => {
      const anestesi = threadIdOf(await as.kari.post("/api/chat/department"));
      for (const res of [
        await as.per.get(`/api/chat/threads/${anestesi}`),
        await as.per.get(`/api/chat/threads/${anestesi}/messages`),
        await post("per", anestesi, "Hei"),
        await as.per.get(`/api/chat/threads/${randomUUID()}`),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual(missingThread);
      }
    });

    it("refuses a person without a department", async () => {
      const newcomer = await makeStaff(t, { role: "staff", dept: ids.anestesi, active: true });
      await t.ctx.db.delete(staff).where(eq(staff.userId, newcomer.userId));
      const res = await (await signedInClient(t, newcomer.userId)).post("/api/chat/department");
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({ code: "no_department", message: "Ingen avdeling funnet" });
    });
  });

  describe("shift thread", () => {
    it("is the block under way, one per department, block and day", async () => {
      const res = await as.kari.post("/api/chat/shift");
      expect(res.statusCode).toBe(200);
      const thread = threadDto.parse(res.json());
      expect(thread.kind).toBe("shift");
      expect(thread.shift).toMatchObject({ current: true });
      expect(thread.name).toBe(thread.shift!.name);
      expect(["Dagvakt", "Kveldsvakt", "Nattevakt"]).toContain(thread.name);
      expect(new Date(thread.shift!.startsAt) <= new Date()).toBe(true);
      expect(thread.abilities.addMembers).toBe(true);
      expect(threadIdOf(await as.leader.post("/api/chat/shift"))).toBe(thread.id);
      expect(threadIdOf(await as.per.post("/api/chat/shift"))).not.toBe(thread.id);
    });
  });

  describe("direct threads", () => {
    it("are one per pair, from either side, and only with colleagues of my department", async () => {
      const res = await as.kari.post("/api/chat/direct", { userId: ids.ola });
      expect(res.statusCode).toBe(200);
      const thread = threadDto.parse(res.json());
      expect(thread).toMatchObject({ kind: "direct", name: "Ola Nordmann", isMember: true });
      expect(thread.other).toMatchObject({ userId: ids.ola, fullName: "Ola Nordmann" });
      expect(thread.members.map((m) => m.userId).sort()).toEqual([ids.kari, ids.ola].sort());
      expect(threadIdOf(await as.ola.post("/api/chat/direct", { userId: ids.kari }))).toBe(thread.id);

      const other = await as.kari.post("/api/chat/direct", { userId: ids.per });
      expect(other.statusCode).toBe(422);
      expect(other.json().error.code).toBe("not_a_colleague");
      const nobody = await as.kari.post("/api/chat/direct", { userId: randomUUID() });
      expect(nobody.json()).toEqual(other.json());
      expect((await as.kari.post("/api/chat/direct", { userId: ids.kari })).json().error.code).toBe(
        "direct_with_self",
      );
    });

    it("are hidden from everyone else, admins included, like a thread that does not exist", async () => {
      const dm = threadIdOf(await as.kari.post("/api/chat/direct", { userId: ids.ola }));
      await post("kari", dm, "Bare mellom oss");
      for (const who of ["admin", "leader", "per"] as const) {
        for (const res of [
          await as[who].get(`/api/chat/threads/${dm}`),
          await as[who].get(`/api/chat/threads/${dm}/messages`),
          await post(who, dm, "Hei"),
          await as[who].post(`/api/chat/threads/${dm}/read`, { messageId: randomUUID() }),
          await as[who].post(`/api/chat/threads/${dm}/members`, { userIds: [ids[who]] }),
        ]) {
          expect(res.statusCode, who).toBe(404);
          expect(res.json()).toEqual(missingThread);
        }
      }
    });

    it("are listed with the other person, the last message that is not deleted and my unread count", async () => {
      const leader = await makeStaff(t, {
        role: "leader",
        dept: ids.anestesi,
        active: true,
        name: "Åse Leder",
      });
      const me = await makeStaff(t, { role: "staff", dept: ids.anestesi, active: true, name: "Bo Ansatt" });
      const [mine, theirs] = [await signedInClient(t, me.userId), await signedInClient(t, leader.userId)];
      const dm = threadIdOf(await mine.post("/api/chat/direct", { userId: leader.userId }));
      expect((await mine.get("/api/chat/direct")).json().threads).toMatchObject([
        { threadId: dm, lastMessage: null, unread: 0 },
      ]);
      await theirs.post(`/api/chat/threads/${dm}/messages`, { content: "Første" });
      const second = (await theirs.post(`/api/chat/threads/${dm}/messages`, { content: "Andre" })).json();
      await theirs.request("DELETE", `/api/chat/messages/${second.id}`);
      const list = directThreadList.parse((await mine.get("/api/chat/direct")).json());
      expect(list.threads).toHaveLength(1);
      expect(list.threads[0]).toMatchObject({
        threadId: dm,
        other: { userId: leader.userId, fullName: "Åse Leder" },
        lastMessage: { content: "Første", authorId: leader.userId },
        unread: 1,
      });
    });

    it("makes one thread of 20 requests at once", async () => {
      const a = await makeStaff(t, { role: "staff", dept: ids.anestesi, active: true });
      const b = await makeStaff(t, { role: "staff", dept: ids.anestesi, active: true });
      const [ca, cb] = [await signedInClient(t, a.userId), await signedInClient(t, b.userId)];
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          i % 2
            ? ca.post("/api/chat/direct", { userId: b.userId })
            : cb.post("/api/chat/direct", { userId: a.userId }),
        ),
      );
      expect(new Set(answers.map((res) => threadIdOf(res))).size).toBe(1);
      const threads = await t.ctx.db
        .select()
        .from(chatThreads)
        .where(and(eq(chatThreads.kind, "direct"), eq(chatThreads.createdBy, a.userId)));
      const byB = await t.ctx.db
        .select()
        .from(chatThreads)
        .where(and(eq(chatThreads.kind, "direct"), eq(chatThreads.createdBy, b.userId)));
      expect(threads.length + byB.length).toBe(1);
      const members = await t.ctx.db
        .select()
        .from(chatThreadMembers)
        .where(eq(chatThreadMembers.threadId, threadIdOf(answers[0]!)));
      expect(members).toHaveLength(2);
      if (driver === "postgres") expect(answers.every((res) => res.statusCode === 200)).toBe(true);
    });

    it("follows two people into the department they now share", async () => {
      const a = await makeStaff(t, { role: "staff", dept: ids.anestesi, active: true });
      const b = await makeStaff(t, { role: "staff", dept: ids.anestesi, active: true });
      const ca = await signedInClient(t, a.userId);
      const dm = threadIdOf(await ca.post("/api/chat/direct", { userId: b.userId }));
      // Both move to Intensiv; their Anestesi records are deactivated.
      for (const person of [a, b]) {
        await t.ctx.db.insert(staff).values({ userId: person.userId, deptId: ids.intensiv, role: "staff" });
        await t.ctx.db
          .update(staff)
          .set({ isActive: false })
          .where(and(eq(staff.userId, person.userId), eq(staff.deptId, ids.anestesi)));
      }
      const again = await signedInClient(t, a.userId);
      expect((await again.get(`/api/chat/threads/${dm}`)).statusCode).toBe(404);
      expect(threadIdOf(await again.post("/api/chat/direct", { userId: b.userId }))).toBe(dm);
      expect((await again.get(`/api/chat/threads/${dm}`)).json()).toMatchObject({ deptId: ids.intensiv });
    });
  });

  describe("channels", () => {
    it("are made by leaders and admins, with a name that is required, short and unique in the department", async () => {
      const made = await as.leader.post("/api/chat/channels", { name: "  Operasjon   1 ", isPublic: true });
      expect(made.statusCode).toBe(201);
      expect(threadDto.parse(made.json())).toMatchObject({
        kind: "channel",
        name: "Operasjon 1",
        isPublic: true,
        isMember: true,
      });
      const staffTry = await as.kari.post("/api/chat/channels", { name: "Kaffe" });
      expect(staffTry.statusCode).toBe(403);
      expect(staffTry.json().error.code).toBe("channel_create_refused");
      const cases = [
        [{ name: "   " }, 422, "channel_name_required"],
        [{ name: "x".repeat(51) }, 422, "channel_name_too_long"],
        [{ name: "operasjon 1" }, 409, "channel_name_taken"],
        [{ name: "Linje\nskift" }, 400, "validation_failed"],
      ] as const;
      for (const [body, status, code] of cases) {
        const res = await as.admin.post("/api/chat/channels", body);
        expect(res.statusCode, code).toBe(status);
        expect(res.json().error.code).toBe(code);
      }
      expect((await as.admin.post("/api/chat/channels", { name: "x".repeat(50) })).statusCode).toBe(201);
      // Another department may use the same name.
      const intensivLeader = await makeStaff(t, { role: "leader", dept: ids.intensiv, active: true });
      const there = await signedInClient(t, intensivLeader.userId);
      expect((await there.post("/api/chat/channels", { name: "Operasjon 1" })).statusCode).toBe(201);
    });

    it("list the public ones and my private ones; a private channel is hidden from everyone else", async () => {
      const open = threadIdOf(await as.leader.post("/api/chat/channels", { name: "Åpen kanal" }));
      const closed = threadIdOf(
        await as.leader.post("/api/chat/channels", { name: "Lukket kanal", isPublic: false }),
      );
      const karis = channelList.parse((await as.kari.get("/api/chat/channels")).json());
      expect(karis.channels.find((c) => c.id === open)).toMatchObject({
        isPublic: true,
        isMember: false,
        memberCount: 1,
        unread: 0,
      });
      expect(karis.channels.some((c) => c.id === closed)).toBe(false);
      expect(
        (await as.leader.get("/api/chat/channels")).json().channels.map((c: { id: string }) => c.id),
      ).toEqual(expect.arrayContaining([open, closed]));
      for (const who of ["kari", "admin", "per"] as const) {
        for (const res of [
          await as[who].get(`/api/chat/threads/${closed}`),
          await as[who].get(`/api/chat/threads/${closed}/messages`),
          await post(who, closed, "Hei"),
          await as[who].post(`/api/chat/channels/${closed}/join`),
        ]) {
          expect(res.statusCode, who).toBe(404);
          expect(res.json()).toEqual(missingThread);
        }
      }
      // A public channel is read by the department, written by its members after 'Bli med'.
      expect((await as.kari.get(`/api/chat/threads/${open}`)).json()).toMatchObject({
        isMember: false,
        abilities: { write: false, join: true },
      });
      expect((await post("kari", open, "Hei")).statusCode).toBe(404);
      const joined = await as.kari.post(`/api/chat/channels/${open}/join`);
      expect(joined.statusCode).toBe(200);
      expect(joined.json()).toMatchObject({ isMember: true, abilities: { write: true, join: false } });
      expect((await post("kari", open, "Hei")).statusCode).toBe(201);
      expect((await as.per.post(`/api/chat/channels/${open}/join`)).statusCode).toBe(404);
    });

    it("take added members from the same department only, at least one", async () => {
      const channel = threadIdOf(
        await as.leader.post("/api/chat/channels", { name: "Tillagte", isPublic: false }),
      );
      const add = (who: DemoName, userIds: string[]) =>
        as[who].post(`/api/chat/threads/${channel}/members`, { userIds });
      const none = await add("leader", []);
      expect(none.statusCode).toBe(422);
      expect(none.json().error).toEqual({ code: "no_members_selected", message: "Ingen valgt" });
      const foreign = await add("leader", [ids.kari, ids.per]);
      expect(foreign.statusCode).toBe(422);
      expect(foreign.json().error).toEqual({
        code: "members_not_in_department",
        message: "Kan bare legge til personer fra samme avdeling",
      });
      expect((await add("leader", [ids.kari, ids.ola, ids.kari])).json()).toEqual({ added: 2 });
      expect((await add("leader", [ids.kari])).json()).toEqual({ added: 0 });
      // Kari is a member now and may add colleagues too; Per still cannot see the channel.
      expect((await add("kari", [ids.secretary])).json()).toEqual({ added: 1 });
      expect((await add("per", [ids.per])).json()).toEqual(missingThread);
      const header = threadDto.parse((await as.ola.get(`/api/chat/threads/${channel}`)).json());
      expect(header.members).toHaveLength(4);
    });

    it("cannot be added to a department thread or a DM", async () => {
      const dept = threadIdOf(await as.leader.post("/api/chat/department"));
      const res = await as.leader.post(`/api/chat/threads/${dept}/members`, { userIds: [ids.kari] });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe("add_members_refused");
    });
  });

  describe("unread counts", () => {
    it("count what others wrote since my read position, per kind, and move forward only", async () => {
      const a = await makeStaff(t, { role: "staff", dept: ids.akuttmottak, active: true });
      const b = await makeStaff(t, { role: "staff", dept: ids.akuttmottak, active: true });
      const [ca, cb] = [await signedInClient(t, a.userId), await signedInClient(t, b.userId)];
      const dept = threadIdOf(await ca.post("/api/chat/department"));
      const dm = threadIdOf(await ca.post("/api/chat/direct", { userId: b.userId }));
      const written = [];
      for (const text of ["en", "to", "tre"])
        written.push((await cb.post(`/api/chat/threads/${dept}/messages`, { content: text })).json().id);
      await cb.post(`/api/chat/threads/${dm}/messages`, { content: "hei" });
      await ca.post(`/api/chat/threads/${dept}/messages`, { content: "mitt eget" });

      const counts = unreadCountsSchema.parse((await ca.get("/api/chat/unread")).json());
      expect(counts).toMatchObject({ department: 3, direct: 1, shift: 0, channels: 0 });
      expect(counts.threads).toEqual(
        expect.arrayContaining([
          { threadId: dept, kind: "department", unread: 3 },
          { threadId: dm, kind: "direct", unread: 1 },
        ]),
      );

      const read = (messageId: string) => ca.post(`/api/chat/threads/${dept}/read`, { messageId });
      expect((await read(written[1])).json()).toEqual({ unread: 1 });
      expect((await read(written[0])).json()).toEqual({ unread: 1 });
      expect((await read(written[2])).json()).toEqual({ unread: 0 });
      expect((await ca.get("/api/chat/unread")).json()).toMatchObject({ department: 0, direct: 1 });
      // A message of another thread is not a position in this one.
      const foreign = await ca.post(`/api/chat/threads/${dept}/read`, { messageId: randomUUID() });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().error.code).toBe("message_not_found");
    });
  });
});

describe("chat with channels, shift chat and reactions switched off", () => {
  let t: TestApp;
  let as: Record<DemoName, Client>;
  let ids: Awaited<ReturnType<typeof demoIds>>;

  beforeAll(async () => {
    t = await appWithout(["channels", "shiftChat", "chatReactions"]);
    ids = await demoIds(t);
    as = await demoClients(t, ids);
  });
  afterAll(() => t.close());

  it("answers their endpoints, and their threads, with 404 feature_disabled", async () => {
    const [channel] = await t.ctx.db
      .insert(chatThreads)
      .values({ kind: "channel", deptId: ids.anestesi, name: "Gammel", isPublic: true })
      .returning();
    const disabled = { code: "feature_disabled", message: errorMessages.feature_disabled };
    for (const res of [
      await as.leader.post("/api/chat/shift"),
      await as.leader.get("/api/chat/channels"),
      await as.leader.post("/api/chat/channels", { name: "Ny" }),
      await as.kari.post(`/api/chat/channels/${channel!.id}/join`),
      await as.kari.get(`/api/chat/threads/${channel!.id}`),
      await as.kari.get(`/api/chat/threads/${channel!.id}/messages`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual(disabled);
    }
    // Who may not see a thread learns nothing of its kind.
    expect((await as.per.get(`/api/chat/threads/${channel!.id}`)).json()).toEqual(missingThread);
    // The department thread and direct messages stay.
    expect((await as.kari.post("/api/chat/department")).statusCode).toBe(200);
    expect((await as.kari.post("/api/chat/direct", { userId: ids.ola })).statusCode).toBe(200);
  });
});
