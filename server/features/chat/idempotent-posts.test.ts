/**
 * A post sent again with its client key (the answer was lost: a timeout, a dropped
 * connection) is stored once: the retry answers with the first message, and nobody
 * hears of it twice. Also when both arrive at once.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messageDto } from "../../../common/schemas/chat.ts";
import { topics } from "../../../common/schemas/realtime.ts";
import { chatMessages } from "../../db/schema.ts";
import type { BusEvent } from "../../platform/events.ts";
import { type Client, createTestApp, type TestApp } from "../../test/harness.ts";
import { type DemoName, demoClients, demoIds, settle, threadIdOf } from "./helpers.test-support.ts";

describe("posting with a client key", () => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let as: Record<DemoName, Client>;
  let dept: string;

  beforeAll(async () => {
    t = await createTestApp();
    ids = await demoIds(t);
    as = await demoClients(t, ids);
    dept = threadIdOf(await as.kari.post("/api/chat/department"));
  });
  afterAll(() => t.close());

  const post = (who: DemoName, body: object, thread = dept) =>
    as[who].post(`/api/chat/threads/${thread}/messages`, body);
  const storedWith = async (clientKey: string) =>
    t.ctx.db.select({ id: chatMessages.id }).from(chatMessages).where(eq(chatMessages.clientKey, clientKey));

  /** The thread's events while `run` runs (and their delivery after it). */
  async function heardDuring(run: () => Promise<unknown>): Promise<BusEvent[]> {
    const heard: BusEvent[] = [];
    const stop = t.ctx.bus.subscribe(topics.thread(dept), (e) => heard.push(e));
    try {
      await run();
      await settle();
    } finally {
      stop();
    }
    return heard;
  }

  it("answers a repeated post with the first message, stored and announced once", async () => {
    const clientKey = randomUUID();
    const first = await post("kari", { content: "Kan noen ta nattevakt fredag?", clientKey });
    expect(first.statusCode).toBe(201);
    let again: Awaited<ReturnType<typeof post>> | undefined;
    const heard = await heardDuring(async () => {
      again = await post("kari", { content: "Kan noen ta nattevakt fredag?", clientKey });
    });
    expect(again!.statusCode).toBe(201);
    expect(messageDto.parse(again!.json())).toEqual(messageDto.parse(first.json()));
    expect(heard).toEqual([]);
    expect(await storedWith(clientKey)).toHaveLength(1);
  });

  it("stores one of two identical posts that arrive at once, and both get it", async () => {
    for (const extra of [{}, { replyToId: undefined as string | undefined }]) {
      const clientKey = randomUUID();
      // The second round replies, which takes the transaction's way instead of the lone insert.
      if ("replyToId" in extra)
        extra.replyToId = messageDto.parse((await post("ola", { content: "Hei" })).json()).id;
      const body = { content: "Samtidig", clientKey, ...extra };
      let answers: Awaited<ReturnType<typeof post>>[] = [];
      const heard = await heardDuring(async () => {
        answers = await Promise.all([post("kari", body), post("kari", body)]);
      });
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
      expect(answers[0]!.json().id).toBe(answers[1]!.json().id);
      expect(await storedWith(clientKey)).toHaveLength(1);
      expect(heard.filter((e) => e.type === "message.created")).toHaveLength(1);
    }
  });

  it("keeps keys apart per author, and refuses one key for two threads", async () => {
    const clientKey = randomUUID();
    const kari = await post("kari", { content: "Fra Kari", clientKey });
    const ola = await post("ola", { content: "Fra Ola", clientKey });
    expect(ola.statusCode).toBe(201);
    expect(ola.json().id).not.toBe(kari.json().id);

    const dm = threadIdOf(await as.kari.post("/api/chat/direct", { userId: ids.ola }));
    const elsewhere = await post("kari", { content: "Fra Kari", clientKey }, dm);
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().error.code).toBe("conflict");
    const kept = await t.ctx.db
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(and(eq(chatMessages.clientKey, clientKey), eq(chatMessages.threadId, dm)));
    expect(kept).toEqual([]);
  });

  it("refuses a key that is not a UUID", async () => {
    const res = await post("kari", { content: "Hei", clientKey: "abc" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("validation_failed");
  });
});
