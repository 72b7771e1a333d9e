/**
 * A database with no room left: PostgreSQL's own `disk_full` (53100), raised by a
 * trigger on the chunks' table as the server raises it when its disk is full, reaches
 * the upload as 507 `storage_full` and leaves no chunk behind. (Filling a real
 * tablespace on a tiny disk was tried: the checkpointer kept the dirty pages it could
 * not write, and the shared server's checkpoints failed from then on.)
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storedFileChunks, storedFiles } from "../db/schema.ts";
import { multipartFile } from "../test/file-fixtures.ts";
import { createTestApp, driver, type TestApp } from "../test/harness.ts";

describe.skipIf(driver !== "postgres")("a full database (the file store is in PostgreSQL)", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await t.ctx.db.execute(sql`
      create function test_disk_full() returns trigger language plpgsql as $$
      begin
        raise exception 'could not extend file: No space left on device' using errcode = 'disk_full';
      end $$`);
    await t.ctx.db.execute(sql`
      create trigger test_disk_full before insert on stored_file_chunks
      for each row execute function test_disk_full()`);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("an upload that does not fit answers 507 storage_full and leaves no chunk behind", async () => {
    const kari = t.client();
    await kari.signIn("kari@demo.no");
    const thread = (await kari.post("/api/chat/department")).json().id;
    const pdf = Buffer.concat([Buffer.from("%PDF-1.4\n"), randomBytes(300 * 1024)]);
    const { payload, headers } = multipartFile("vaktliste.pdf", pdf, "application/pdf");
    const res = await t.app.inject({
      method: "POST",
      url: `/api/chat/threads/${thread}/attachments`,
      payload,
      headers: { ...headers, ...kari.browserHeaders() },
    });
    expect(res.statusCode, res.body).toBe(507);
    expect(res.json().error.code).toBe("storage_full");
    expect(await t.ctx.db.$count(storedFileChunks)).toBe(0);
    expect(await t.ctx.db.$count(storedFiles)).toBe(0);
  });
});
