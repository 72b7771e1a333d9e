/**
 * Mentions that follow the roster and urgent messages (issue 26), through the API: whom a
 * message reached and who may see it, 'Bekreft' (idempotent, a race gives one record, only
 * a recipient), the repeats and the leaders' 'Ikke bekreftet' with the clock moved, the
 * sender's rate, channels refused, the 'Haster' overview. One app and world for the file.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dutyLimits } from "../../../common/base/limits.ts";
import { currentShiftBlock } from "../../../common/domain/shift-block.ts";
import { type MessageDto, messageDto, urgentOverview } from "../../../common/schemas/chat.ts";
import type { RealtimeEvent } from "../../../common/schemas/realtime.ts";
import {
  chatMessageReach,
  chatUrgentMessages,
  dutyHoldings,
  dutyRoles,
  notifications,
} from "../../db/schema.ts";
import { createTestApp, type TestApp } from "../../test/harness.ts";
import { twoDepartments, type World } from "../../test/world.ts";
import { threadIdOf } from "./helpers.test-support.ts";

const minute = 60_000;
/**
 * The app's clock, moved by the tests by up to an hour: it starts a minute into the block
 * under way, so Kari's role (held for that block) is still hers at the end, whatever the
 * time of day the suite runs.
 */
let now = new Date(currentShiftBlock(new Date()).start.getTime() + minute);
let t: TestApp;
let w: World;
let dept: string;
let direct: string;
let roleId: string;

const heard: RealtimeEvent[] = [];
const send = (who: keyof World["as"], threadId: string, body: object) =>
  w.as[who].post(`/api/chat/threads/${threadId}/messages`, body);
const read = async (who: keyof World["as"], id: string): Promise<MessageDto> =>
  messageDto.parse((await w.as[who].get(`/api/chat/messages/${id}`)).json());
const noticesOf = (userId: string, type: "urgent_message" | "urgent_unacknowledged") =>
  t.ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.recipientUserId, userId), eq(notifications.type, type)));
const runJob = () => t.jobs.runNow("chat-urgent-notices");

beforeAll(async () => {
  t = await createTestApp({ URGENT_JOB_MS: "600000" }, { clock: { now: () => now } });
  w = await twoDepartments(t);
  dept = threadIdOf(await w.as.ola.post("/api/chat/department"));
  direct = threadIdOf(await w.as.lise.post("/api/chat/direct", { userId: w.ids.kari }));
  // Kari holds 'Ansvarshavende sykepleier' for the ongoing block; nobody holds 'Koordinator'.
  const [role] = await t.ctx.db
    .insert(dutyRoles)
    .values([
      { deptId: w.a, name: "Ansvarshavende sykepleier" },
      { deptId: w.a, name: "Koordinator" },
    ])
    .returning();
  roleId = role!.id;
  const block = currentShiftBlock(now);
  await t.ctx.db.insert(dutyHoldings).values({
    roleId,
    deptId: w.a,
    blockStart: block.start,
    blockEnd: block.end,
    userId: w.ids.kari,
    setBy: w.ids.leader,
  });
  for (const id of Object.values(w.ids)) t.ctx.bus.subscribe(`user:${id}`, (e) => heard.push(e));
});
afterAll(() => t?.close());

describe("mentions that follow the roster", () => {
  it("record whom '@role' and '@vakt' reached, shown to the sender and leaders only ('Nådde')", async () => {
    const res = await send("ola", dept, {
      content: "@Ansvarshavende sykepleier og @vakt: pasient på stue 2",
    });
    expect(res.statusCode).toBe(201);
    const sent = messageDto.parse(res.json());
    expect(sent.urgent).toBe(false);
    expect(sent.reach?.people).toEqual([
      expect.objectContaining({ userId: w.ids.kari, via: "role", roleName: "Ansvarshavende sykepleier" }),
    ]);
    expect((await read("leader", sent.id)).reach?.people.map((p) => p.userId)).toEqual([w.ids.kari]);
    // Not the sender, not a leader: no list, and a mention asks for no 'Bekreft'.
    const lise = await read("lise", sent.id);
    expect(lise.reach).toBeNull();
    const kari = await read("kari", sent.id);
    expect(kari.reach).toBeNull();
    expect(kari.abilities.acknowledge).toBe(false);
    expect(heard.some((e) => e.type === "chat.mentioned" && e.payload.messageId === sent.id)).toBe(true);
  });

  it("warns before sending of a role nobody holds ('Ingen har rollen nå'), and offers the roles after '@'", async () => {
    const check = await w.as.ola.post(`/api/chat/threads/${dept}/reach-check`, {
      content: "@koordinator og @Ansvarshavende sykepleier",
    });
    expect(check.json()).toMatchObject({
      unheldRoles: ["Koordinator"],
      people: [{ userId: w.ids.kari, via: "role", roleName: "Ansvarshavende sykepleier" }],
    });
    const options = (await w.as.ola.get(`/api/chat/threads/${dept}/mention-options`)).json();
    expect(options.roles).toEqual([
      { id: roleId, name: "Ansvarshavende sykepleier", held: true },
      expect.objectContaining({ name: "Koordinator", held: false }),
    ]);
    expect(options.people.map((p: { userId: string }) => p.userId)).toContain(w.ids.kari);
  });
});

describe("urgent messages", () => {
  let urgent: MessageDto;

  it("reach the role's holder, with a notice and an event; the holder alone is asked to 'Bekreft'", async () => {
    const res = await send("ola", dept, {
      content: "@Ansvarshavende sykepleier kom til stue 3",
      urgent: true,
    });
    expect(res.statusCode).toBe(201);
    urgent = messageDto.parse(res.json());
    expect(urgent.urgent).toBe(true);
    expect(urgent.reach).toMatchObject({
      acknowledged: 0,
      people: [{ userId: w.ids.kari, acknowledgedAt: null }],
    });
    expect(await noticesOf(w.ids.kari, "urgent_message")).toHaveLength(1);
    expect(
      heard.some(
        (e) => e.type === "chat.urgent" && e.payload.messageId === urgent.id && e.payload.notice === "sent",
      ),
    ).toBe(true);

    const kari = await read("kari", urgent.id);
    expect(kari).toMatchObject({ urgent: true, acknowledgement: { acknowledgedAt: null }, reach: null });
    expect(kari.abilities.acknowledge).toBe(true);
    const lise = await read("lise", urgent.id);
    expect(lise).toMatchObject({ urgent: true, acknowledgement: null, reach: null });
    expect(lise.abilities.acknowledge).toBe(false);
    expect((await read("leader", urgent.id)).reach?.people).toHaveLength(1);
    expect((await read("admin", urgent.id)).reach?.people).toHaveLength(1);
  });

  it("are acknowledged once, however many ask at once; others may not", async () => {
    const url = `/api/chat/messages/${urgent.id}/acknowledge`;
    expect((await w.as.lise.post(url)).statusCode).toBe(403);
    expect((await w.as.ola.post(url)).statusCode).toBe(403);
    expect((await w.as.per.post(url)).statusCode).toBe(404);
    const [a, b] = await Promise.all([w.as.kari.post(url), w.as.kari.post(url)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().acknowledgedAt).toBe(b.json().acknowledgedAt);
    const later = await w.as.kari.post(url);
    expect(later.json().acknowledgedAt).toBe(a.json().acknowledgedAt);
    const rows = await t.ctx.db
      .select()
      .from(chatMessageReach)
      .where(eq(chatMessageReach.messageId, urgent.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ nextNoticeAt: null });
    expect((await read("ola", urgent.id)).reach).toMatchObject({ acknowledged: 1 });
    // Her notice is read with it.
    const [notice] = await noticesOf(w.ids.kari, "urgent_message");
    expect(notice!.readAt).not.toBeNull();
  });

  it("shows 'Sett av' once a recipient has read past it", async () => {
    expect((await read("ola", urgent.id)).reach?.seen).toBe(0);
    const told: RealtimeEvent[] = [];
    const stop = t.ctx.bus.subscribe(`thread:${dept}`, (e) => told.push(e));
    await w.as.kari.post(`/api/chat/threads/${dept}/read`, { messageId: urgent.id });
    expect((await read("ola", urgent.id)).reach?.seen).toBe(1);
    // Live: the thread hears of it once, not again for a read that passes nothing new.
    await w.as.kari.post(`/api/chat/threads/${dept}/read`, { messageId: urgent.id });
    await new Promise((resolve) => setTimeout(resolve, 30));
    stop();
    expect(told.filter((e) => e.type === "message.seen").map((e) => e.payload)).toEqual([
      { threadId: dept, messageId: urgent.id },
    ]);
  });

  it("come again every 2 minutes until acknowledged, and after 5 minutes the leaders hear of it, once", async () => {
    const sentAt = now;
    const res = await send("ola", dept, { content: "@Ansvarshavende sykepleier ring meg", urgent: true });
    const id = messageDto.parse(res.json()).id;
    const mine = and(eq(chatMessageReach.messageId, id), eq(chatMessageReach.userId, w.ids.kari));
    const [notice] = (await noticesOf(w.ids.kari, "urgent_message")).filter((n) => n.readAt === null);
    // Kari reads the notice but does not acknowledge.
    await w.as.kari.post(`/api/notifications/${notice!.id}/read`);

    now = new Date(sentAt.getTime() + 1 * minute);
    await runJob();
    expect((await t.ctx.db.select().from(chatMessageReach).where(mine))[0]!.notices).toBe(1);

    now = new Date(sentAt.getTime() + 2 * minute);
    const before = heard.length;
    await runJob();
    const [row] = await t.ctx.db.select().from(chatMessageReach).where(mine);
    expect(row).toMatchObject({ notices: 2, nextNoticeAt: new Date(sentAt.getTime() + 4 * minute) });
    const raised = (await noticesOf(w.ids.kari, "urgent_message")).find((n) => n.id === notice!.id)!;
    expect(raised.readAt).toBeNull();
    expect(raised.createdAt).toEqual(now);
    const repeat = heard
      .slice(before)
      .filter((e) => e.type === "chat.urgent" && e.payload.messageId === id && e.payload.notice === "repeat");
    expect(repeat).toHaveLength(1);
    // Run again at the same time: nothing more.
    await runJob();
    expect((await t.ctx.db.select().from(chatMessageReach).where(mine))[0]!.notices).toBe(2);
    expect(await noticesOf(w.ids.leader, "urgent_unacknowledged")).toHaveLength(0);

    now = new Date(sentAt.getTime() + 5 * minute);
    await runJob();
    const told = await noticesOf(w.ids.leader, "urgent_unacknowledged");
    expect(told).toHaveLength(1);
    expect(told[0]!.payload).toMatchObject({ messageId: id, missing: 1 });
    // No leader is on the block in this world: all the department's leaders and admins hear.
    expect(await noticesOf(w.ids.admin, "urgent_unacknowledged")).toHaveLength(1);
    expect(await noticesOf(w.ids.ola, "urgent_unacknowledged")).toHaveLength(0);
    expect(await noticesOf(w.ids.leaderB, "urgent_unacknowledged")).toHaveLength(0);
    const [record] = await t.ctx.db
      .select()
      .from(chatUrgentMessages)
      .where(eq(chatUrgentMessages.messageId, id));
    expect(record).toMatchObject({ escalatedAt: now, escalateAt: null });
    now = new Date(sentAt.getTime() + 7 * minute);
    await runJob();
    expect(await noticesOf(w.ids.leader, "urgent_unacknowledged")).toHaveLength(1);

    // Acknowledged: no more repeats.
    await w.as.kari.post(`/api/chat/messages/${id}/acknowledge`);
    now = new Date(sentAt.getTime() + 9 * minute);
    await runJob();
    expect((await t.ctx.db.select().from(chatMessageReach).where(mine))[0]).toMatchObject({
      notices: 4,
      nextNoticeAt: null,
    });

    // Repeats end 30 minutes after sending.
    const late = messageDto.parse(
      (await send("ola", dept, { content: "@Ansvarshavende sykepleier igjen", urgent: true })).json(),
    );
    const lateSent = now;
    const theirs = and(eq(chatMessageReach.messageId, late.id), eq(chatMessageReach.userId, w.ids.kari));
    now = new Date(lateSent.getTime() + 29 * minute);
    await runJob();
    expect((await t.ctx.db.select().from(chatMessageReach).where(theirs))[0]).toMatchObject({
      nextNoticeAt: new Date(lateSent.getTime() + 30 * minute),
    });
    now = new Date(lateSent.getTime() + 31 * minute);
    await runJob();
    expect((await t.ctx.db.select().from(chatMessageReach).where(theirs))[0]).toMatchObject({
      notices: 3,
      nextNoticeAt: null,
    });
  });

  it("ask nobody any more once deleted", async () => {
    const sentAt = now;
    const sent = messageDto.parse(
      (await send("ola", dept, { content: "@Ansvarshavende sykepleier feil", urgent: true })).json(),
    );
    await w.as.ola.request("DELETE", `/api/chat/messages/${sent.id}`);
    const leaderNotices = (await noticesOf(w.ids.leader, "urgent_unacknowledged")).length;
    now = new Date(sentAt.getTime() + 6 * minute);
    await runJob();
    const [row] = await t.ctx.db
      .select()
      .from(chatMessageReach)
      .where(and(eq(chatMessageReach.messageId, sent.id), eq(chatMessageReach.userId, w.ids.kari)));
    expect(row).toMatchObject({ notices: 1, nextNoticeAt: null });
    expect(await noticesOf(w.ids.leader, "urgent_unacknowledged")).toHaveLength(leaderNotices);
  });

  it("in a DM reach the other person; in a channel they are refused; a sender's rate is limited", async () => {
    const dm = await send("lise", direct, { content: "Kan du ringe?", urgent: true });
    expect(dm.statusCode).toBe(201);
    expect(messageDto.parse(dm.json()).reach?.people).toEqual([
      expect.objectContaining({ userId: w.ids.kari, via: "dm" }),
    ]);
    // Not even an admin of the department sees whom a DM reached.
    expect((await w.as.admin.get(`/api/chat/messages/${dm.json().id}`)).statusCode).toBe(404);

    const channel = threadIdOf(await w.as.leader.post("/api/chat/channels", { name: "Haster-test" }));
    const refused = await send("leader", channel, { content: "Alle hit", urgent: true });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe("urgent_not_here");

    // No mention and nobody on the block (in B nobody holds a role or has a shift now): nobody to reach.
    const deptB = threadIdOf(await w.as.per.post("/api/chat/department"));
    const nobody = await send("per", deptB, { content: "Hjelp", urgent: true });
    expect(nobody.statusCode).toBe(422);
    expect(nobody.json().error.code).toBe("urgent_no_recipients");

    const codes: number[] = [];
    for (let i = 0; i < dutyLimits.urgentPerMinute; i++)
      codes.push((await send("lise", direct, { content: `Nr ${i}`, urgent: true })).statusCode);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThan(0);
    expect(codes.slice(0, dutyLimits.urgentPerMinute - 1).every((c) => c === 201)).toBe(true);
    // An ordinary message is not limited by it.
    expect((await send("lise", direct, { content: "Vanlig melding" })).statusCode).toBe(201);
  });

  it("are listed for the department's leaders in 'Haster' with 'Bekreftet av n av m', without DMs", async () => {
    const res = await w.as.leader.get("/api/chat/urgent");
    expect(res.statusCode).toBe(200);
    const overview = urgentOverview.parse(res.json());
    expect(overview.messages.length).toBe(3);
    expect(overview.messages.every((m) => m.threadKind !== "direct")).toBe(true);
    const first = overview.messages.find((m) => m.messageId === urgent.id)!;
    expect(first).toMatchObject({ acknowledged: 1, total: 1, escalatedAt: null });
    expect((await w.as.kari.get("/api/chat/urgent")).statusCode).toBe(403);
    expect(urgentOverview.parse((await w.as.leaderB.get("/api/chat/urgent")).json()).messages).toEqual([]);
  });
});
