/**
 * A full and a read-only disk, for real: a tmpfs of 256 KiB mounted for the test (and
 * remounted read-only), which needs root; without it those tests are skipped and say why.
 * A folder below a file and a folder without write permission need no mount.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmod, mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { multipartFile, png } from "../test/file-fixtures.ts";
import { type Client, createTestApp, type TestApp } from "../test/harness.ts";
import { storageHealth } from "./disk-health.ts";

const run = promisify(execFile);

/** A 256 KiB tmpfs, or the reason there is none. */
async function tmpfs(): Promise<{ dir: string; readOnly(): Promise<void>; close(): Promise<void> } | string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "vaktrom-tmpfs-"));
  try {
    await run("mount", ["-t", "tmpfs", "-o", "size=256k", "tmpfs", dir]);
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    return `mounting a tmpfs is not permitted here (${(err as Error).message.split("\n")[0]})`;
  }
  return {
    dir,
    readOnly: async () => void (await run("mount", ["-o", "remount,ro", dir])),
    close: async () => {
      await run("umount", [dir]);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

const probe = await tmpfs();
const cannotMount = typeof probe === "string" ? probe : null;
if (typeof probe !== "string") await probe.close();
const isRoot = process.getuid?.() === 0;

describe("storageHealth", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "vaktrom-health-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("a writable folder with room is ok, and keeps no probe file", async () => {
    const health = await storageHealth(dir, 1024);
    expect(health).toMatchObject({ ok: true, writable: true, problem: null, minFreeBytes: 1024 });
    expect(health.freeBytes).toBeGreaterThan(1024);
    expect(await readdir(dir)).toEqual([]);
  });

  it("less free space than MIN_FREE_DISK_MB is low space", async () => {
    const health = await storageHealth(dir, Number.MAX_SAFE_INTEGER);
    expect(health).toMatchObject({ ok: false, writable: true, problem: "low_space" });
  });

  it("a data folder below a file is not writable", async () => {
    await writeFile(path.join(dir, "a-file"), "x");
    const health = await storageHealth(path.join(dir, "a-file", "data"), 0);
    expect(health).toMatchObject({ ok: false, writable: false, problem: "ENOTDIR" });
  });

  it.skipIf(isRoot)(
    "a folder without write permission is not writable (root may write anywhere)",
    async () => {
      const locked = path.join(dir, "locked");
      await mkdir(locked);
      await chmod(locked, 0o500);
      expect(await storageHealth(locked, 0)).toMatchObject({ ok: false, writable: false, problem: "EACCES" });
      await chmod(locked, 0o700);
    },
  );

  describe.skipIf(cannotMount !== null)(`on a tmpfs${cannotMount ? `: skipped, ${cannotMount}` : ""}`, () => {
    it("a full disk is low on space, a read-only one not writable", async () => {
      const fs = (await tmpfs()) as Exclude<Awaited<ReturnType<typeof tmpfs>>, string>;
      try {
        await writeFile(path.join(fs.dir, "filler"), Buffer.alloc(200 * 1024));
        expect(await storageHealth(fs.dir, 100 * 1024)).toMatchObject({ ok: false, problem: "low_space" });
        await fs.readOnly();
        expect(await storageHealth(fs.dir, 0)).toMatchObject({
          ok: false,
          writable: false,
          problem: "EROFS",
        });
      } finally {
        await fs.close();
      }
    });
  });
});

describe.skipIf(cannotMount !== null)("uploads on a full or read-only disk", () => {
  let t: TestApp;
  let fs: Exclude<Awaited<ReturnType<typeof tmpfs>>, string>;
  let kari: Client;
  let kariId: string;
  let thread: string;

  beforeAll(async () => {
    fs = (await tmpfs()) as typeof fs;
    t = await createTestApp({ DATA_DIR: fs.dir });
    kari = t.client();
    await kari.signIn("kari@demo.no");
    kariId = (await kari.session()).user.id;
    thread = (await kari.post("/api/chat/department")).json().id;
  });
  afterAll(async () => {
    await t?.close();
    await fs?.close();
  });
  afterEach(() => rm(path.join(fs.dir, "filler"), { force: true }).catch(() => {}));

  const multipart = (name: string, data: Buffer) => {
    const { payload, headers } = multipartFile(name, data, "image/png");
    return { payload, headers: { ...headers, ...kari.browserHeaders() } };
  };
  const attach = async (data: Buffer) =>
    t.app.inject({
      method: "POST",
      url: `/api/chat/threads/${thread}/attachments`,
      ...multipart("bilde.png", data),
    });
  const avatar = async (data: Buffer) =>
    t.app.inject({ method: "PUT", url: `/api/users/${kariId}/avatar`, ...multipart("meg.png", data) });

  it("a full disk answers 507 storage_full and keeps no part of the upload", async () => {
    await writeFile(path.join(fs.dir, "filler"), Buffer.alloc(200 * 1024));
    // Noise: a PNG that does not compress, larger than the room left.
    const picture = await sharp(randomBytes(300 * 300 * 3), { raw: { width: 300, height: 300, channels: 3 } })
      .png()
      .toBuffer();
    expect(picture.length).toBeGreaterThan(100 * 1024);
    for (const res of [await attach(picture), await avatar(picture)]) {
      expect(res.statusCode, res.body).toBe(507);
      expect(res.json().error).toEqual({
        code: "storage_full",
        message: "Det er ikke plass til flere filer akkurat nå. Prøv igjen senere.",
      });
    }
    expect(await readdir(path.join(fs.dir, "uploads-tmp"))).toEqual([]);
  });

  it("a read-only disk answers 503 storage_unavailable with Retry-After", async () => {
    await fs.readOnly();
    const picture = await png(40, 40);
    for (const res of [await attach(picture), await avatar(picture)]) {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers["retry-after"]).toBe("30");
      expect(res.json().error.code).toBe("storage_unavailable");
    }
  });
});
