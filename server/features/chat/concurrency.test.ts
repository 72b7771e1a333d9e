/**
 * Posts to one thread take turns, on PostgreSQL only (PGlite has one connection, so
 * nothing overlaps there): a post numbers its message only once it holds the thread's
 * row, so `seq` order is commit order and a reader catching up `after` its newest
 * message never skips one that committed later with a lower number.
 */
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatMessages, chatThreads } from "../../db/schema.ts";
import { type Client, createTestApp, driver, type TestApp } from "../../test/harness.ts";
import { type DemoName, demoClients, demoIds, threadIdOf } from "./helpers.test-support.ts";

describe.skipIf(driver === "pglite")("chat posts under concurrency", () => {
  let t: TestApp;
  let as: Record<DemoName, Client>;

  beforeAll(async () => {
    t = await createTestApp();
    as = await demoClients(t, await demoIds(t));
  });
  afterAll(() => t.close());

  it("waits while another writer holds the thread, then takes the next number", async () => {
    const thread = threadIdOf(await as.kari.post("/api/chat/department"));
    let posted: Promise<{ statusCode: number }> | undefined;
    let settledWhileHeld = false;
    await t.ctx.db.transaction(async (tx) => {
      await tx.select().from(chatThreads).where(eq(chatThreads.id, thread)).for("no key update");
      posted = as.ola.post(`/api/chat/threads/${thread}/messages`, { content: "Etter" });
      void posted.then(() => {
        settledWhileHeld = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Written while the thread was held: numbered first, committed first.
      await tx.execute(
        sql`insert into ${chatMessages} (thread_id, author_id, content) select id, created_by, 'Før' from ${chatThreads} where id = ${thread}`,
      );
    });
    expect(settledWhileHeld).toBe(false);
    expect((await posted!).statusCode).toBe(201);
    const rows = await t.ctx.db
      .select({ content: chatMessages.content })
      .from(chatMessages)
      .where(eq(chatMessages.threadId, thread))
      .orderBy(asc(chatMessages.seq));
    expect(rows.map((r) => r.content).slice(-2)).toEqual(["Før", "Etter"]);
  });
});
