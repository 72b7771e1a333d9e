/**
 * Moving the uploads of DATA_DIR/files into the database's store: every file streamed
 * across, counted, nothing twice, resumed after an interruption, the disk files kept
 * unless asked; and once through `npm run admin` as a process on PostgreSQL.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/client.ts";
import { pgFileStore } from "../platform/pg-file-store.ts";
import { diskStore, type FileStore } from "../platform/storage.ts";
import { createTestApp, driver, type TestApp } from "../test/harness.ts";
import { databaseUrlFor, randomDbName } from "../test/pg-admin.ts";
import { moveFilesToDatabase } from "./move-files.ts";

const files = {
  "avatars/u1/avatar.webp": randomBytes(3000),
  "chat-uploads/t1/f1_Vaktliste.pdf": randomBytes(600 * 1024),
  "chat-uploads/t1/thumbs/f2_bilde.jpg.webp": randomBytes(10),
};
const total = Object.values(files).reduce((sum, data) => sum + data.length, 0);

async function diskWithFiles(): Promise<{ dir: string; root: string }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "vaktrom-move-"));
  const root = path.join(dir, "files");
  const disk = diskStore(root);
  for (const [key, data] of Object.entries(files)) await disk.put(key, Readable.from([data]));
  // Not the app's: the store's temp folder and a name no key can have.
  await mkdir(path.join(root, ".tmp"), { recursive: true });
  await writeFile(path.join(root, ".tmp", "halv.part"), "x");
  await writeFile(path.join(root, "chat-uploads", "t1", "ø.txt"), "x");
  return { dir, root };
}

describe("moveFilesToDatabase", () => {
  let t: TestApp;
  let store: FileStore;
  let dir: string;
  let root: string;

  beforeAll(async () => {
    t = await createTestApp({}, { seed: false });
    store = pgFileStore(t.ctx.db);
    ({ dir, root } = await diskWithFiles());
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("copies every file, resumes where it stopped, does nothing twice, and deletes only when asked", async () => {
    // A run cut short: one file in, one stored short.
    await store.put("avatars/u1/avatar.webp", Readable.from([files["avatars/u1/avatar.webp"]]));
    await store.put("chat-uploads/t1/f1_Vaktliste.pdf", Readable.from([Buffer.from("halv")]));

    const pdf = files["chat-uploads/t1/f1_Vaktliste.pdf"];
    const thumb = files["chat-uploads/t1/thumbs/f2_bilde.jpg.webp"];
    expect(await moveFilesToDatabase(root, store)).toEqual({
      moved: 2,
      movedBytes: pdf.length + thumb.length,
      present: 1,
      ignored: 1,
      deleted: 0,
    });
    for (const [key, data] of Object.entries(files))
      expect((await buffer((await store.get(key))!)).equals(data)).toBe(true);

    expect(await moveFilesToDatabase(root, store)).toMatchObject({ moved: 0, movedBytes: 0, present: 3 });
    expect(await readdir(path.join(root, "chat-uploads", "t1"))).toContain("f1_Vaktliste.pdf");

    expect(await moveFilesToDatabase(root, store, { deleteFromDisk: true })).toMatchObject({
      moved: 0,
      present: 3,
      deleted: 3,
    });
    expect(await readdir(path.join(root, "chat-uploads", "t1"))).toEqual(["thumbs", "ø.txt"]);
    expect(await readdir(path.join(root, "avatars", "u1"))).toEqual([]);
    expect(await store.exists("avatars/u1/avatar.webp")).toBe(true);
  });

  it("a missing folder is nothing to move", async () => {
    expect(await moveFilesToDatabase(path.join(dir, "nowhere"), store)).toMatchObject({
      moved: 0,
      present: 0,
    });
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(driver === "postgres" && adminUrl)("npm run admin -- move-files-to-database", () => {
  it("moves the files and prints what it did", { timeout: 120_000 }, async () => {
    const name = randomDbName("vaktrom_move_files");
    const server = new pg.Client({ connectionString: adminUrl });
    await server.connect();
    await server.query(`create database ${name}`);
    const { dir } = await diskWithFiles();
    const env = {
      ...process.env,
      DATABASE_URL: databaseUrlFor(adminUrl!, name),
      DATA_DIR: dir,
      LOG_LEVEL: "silent",
    };
    const admin = (...args: string[]) =>
      promisify(execFile)("npx", ["tsx", "server/cli/admin.ts", "move-files-to-database", ...args], {
        env,
        timeout: 100_000,
      });
    try {
      const first = await admin();
      expect(first.stdout).toContain(
        `Flyttet 3 filer (${(total / 1024 / 1024).toFixed(1).replace(".", ",")} MB)`,
      );
      expect(first.stdout).toContain("1 filer med ukjente navn ble latt ligge");
      expect(first.stdout).toContain("Filene på disken er latt ligge");
      const second = await admin("--delete");
      expect(second.stdout).toContain("Flyttet 0 filer (0,0 MB)");
      expect(second.stdout).toContain("3 fantes allerede i databasen");
      expect(second.stdout).toContain("3 filer ble slettet fra disken");

      const database = await openDatabase({ databaseUrl: env.DATABASE_URL });
      try {
        const store = pgFileStore(database.db);
        for (const [key, data] of Object.entries(files))
          expect((await buffer((await store.get(key))!)).equals(data)).toBe(true);
      } finally {
        await database.close();
      }
    } finally {
      await server.query(`drop database if exists ${name} with (force)`);
      await server.end();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
