import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storedFileChunks, storedFiles } from "../db/schema.ts";
import { createTestApp, type TestApp } from "../test/harness.ts";
import { JobRunner } from "./jobs.ts";
import {
  fileChunkBytes,
  pgFileStore,
  StoredFileChangedError,
  storedChunksSweepJob,
} from "./pg-file-store.ts";
import { type FileStore, InvalidStorageKeyError } from "./storage.ts";

let t: TestApp;
let store: FileStore;

beforeAll(async () => {
  t = await createTestApp({}, { seed: false });
  store = pgFileStore(t.ctx.db);
});
afterAll(() => t.close());

/** The bytes in pieces of an odd size, as a socket or a file stream hands them over. */
const pieces = (data: Buffer, size = 100_003) =>
  Readable.from(
    (function* () {
      for (let i = 0; i < data.length; i += size) yield data.subarray(i, i + size);
    })(),
  );

const chunkRows = async () =>
  Number((await t.ctx.db.select({ n: sql`count(*)` }).from(storedFileChunks))[0]!.n);

describe("pgFileStore", () => {
  it.each([
    ["empty", 0],
    ["one byte", 1],
    ["a chunk less one", fileChunkBytes - 1],
    ["a chunk", fileChunkBytes],
    ["a chunk and one", fileChunkBytes + 1],
    ["10 MB", 10 * 1024 * 1024],
  ])("keeps a file of %s whole, a row per chunk", async (_name, size) => {
    const data = randomBytes(size);
    const key = `test/size-${size}.bin`;
    expect(await store.put(key, pieces(data))).toEqual({ size });
    expect(await store.stat(key)).toEqual({ size });
    expect(await store.exists(key)).toBe(true);
    const [file] = await t.ctx.db.select().from(storedFiles).where(eq(storedFiles.key, key));
    const rows = await t.ctx.db
      .select({ n: storedFileChunks.n, length: sql<number>`length(data)` })
      .from(storedFileChunks)
      .where(eq(storedFileChunks.blobId, file!.blobId))
      .orderBy(storedFileChunks.n);
    expect(rows.length).toBe(Math.ceil(size / fileChunkBytes));
    expect(rows.every((r) => Number(r.length) <= fileChunkBytes)).toBe(true);
    expect((await buffer((await store.get(key))!)).equals(data)).toBe(true);
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    expect(await store.stat(key)).toBeNull();
    expect(await chunkRows()).toBe(0);
  });

  it("replaces a file whole and keeps no chunk of the old one", async () => {
    const key = "test/replace.bin";
    await store.put(key, pieces(randomBytes(3 * fileChunkBytes)));
    const second = randomBytes(fileChunkBytes + 10);
    await store.put(key, pieces(second));
    expect((await buffer((await store.get(key))!)).equals(second)).toBe(true);
    expect(await chunkRows()).toBe(2);
    await store.delete(key);
    await store.delete(key); // gone already: no error
  });

  it("a reader sees the old file or the new one; a long read cut by a replace fails, never ends short", async () => {
    const small = pgFileStore(t.ctx.db, { chunkBytes: 1024 });
    const key = "test/concurrent.bin";
    const [oldBytes, newBytes] = [randomBytes(8 * 1024), randomBytes(8 * 1024)];
    await small.put(key, pieces(oldBytes, 1000));

    const cut = (await small.get(key))!;
    const started = await new Promise<Buffer>((resolve) => cut.once("data", resolve));
    cut.pause();
    const readers = Array.from({ length: 8 }, async () =>
      buffer((await small.get(key))!).then(
        (bytes) => bytes,
        (err: unknown) => err,
      ),
    );
    await small.put(key, pieces(newBytes, 1000));
    cut.resume();
    await expect(buffer(cut)).rejects.toThrow(StoredFileChangedError);
    expect(started.equals(oldBytes.subarray(0, 1024))).toBe(true);
    for (const result of await Promise.all(readers)) {
      if (result instanceof Error) expect(result).toBeInstanceOf(StoredFileChangedError);
      else expect((result as Buffer).equals(oldBytes) || (result as Buffer).equals(newBytes)).toBe(true);
    }
    expect((await buffer((await small.get(key))!)).equals(newBytes)).toBe(true);

    // A file of one chunk comes with its key: opened before the replace, it reads the old bytes.
    const one = "test/one-chunk.bin";
    await small.put(one, pieces(Buffer.from("gammel")));
    const opened = (await small.get(one))!;
    await small.put(one, pieces(Buffer.from("ny")));
    expect((await buffer(opened)).toString()).toBe("gammel");
    await small.deletePrefix("test");
  });

  it("keeps the old file and no new chunks when the source fails midway", async () => {
    const key = "test/failing.bin";
    const old = randomBytes(fileChunkBytes + 5);
    await store.put(key, pieces(old));
    const failing = Readable.from(
      (async function* () {
        yield randomBytes(fileChunkBytes * 2);
        throw new Error("connection reset");
      })(),
    );
    await expect(store.put(key, failing)).rejects.toThrow("connection reset");
    expect((await buffer((await store.get(key))!)).equals(old)).toBe(true);
    expect(await chunkRows()).toBe(2);
    await store.delete(key);
  });

  it("deletes whole segments; '_' in a key is no wildcard, '%' no key", async () => {
    const keys = ["a_b/x.txt", "aXb/y.txt", "a_bc/z.txt", "a_b", "q/a_b/deep/w.txt", "q/aXb/v.txt"];
    for (const key of keys) await store.put(key, pieces(Buffer.from(key)));
    await store.deletePrefix("a_b");
    await store.deletePrefix("q/a_b");
    const left = await t.ctx.db.select({ key: storedFiles.key }).from(storedFiles).orderBy(storedFiles.key);
    expect(left.map((r) => r.key)).toEqual(["aXb/y.txt", "a_bc/z.txt", "q/aXb/v.txt"]);
    await expect(store.deletePrefix("a%")).rejects.toThrow(InvalidStorageKeyError);
    await expect(store.delete("%")).rejects.toThrow(InvalidStorageKeyError);
    await store.deletePrefix("never-used"); // nothing there: no error
    for (const key of ["aXb", "a_bc", "q"]) await store.deletePrefix(key);
    expect(await chunkRows()).toBe(0);
  });

  it.each(["../x", "/etc/passwd", ".tmp/a", "a//b", ""])(
    "refuses the key %j as the disk store does",
    async (key) => {
      await expect(store.put(key, Readable.from(["x"]))).rejects.toThrow(InvalidStorageKeyError);
      await expect(store.get(key)).rejects.toThrow(InvalidStorageKeyError);
      await expect(store.stat(key)).rejects.toThrow(InvalidStorageKeyError);
      await expect(store.delete(key)).rejects.toThrow(InvalidStorageKeyError);
      await expect(store.deletePrefix(key)).rejects.toThrow(InvalidStorageKeyError);
    },
  );

  it("the sweep removes chunks of no file once they are an hour old, nothing else", async () => {
    const kept = "test/kept.bin";
    await store.put(kept, pieces(randomBytes(10)));
    const orphan = "00000000-0000-4000-8000-000000000001";
    const fresh = "00000000-0000-4000-8000-000000000002";
    const hoursAgo = new Date(Date.now() - 2 * 3_600_000);
    await t.ctx.db.insert(storedFileChunks).values([
      { blobId: orphan, n: 0, data: Buffer.from("rest"), createdAt: hoursAgo },
      { blobId: fresh, n: 0, data: Buffer.from("under arbeid") },
    ]);
    await t.ctx.db.update(storedFileChunks).set({ createdAt: hoursAgo }); // the kept file's too
    await t.ctx.db
      .update(storedFileChunks)
      .set({ createdAt: new Date() })
      .where(eq(storedFileChunks.blobId, fresh));
    const runner = new JobRunner({ db: t.ctx.db, bus: t.ctx.bus, clock: t.ctx.clock, log: t.ctx.log }, [
      storedChunksSweepJob(),
    ]);
    expect(await runner.runNow("files.sweep-orphan-chunks")).toBe("ran");
    await runner.stop();
    const blobs = await t.ctx.db.selectDistinct({ blobId: storedFileChunks.blobId }).from(storedFileChunks);
    const [file] = await t.ctx.db.select().from(storedFiles).where(eq(storedFiles.key, kept));
    expect(blobs.map((b) => b.blobId).sort()).toEqual([fresh, file!.blobId].sort());
    await store.delete(kept);
    await t.ctx.db.delete(storedFileChunks);
  });
});
