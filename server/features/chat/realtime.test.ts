import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { type RealtimeServerFrame, realtimeServerFrame, topics } from "../../../common/schemas/realtime.ts";
import { errorMessages } from "../../../common/texts/errors.ts";
import { chatThreadMembers } from "../../db/schema.ts";
import type { BusEvent } from "../../platform/events.ts";
import { makeStaff, signedInClient } from "../../test/factories.ts";
import { type Client, createTestApp, type TestApp } from "../../test/harness.ts";
import { type DemoName, demoClients, demoIds, settle, threadIdOf } from "./helpers.test-support.ts";

/** A socket of one signed-in person that answers each subscription with the server's frame for it. */
async function socketOf(url: string, client: Client) {
  const ws = new WebSocket(url, {
    headers: client.browserHeaders(),
  });
  const frames: RealtimeServerFrame[] = [];
  ws.on("message", (data) => frames.push(realtimeServerFrame.parse(JSON.parse(data.toString()))));
  await new Promise((resolve, reject) => ws.on("open", resolve).on("error", reject));
  const take = async <F extends RealtimeServerFrame>(match: (f: RealtimeServerFrame) => f is F) => {
    for (let i = 0; i < 200; i++) {
      const at = frames.findIndex(match);
      if (at >= 0) return frames.splice(at, 1)[0] as F;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error("no such frame");
  };
  const answer = (topic: string) =>
    take((f): f is RealtimeServerFrame => "topic" in f && f.topic === topic && f.type !== "event");
  return {
    async subscribe(topic: string) {
      ws.send(JSON.stringify({ type: "subscribe", topic }));
      return answer(topic);
    },
    /** the next frame the server sends about the topic unasked (not an event) */
    answer,
    event: (type: string) =>
      take(
        (f): f is Extract<RealtimeServerFrame, { type: "event" }> =>
          f.type === "event" && f.event.type === type,
      ),
    close: () => ws.close(),
  };
}

describe("chat over realtime", () => {
  let t: TestApp;
  let url: string;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let as: Record<DemoName, Client>;

  beforeAll(async () => {
    t = await createTestApp();
    ids = await demoIds(t);
    as = await demoClients(t, ids);
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    url = `${address.replace("http", "ws")}/api/realtime`;
  });
  afterAll(() => t.close());

  it("lets readers follow a thread and tells them of new messages after the commit", async () => {
    const dept = threadIdOf(await as.kari.post("/api/chat/department"));
    const socket = await socketOf(url, as.ola);
    expect(await socket.subscribe(topics.thread(dept))).toMatchObject({
      type: "subscribed",
      topic: topics.thread(dept),
    });
    const message = (await as.kari.post(`/api/chat/threads/${dept}/messages`, { content: "Hei" })).json();
    expect((await socket.event("message.created")).event.payload).toEqual({
      threadId: dept,
      messageId: message.id,
    });
    socket.close();
  });

  it("refuses a DM or private channel to everyone else exactly like a thread that does not exist", async () => {
    const dm = threadIdOf(await as.kari.post("/api/chat/direct", { userId: ids.ola }));
    const channel = threadIdOf(
      await as.leader.post("/api/chat/channels", { name: "Privat", isPublic: false }),
    );
    const refusal = (topic: string) => ({
      type: "error",
      topic,
      code: "thread_not_found",
      message: errorMessages.thread_not_found,
    });
    for (const who of ["admin", "leader", "per"] as const) {
      const socket = await socketOf(url, as[who]);
      const missing = topics.thread(randomUUID());
      expect(await socket.subscribe(missing)).toEqual(refusal(missing));
      expect(await socket.subscribe(topics.thread(dm)), who).toEqual(refusal(topics.thread(dm)));
      if (who !== "leader")
        expect(await socket.subscribe(topics.thread(channel)), who).toEqual(refusal(topics.thread(channel)));
      socket.close();
    }
    const member = await socketOf(url, as.ola);
    expect(await member.subscribe(topics.thread(dm))).toMatchObject({ type: "subscribed" });
    member.close();
  });

  it("publishes each change on the thread, and the members' unread changes on their own topics", async () => {
    const dm = threadIdOf(await as.kari.post("/api/chat/direct", { userId: ids.ola }));
    const heard: BusEvent[] = [];
    const stops = [topics.thread(dm), topics.user(ids.ola), topics.user(ids.kari)].map((topic) =>
      t.ctx.bus.subscribe(topic, (e) => heard.push(e)),
    );
    const message = (await as.kari.post(`/api/chat/threads/${dm}/messages`, { content: "Hei" })).json();
    await as.kari.request("PATCH", `/api/chat/messages/${message.id}`, { content: "Hei igjen" });
    await as.ola.post(`/api/chat/messages/${message.id}/reactions`, { emoji: "👍" });
    await as.kari.request("DELETE", `/api/chat/messages/${message.id}`);
    await as.kari.post(`/api/chat/messages/${message.id}/restore`);
    await as.ola.post(`/api/chat/threads/${dm}/read`, { messageId: message.id });
    await settle();
    for (const stop of stops) stop();
    const ref = { threadId: dm, messageId: message.id };
    expect(heard.map((e) => [e.topic, e.type, e.payload])).toEqual([
      [topics.thread(dm), "message.created", ref],
      // A new message is one more, not counted while posting; other changes say the count.
      [topics.user(ids.ola), "chat.unread", { threadId: dm, kind: "direct", added: 1 }],
      [topics.thread(dm), "message.edited", ref],
      [topics.thread(dm), "reaction.changed", ref],
      [topics.thread(dm), "message.deleted", ref],
      [topics.user(ids.ola), "chat.unread", { threadId: dm, kind: "direct", unread: 0 }],
      [topics.thread(dm), "message.restored", ref],
      [topics.user(ids.ola), "chat.unread", { threadId: dm, kind: "direct", unread: 1 }],
      [topics.user(ids.ola), "chat.unread", { threadId: dm, kind: "direct", unread: 0 }],
    ]);
  });

  it("counts the next message for someone who became a member by writing, though the thread is kept in memory", async () => {
    const dept = threadIdOf(await as.kari.post("/api/chat/department"));
    const newcomer = await makeStaff(t, { role: "staff", dept: ids.anestesi, active: true });
    const client = await signedInClient(t, newcomer.userId);
    // Read once, the thread with its members is kept.
    await as.kari.post(`/api/chat/threads/${dept}/messages`, { content: "Før" });
    const heard: BusEvent[] = [];
    const stops = [topics.thread(dept), topics.user(newcomer.userId)].map((topic) =>
      t.ctx.bus.subscribe(topic, (e) => heard.push(e)),
    );
    expect(
      (await client.post(`/api/chat/threads/${dept}/messages`, { content: "Hei, jeg er ny" })).statusCode,
    ).toBe(201);
    await as.kari.post(`/api/chat/threads/${dept}/messages`, { content: "Velkommen!" });
    await settle();
    for (const stop of stops) stop();
    expect(heard.map((e) => [e.topic, e.type, e.payload])).toEqual([
      [topics.thread(dept), "thread.members", { threadId: dept }],
      [topics.thread(dept), "message.created", expect.anything()],
      [topics.thread(dept), "message.created", expect.anything()],
      [topics.user(newcomer.userId), "chat.unread", { threadId: dept, kind: "department", added: 1 }],
    ]);
  });

  it("checks a thread's followers again when its members change, and drops those who lost it", async () => {
    const channel = threadIdOf(await as.leader.post("/api/chat/channels", { name: "Vakt", isPublic: false }));
    await as.leader.post(`/api/chat/threads/${channel}/members`, { userIds: [ids.ola] });
    const ola = await socketOf(url, as.ola);
    const lars = await socketOf(url, as.leader);
    expect(await ola.subscribe(topics.thread(channel))).toMatchObject({ type: "subscribed" });
    expect(await lars.subscribe(topics.thread(channel))).toMatchObject({ type: "subscribed" });
    // Ola's membership goes behind the app's back (nothing removes a member yet); the next
    // change of members checks every follower again.
    await t.ctx.db
      .delete(chatThreadMembers)
      .where(and(eq(chatThreadMembers.threadId, channel), eq(chatThreadMembers.userId, ids.ola)));
    await as.leader.post(`/api/chat/threads/${channel}/members`, { userIds: [ids.kari] });
    expect(await ola.answer(topics.thread(channel))).toMatchObject({
      type: "error",
      code: "thread_not_found",
    });
    await as.leader.post(`/api/chat/threads/${channel}/messages`, { content: "Bare for medlemmer" });
    expect((await lars.event("message.created")).topic).toBe(topics.thread(channel));
    await expect(ola.event("message.created")).rejects.toThrow("no such frame");
    ola.close();
    lars.close();
  });

  it("tells people that they were put in a thread", async () => {
    const heard: BusEvent[] = [];
    const stop = t.ctx.bus.subscribe(topics.user(ids.ola), (e) => heard.push(e));
    const channel = threadIdOf(await as.leader.post("/api/chat/channels", { name: "Nye", isPublic: false }));
    await as.leader.post(`/api/chat/threads/${channel}/members`, { userIds: [ids.ola] });
    await settle();
    stop();
    expect(heard.map((e) => [e.type, e.payload])).toEqual([
      ["chat.joined", { threadId: channel, kind: "channel" }],
    ]);
  });
});
