/**
 * A database with no room left, for real: the file chunks' table is moved into a
 * tablespace on a 1 MiB tmpfs, so PostgreSQL itself answers `disk_full` (53100) when an
 * upload's chunks do not fit. Needs root (mount) and the PostgreSQL server on this
 * machine (it must reach the folder); otherwise skipped with the reason.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storedFileChunks, storedFiles } from "../db/schema.ts";
import { multipartFile } from "../test/file-fixtures.ts";
import { createTestApp, driver, type TestApp } from "../test/harness.ts";

const run = promisify(execFile);
const adminUrl = process.env.TEST_DATABASE_URL;

/** A tablespace on a tiny tmpfs, or why there is none. */
async function tinyTablespace() {
  const dir = await mkdtemp(path.join(os.tmpdir(), "vaktrom-tblspc-"));
  const name = `vaktrom_full_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await run("mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", dir]);
    await run("chown", ["postgres:postgres", dir]);
    await admin.connect();
    await admin.query(`create tablespace ${name} location '${dir}'`);
  } catch (err) {
    await admin.end().catch(() => {});
    await run("umount", [dir]).catch(() => {});
    await rm(dir, { recursive: true, force: true });
    return `no tablespace on a tmpfs here (${(err as Error).message.split("\n")[0]})`;
  }
  return {
    name,
    async close() {
      await admin.query(`drop tablespace if exists ${name}`);
      await admin.end();
      await run("umount", [dir]);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

const space = driver === "postgres" && adminUrl ? await tinyTablespace() : "only on PostgreSQL";
const skipped = typeof space === "string" ? space : null;

describe.skipIf(skipped !== null)(`a full database${skipped ? `: skipped, ${skipped}` : ""}`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    if (typeof space !== "string")
      await t.ctx.db.execute(sql.raw(`alter table stored_file_chunks set tablespace ${space.name}`));
  });
  afterAll(async () => {
    await t?.close(); // drops the database, and with it the table in the tablespace
    if (typeof space !== "string") await space.close();
  });

  it("an upload that does not fit answers 507 storage_full and leaves no chunk behind", async () => {
    const kari = t.client();
    await kari.signIn("kari@demo.no");
    const thread = (await kari.post("/api/chat/department")).json().id;
    // Random bytes do not compress: 3 MB cannot fit in 1 MiB.
    const pdf = Buffer.concat([Buffer.from("%PDF-1.4\n"), randomBytes(3 * 1024 * 1024)]);
    const { payload, headers } = multipartFile("vaktliste.pdf", pdf, "application/pdf");
    const res = await t.app.inject({
      method: "POST",
      url: `/api/chat/threads/${thread}/attachments`,
      payload,
      headers: { ...headers, cookie: kari.cookieHeader() },
    });
    expect(res.statusCode, res.body).toBe(507);
    expect(res.json().error.code).toBe("storage_full");
    expect(await t.ctx.db.select().from(storedFiles)).toEqual([]);
    expect(await t.ctx.db.select({ n: storedFileChunks.n }).from(storedFileChunks)).toEqual([]);
  });
});
