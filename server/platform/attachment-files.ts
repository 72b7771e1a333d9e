/**
 * Removing chat files for good: their rows, then their bytes (and thumbnails). Shared by
 * chat's clean-up jobs and retention's (issue 30), which delete files by different rules.
 * Run inside a job's transaction: in the database store the bytes go in it too; on disk,
 * should the commit fail after the bytes went, the rows point at nothing, the file route
 * answers 404, and the next run removes them. Storage is one for every instance (the
 * database on PostgreSQL; PGlite's disk has one instance), so deleting once suffices.
 */
import type { SQL } from "drizzle-orm";
import type { Tx } from "../db/client.ts";
import { chatMessageAttachments } from "../db/schema.ts";
import type { FileStore } from "./storage.ts";

/** The rows removed, with the message each was sent with (null: never sent). */
export async function removeAttachments(tx: Tx, files: FileStore, where: SQL | undefined) {
  const gone = await tx.delete(chatMessageAttachments).where(where).returning({
    messageId: chatMessageAttachments.messageId,
    key: chatMessageAttachments.storageKey,
    thumb: chatMessageAttachments.thumbnailKey,
  });
  for (const { key, thumb } of gone) {
    await files.delete(key, { tx });
    if (thumb) await files.delete(thumb, { tx });
  }
  return gone.map(({ messageId }) => ({ messageId }));
}
