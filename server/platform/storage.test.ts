import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  chatUploadKey,
  chatUploadPrefix,
  diskStore,
  type FileStore,
  InvalidStorageKeyError,
  isValidStorageKey,
  thumbnailKey,
} from "./storage.ts";

let dir: string;
let root: string;
let store: FileStore;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "vaktrom-storage-"));
  root = path.join(dir, "data");
  store = diskStore(root);
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const uuid = "0b6f2c1e-7f43-4d1a-9a57-2f1f3f0f6a11";
const thread = "5d2a8d4e-1111-4a4a-8b8b-123456789abc";

describe("keys", () => {
  it("chat uploads live under chat-uploads/{threadId}/{uuid}_{name}, the name made safe", () => {
    expect(chatUploadKey(thread, uuid, "Vaktliste (uke 12).pdf")).toBe(
      `chat-uploads/${thread}/${uuid}_Vaktliste-uke-12.pdf`,
    );
    expect(chatUploadKey(thread, uuid, "../../etc/passwd")).toBe(`chat-uploads/${thread}/${uuid}_passwd`);
    expect(chatUploadPrefix(thread)).toBe(`chat-uploads/${thread}`);
  });

  it("refuses ids that are not plain ids", () => {
    expect(() => chatUploadKey("../x", uuid, "a.txt")).toThrow(InvalidStorageKeyError);
    expect(() => chatUploadKey(thread, "a/b", "a.txt")).toThrow(InvalidStorageKeyError);
    expect(() => chatUploadPrefix("")).toThrow(InvalidStorageKeyError);
  });

  it("puts a thumbnail in a thumbs/ folder beside its picture", () => {
    const key = chatUploadKey(thread, uuid, "bilde.jpg");
    expect(thumbnailKey(key)).toBe(`chat-uploads/${thread}/thumbs/${uuid}_bilde.jpg.webp`);
  });

  it.each([
    "../x",
    "/etc/passwd",
    "a/../../b",
    "chat-uploads/x/%2e%2e",
    "chat-uploads/x/..",
    "chat-uploads/./x",
    ".tmp/abc.part",
    "a//b",
    "a/",
    "",
    "a\\b",
    "a\0b",
    "ä.txt",
    `a/${"b".repeat(256)}`,
  ])("refuses the key %j", async (key) => {
    expect(isValidStorageKey(key)).toBe(false);
    await expect(store.put(key, Readable.from(["x"]))).rejects.toThrow(InvalidStorageKeyError);
    await expect(store.get(key)).rejects.toThrow(InvalidStorageKeyError);
    await expect(store.stat(key)).rejects.toThrow(InvalidStorageKeyError);
    await expect(store.exists(key)).rejects.toThrow(InvalidStorageKeyError);
    await expect(store.delete(key)).rejects.toThrow(InvalidStorageKeyError);
    await expect(store.deletePrefix(key)).rejects.toThrow(InvalidStorageKeyError);
  });

  it("never reaches outside the root", async () => {
    await writeFile(path.join(dir, "secret.txt"), "hemmelig");
    await expect(store.get("../secret.txt")).rejects.toThrow(InvalidStorageKeyError);
    await expect(store.delete("../secret.txt")).rejects.toThrow(InvalidStorageKeyError);
    expect(await readFile(path.join(dir, "secret.txt"), "utf8")).toBe("hemmelig");
  });
});

describe("diskStore", () => {
  const key = chatUploadKey(thread, uuid, "notat.txt");

  it("puts, gets, stats and deletes a file under the root", async () => {
    expect(await store.put(key, Readable.from([Buffer.from("Hei "), Buffer.from("på deg")]))).toEqual({
      size: Buffer.byteLength("Hei på deg"),
    });
    expect(await readFile(path.join(root, key), "utf8")).toBe("Hei på deg");
    expect(await text((await store.get(key))!)).toBe("Hei på deg");
    expect(await store.stat(key)).toEqual({ size: Buffer.byteLength("Hei på deg") });
    expect(await store.exists(key)).toBe(true);

    await store.delete(key);
    expect(await store.exists(key)).toBe(false);
    expect(await store.get(key)).toBeNull();
    expect(await store.stat(key)).toBeNull();
    await store.delete(key); // gone already: no error
  });

  it("replaces a file whole and leaves no temp files", async () => {
    await store.put(key, Readable.from(["første"]));
    await store.put(key, Readable.from(["andre"]));
    expect(await text((await store.get(key))!)).toBe("andre");
    expect(await readdir(path.join(root, ".tmp"))).toEqual([]);
  });

  it("keeps nothing, and not the old file's replacement, when the source fails", async () => {
    await store.put(key, Readable.from(["gammel"]));
    const failing = new Readable({
      read() {
        this.push("halv");
        this.destroy(new Error("connection reset"));
      },
    });
    await expect(store.put(key, failing)).rejects.toThrow("connection reset");
    expect(await text((await store.get(key))!)).toBe("gammel");
    expect(await readdir(path.join(root, ".tmp"))).toEqual([]);
  });

  it("treats a folder as no file", async () => {
    await store.put(key, Readable.from(["x"]));
    expect(await store.get(`chat-uploads/${thread}`)).toBeNull();
    expect(await store.stat(`chat-uploads/${thread}`)).toBeNull();
    await store.delete(`chat-uploads/${thread}`);
    expect(await store.exists(key)).toBe(true);
  });

  it("deletes a thread's uploads, thumbnails included, and nothing else", async () => {
    const other = chatUploadKey("other-thread", uuid, "a.txt");
    await store.put(key, Readable.from(["x"]));
    await store.put(thumbnailKey(key), Readable.from(["t"]));
    await store.put(other, Readable.from(["y"]));
    await store.deletePrefix(chatUploadPrefix(thread));
    expect(await store.exists(key)).toBe(false);
    expect(await store.exists(thumbnailKey(key))).toBe(false);
    expect(await store.exists(other)).toBe(true);
    await store.deletePrefix(chatUploadPrefix("never-used")); // nothing there: no error
  });
});
