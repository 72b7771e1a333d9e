/**
 * Where uploaded files live. `FileStore` is the small interface the features use (put
 * and get as streams, stat, delete), so that an object store can stand in for the disk
 * once several app instances share files. `diskStore` keeps them under a root folder
 * (`DATA_DIR` by default).
 *
 * Keys are never paths from a client: the features build them (`chatUploadKey`) from
 * ids and a name reduced by `safeFileName`, and every key is checked again here: slash-
 * separated segments of letters, digits, '.', '_' and '-', none starting with a dot (so
 * no '.' or '..', and the store's own `.tmp` folder cannot be named), and the resolved
 * path must lie inside the root. Nothing outside the root can be addressed.
 */
import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, open, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { type Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { safeFileName } from "../../common/domain/attachments.ts";
import type { Tx } from "../db/client.ts";

export interface FileStore {
  /** Stores the stream's bytes under the key, replacing what was there; readers never see a half-written file. */
  put(key: string, source: Readable): Promise<{ size: number }>;
  /** The stored bytes, or null when there is no such file. */
  get(key: string): Promise<Readable | null>;
  stat(key: string): Promise<{ size: number } | null>;
  exists(key: string): Promise<boolean>;
  /**
   * Removes the file; a missing file is no error. Called inside a transaction, pass its
   * `tx`: a store in the database deletes in it (with the rows that named the file).
   */
  delete(key: string, within?: { tx: Tx }): Promise<void>;
  /** Removes every file under the folder `prefix` (whole segments: "chat-uploads/t1" removes "chat-uploads/t1/…"). */
  deletePrefix(prefix: string): Promise<void>;
}

export class InvalidStorageKeyError extends Error {
  constructor(readonly key: string) {
    super(`invalid storage key: ${JSON.stringify(key.slice(0, 200))}`);
  }
}

const segment = "[A-Za-z0-9_-][A-Za-z0-9._-]{0,254}";
const keyPattern = new RegExp(`^${segment}(?:/${segment})*$`);
const keyMaxLength = 1024;

export function isValidStorageKey(key: string): boolean {
  return typeof key === "string" && key.length <= keyMaxLength && keyPattern.test(key);
}

/** The key itself, or `InvalidStorageKeyError`: every store checks keys the same way. */
export function checkedKey(key: string): string {
  if (!isValidStorageKey(key)) throw new InvalidStorageKeyError(key);
  return key;
}

const idPattern = /^[A-Za-z0-9-]{1,64}$/;

/**
 * `chat-uploads/{threadId}/{uuid}_{name}`. The ids must be plain ids (letters, digits,
 * hyphens); the name is passed through `safeFileName` again, whatever the caller did.
 */
export function chatUploadKey(threadId: string, uuid: string, name: string): string {
  if (!idPattern.test(threadId)) throw new InvalidStorageKeyError(threadId);
  if (!idPattern.test(uuid)) throw new InvalidStorageKeyError(uuid);
  return checkedKey(`chat-uploads/${threadId}/${uuid}_${safeFileName(name)}`);
}

/** Every upload of a thread, for `deletePrefix` when a thread goes. */
export function chatUploadPrefix(threadId: string): string {
  if (!idPattern.test(threadId)) throw new InvalidStorageKeyError(threadId);
  return `chat-uploads/${threadId}`;
}

/** A person's avatar, `avatars/{userId}/avatar.{ext}`: one per person, a new one replaces it. */
export function avatarKey(userId: string, ext: string): string {
  if (!idPattern.test(userId)) throw new InvalidStorageKeyError(userId);
  if (!/^[a-z0-9]{1,8}$/.test(ext)) throw new InvalidStorageKeyError(ext);
  return checkedKey(`avatars/${userId}/avatar.${ext}`);
}

/**
 * A picture's thumbnail: a `thumbs/` folder beside it and `.webp` after the name
 * (`chat-uploads/t/u_bilde.jpg` → `chat-uploads/t/thumbs/u_bilde.jpg.webp`). One level
 * deeper than any original, so the two can never collide; derived from the key alone,
 * so nothing else need be stored; and inside the thread's folder, so deleting the
 * thread's prefix removes it too.
 */
export function thumbnailKey(key: string): string {
  checkedKey(key);
  const slash = key.lastIndexOf("/");
  return checkedKey(`${key.slice(0, slash + 1)}thumbs/${key.slice(slash + 1)}.webp`);
}

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === "ENOENT";

/**
 * Files under `root`. A put writes to `root/.tmp` first and renames into place (atomic
 * on one file system), so a reader sees the old file or the new one, never a part.
 */
export function diskStore(root: string): FileStore {
  const base = path.resolve(root);
  const tmpDir = path.join(base, ".tmp");

  const pathOf = (key: string) => {
    const full = path.resolve(base, checkedKey(key));
    const rel = path.relative(base, full);
    if (!rel || rel.startsWith("..") || path.isAbsolute(rel)) throw new InvalidStorageKeyError(key);
    return full;
  };

  async function fileStat(key: string): Promise<{ size: number } | null> {
    try {
      const s = await stat(pathOf(key));
      return s.isFile() ? { size: s.size } : null;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  return {
    async put(key, source) {
      const target = pathOf(key);
      await mkdir(tmpDir, { recursive: true });
      await mkdir(path.dirname(target), { recursive: true });
      const tmp = path.join(tmpDir, `${randomUUID()}.part`);
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      try {
        await pipeline(source, counter, createWriteStream(tmp, { flags: "wx", mode: 0o600 }));
        await rename(tmp, target);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
      return { size };
    },

    async get(key) {
      try {
        const handle = await open(pathOf(key), "r");
        if (!(await handle.stat()).isFile()) {
          await handle.close();
          return null;
        }
        return handle.createReadStream();
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },

    stat: fileStat,

    async exists(key) {
      return (await fileStat(key)) !== null;
    },

    async delete(key) {
      const full = pathOf(key);
      const s = await stat(full).catch((err) => (isMissing(err) ? null : Promise.reject(err)));
      if (s?.isFile()) await rm(full, { force: true });
    },

    async deletePrefix(prefix) {
      await rm(pathOf(prefix), { recursive: true, force: true });
    },
  };
}
