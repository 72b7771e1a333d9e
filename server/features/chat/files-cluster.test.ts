/**
 * Two app instances on one PostgreSQL database, as behind a load balancer: a file
 * uploaded through one is served by the other, and a purge run by either removes it
 * from the store both read.
 */
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attachmentDto, messageDto } from "../../../common/schemas/chat.ts";
import { chatMessageAttachments, chatMessages } from "../../db/schema.ts";
import { JobRunner } from "../../platform/jobs.ts";
import { multipartFile, png } from "../../test/file-fixtures.ts";
import { type Client, createTestCluster, driver, type TestApp } from "../../test/harness.ts";
import { purgeDeletedJob } from "./message-purge.ts";

describe.skipIf(driver !== "postgres")("files with two instances", () => {
  let cluster: Awaited<ReturnType<typeof createTestCluster>>;
  let a: TestApp;
  let b: TestApp;
  let kari: Client;
  let kariId: string;
  let thread: string;

  beforeAll(async () => {
    cluster = await createTestCluster(2);
    [a, b] = cluster.apps as [TestApp, TestApp];
    kari = a.client();
    await kari.signIn("kari@demo.no");
    kariId = (await kari.session()).user.id;
    thread = (await kari.post("/api/chat/department")).json().id;
  });
  afterAll(() => cluster?.close());

  /** Kari's request to either instance, with the session she got from A. */
  const request = (app: TestApp, method: "GET" | "POST" | "PUT", url: string, body?: Buffer, type?: string) =>
    app.app.inject({
      method,
      url,
      ...(body ? { payload: body } : {}),
      headers: { ...kari.browserHeaders(), ...(type ? { "content-type": type } : {}) },
    });
  const upload = async (app: TestApp, url: string, method: "POST" | "PUT", data: Buffer) => {
    const { payload, headers } = multipartFile("bilde.png", data, "image/png");
    const res = await request(app, method, url, payload, headers["content-type"]);
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json();
  };
  const attach = async (app: TestApp) =>
    attachmentDto.parse(
      await upload(app, `/api/chat/threads/${thread}/attachments`, "POST", await png(800, 600)),
    );

  it("an attachment uploaded through A is served by B, original and thumbnail", async () => {
    const file = await attach(a);
    const [fromA, fromB] = [await request(a, "GET", file.url), await request(b, "GET", file.url)];
    expect(fromB.statusCode).toBe(200);
    expect(fromB.headers["content-type"]).toBe("image/png");
    expect(fromB.rawPayload.equals(fromA.rawPayload)).toBe(true);
    const thumb = await request(b, "GET", file.thumbnailUrl!);
    expect(thumb.statusCode).toBe(200);
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(480);
  });

  it("an avatar uploaded through B is served by A", async () => {
    const { avatarUrl } = await upload(b, `/api/users/${kariId}/avatar`, "PUT", await png(300, 300));
    const served = await request(a, "GET", avatarUrl);
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).format).toBe("webp");
  });

  it.each([
    ["A", 0],
    ["B", 1],
  ])("a deleted message's files are gone from the store when %s runs the purge", async (_name, runs) => {
    const file = await attach(a);
    const sent = await request(
      a,
      "POST",
      `/api/chat/threads/${thread}/messages`,
      Buffer.from(JSON.stringify({ content: "Feil bilde", attachmentIds: [file.id] })),
      "application/json",
    );
    const message = messageDto.parse(sent.json());
    expect((await kari.request("DELETE", `/api/chat/messages/${message.id}`)).statusCode).toBe(200);
    await a.ctx.db
      .update(chatMessages)
      .set({ deletedAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(chatMessages.id, message.id));

    const [row] = await a.ctx.db
      .select()
      .from(chatMessageAttachments)
      .where(eq(chatMessageAttachments.id, file.id));
    const keys = [row!.storageKey, row!.thumbnailKey!];
    for (const key of keys) expect(await b.ctx.files.exists(key)).toBe(true);

    const purger = cluster.apps[runs]!;
    const runner = new JobRunner(
      { db: purger.ctx.db, bus: purger.ctx.bus, clock: purger.ctx.clock, log: purger.ctx.log },
      [purgeDeletedJob(purger.ctx.files)],
    );
    expect(await runner.runNow("chat.purge-deleted-messages")).toBe("ran");
    await runner.stop();
    for (const app of [a, b]) expect((await request(app, "GET", file.url)).statusCode).toBe(404);
    // The bytes themselves, not only the row that named them, whichever instance received them.
    for (const app of [a, b]) for (const key of keys) expect(await app.ctx.files.exists(key)).toBe(false);
  });
});
