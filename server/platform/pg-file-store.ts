/**
 * Files in the database (tables `stored_files` and `stored_file_chunks`), so that every
 * app instance on one PostgreSQL server reads what any of them stored, and a purge on
 * one removes the bytes another received.
 *
 * Both directions stream: a put reads its source and writes a row per `chunkBytes`
 * (256 KiB) under a new blob id, holding at most one chunk in memory, and then swaps the
 * key to the new blob and deletes the old blob's chunks in one short transaction. A get
 * reads the key and its first chunk in one statement and the rest one row at a time as
 * the reader asks for it (backpressure), so a download holds no connection between
 * chunks. A reader of a file of one chunk (thumbnails, avatars, most attachments) sees
 * the old bytes or the new; a reader of a longer file that is replaced or deleted
 * while it reads gets an error at the first chunk that is gone, never a silent part.
 * A failed put deletes its chunks; chunks no file names (an instance killed mid-put)
 * are swept after an hour by `storedChunksSweepJob`.
 */
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { storedFileChunks, storedFiles } from "../db/schema.ts";
import type { Job } from "./jobs.ts";
import { checkedKey, type FileStore } from "./storage.ts";

export const fileChunkBytes = 256 * 1024;

/** PostgreSQL's driver gives bytea as a Buffer, PGlite's as a Uint8Array. */
const asBuffer = (data: Uint8Array) =>
  Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);

/** `_` and `%` are LIKE's wildcards; a key's `_` must match only itself. */
export const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export class StoredFileChangedError extends Error {
  constructor() {
    super("stored file was replaced or removed while it was being read");
  }
}

export function pgFileStore(db: Db, { chunkBytes = fileChunkBytes } = {}): FileStore {
  async function writeChunks(blobId: string, source: Readable): Promise<number> {
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let n = 0;
    let size = 0;
    const insert = async (data: Buffer) => {
      await db.insert(storedFileChunks).values({ blobId, n: n++, data });
    };
    for await (const chunk of source as AsyncIterable<Buffer | string>) {
      const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
      size += bytes.length;
      pending.push(bytes);
      pendingBytes += bytes.length;
      while (pendingBytes >= chunkBytes) {
        // One piece is cut, not copied: a large piece would otherwise be copied once per chunk.
        const all = pending.length === 1 ? pending[0]! : Buffer.concat(pending, pendingBytes);
        await insert(all.subarray(0, chunkBytes));
        pending = [all.subarray(chunkBytes)];
        pendingBytes -= chunkBytes;
      }
    }
    if (pendingBytes > 0) await insert(Buffer.concat(pending, pendingBytes));
    return size;
  }

  async function* chunksAfterFirst(blobId: string, size: number, first: Buffer) {
    let sent = first.length;
    if (sent > 0) yield first;
    for (let n = 1; sent < size; n++) {
      const [row] = await db
        .select({ data: storedFileChunks.data })
        .from(storedFileChunks)
        .where(and(eq(storedFileChunks.blobId, blobId), eq(storedFileChunks.n, n)));
      if (!row) throw new StoredFileChangedError();
      const data = asBuffer(row.data);
      sent += data.length;
      yield data;
    }
    if (sent !== size) throw new StoredFileChangedError();
  }

  const fileStat = async (key: string) => {
    const [row] = await db
      .select({ size: storedFiles.size })
      .from(storedFiles)
      .where(eq(storedFiles.key, checkedKey(key)));
    return row ? { size: row.size } : null;
  };

  return {
    async put(key, source) {
      checkedKey(key);
      const blobId = randomUUID();
      try {
        const size = await writeChunks(blobId, source);
        await db.transaction(async (tx) => {
          const [old] = await tx
            .select({ blobId: storedFiles.blobId })
            .from(storedFiles)
            .where(eq(storedFiles.key, key))
            .for("update");
          await tx
            .insert(storedFiles)
            .values({ key, blobId, size })
            .onConflictDoUpdate({ target: storedFiles.key, set: { blobId, size, createdAt: sql`now()` } });
          if (old) await tx.delete(storedFileChunks).where(eq(storedFileChunks.blobId, old.blobId));
        });
        return { size };
      } catch (err) {
        source.destroy();
        // Best effort: should this fail too (the database gone), the sweep removes them.
        await db
          .delete(storedFileChunks)
          .where(eq(storedFileChunks.blobId, blobId))
          .catch(() => {});
        throw err;
      }
    },

    async get(key) {
      const [row] = await db
        .select({ blobId: storedFiles.blobId, size: storedFiles.size, first: storedFileChunks.data })
        .from(storedFiles)
        .leftJoin(
          storedFileChunks,
          and(eq(storedFileChunks.blobId, storedFiles.blobId), eq(storedFileChunks.n, 0)),
        )
        .where(eq(storedFiles.key, checkedKey(key)));
      if (!row) return null;
      if (row.size > 0 && !row.first) throw new StoredFileChangedError();
      const first = row.first ? asBuffer(row.first) : Buffer.alloc(0);
      // Room for two chunks: the next is fetched while the last is written to the socket.
      return Readable.from(chunksAfterFirst(row.blobId, row.size, first), {
        objectMode: false,
        highWaterMark: 2 * chunkBytes,
      });
    },

    stat: fileStat,

    async exists(key) {
      return (await fileStat(key)) !== null;
    },

    async delete(key, within) {
      await (within?.tx ?? db).execute(sql`
        with gone as (delete from ${storedFiles} where key = ${checkedKey(key)} returning blob_id)
        delete from ${storedFileChunks} where blob_id in (select blob_id from gone)`);
    },

    async deletePrefix(prefix) {
      // Whole segments, as on disk: "a/b" takes "a/b" and "a/b/…", never "a/bc" or "a_b/…".
      const folder = `${likeEscaped(checkedKey(prefix))}/%`;
      await db.execute(sql`
        with gone as (
          delete from ${storedFiles} where key = ${prefix} or key like ${folder} escape '\\' returning blob_id)
        delete from ${storedFileChunks} where blob_id in (select blob_id from gone)`);
    },
  };
}

/** Chunks older than this that no file names are an upload cut short. */
const orphanAgeMs = 60 * 60_000;

/** Removes chunks of no file (a put cut short by a crash, or whose clean-up failed). */
export function storedChunksSweepJob(): Job {
  return {
    name: "files.sweep-orphan-chunks",
    everyMs: 30 * 60_000,
    run: ({ tx, clock }) =>
      tx.execute(sql`
        delete from ${storedFileChunks} c
        where c.created_at < ${new Date(clock.now().getTime() - orphanAgeMs)}
          and not exists (select 1 from ${storedFiles} f where f.blob_id = c.blob_id)`),
  };
}
