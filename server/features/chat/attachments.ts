/**
 * Chat files. An upload is streamed to a temp file with the size limit enforced as the
 * bytes arrive, its kind decided from the bytes, a picture re-encoded without metadata
 * and given a thumbnail, and then kept in the file store for the thread and its uploader
 * until a message claims it. Readers get the files of messages with links signed for
 * them; the files go with a purged deleted message, and when never sent.
 */
import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import type { MultipartFile } from "@fastify/multipart";
import { and, eq, inArray, isNull, lt } from "drizzle-orm";
import {
  chatUploadMaxBytes,
  chatUploadMaxMB,
  nameForKind,
  safeFileName,
  uploadFileDamaged,
  uploadImageUnreadable,
  uploadTooLarge,
  uploadTypeNotAllowed,
} from "../../../common/domain/attachments.ts";
import type { AttachmentDto } from "../../../common/schemas/chat.ts";
import { attachmentRefusalMessage } from "../../../common/texts/errors/attachments.ts";
import type { Db, Tx } from "../../db/client.ts";
import { chatMessageAttachments } from "../../db/schema.ts";
import { removeAttachments } from "../../platform/attachment-files.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import type { Job } from "../../platform/jobs.ts";
import { fileUrlExpiry, fileUrlQuery, signFileUrl } from "../../platform/signed-urls.ts";
import { chatUploadKey, type FileStore, thumbnailKey } from "../../platform/storage.ts";
import {
  detectKind,
  processImage,
  receiveLimited,
  UnreadableImageError,
  UploadTooLargeError,
} from "../../platform/upload-inspect.ts";

/**
 * What a file's link needs of the one looking: who (the link is theirs alone), when, and
 * the secret that signs it. present.ts's `Viewer` is one; declared here so the two modules
 * do not import each other.
 */
interface FileViewer {
  actor: { userId: string };
  now: Date;
  fileUrlSecret: string;
}

export type AttachmentRow = typeof chatMessageAttachments.$inferSelect;

const refused = (status: 413 | 422, refusal: Parameters<typeof attachmentRefusalMessage>[0]) =>
  new AppError(status, refusal.code, attachmentRefusalMessage(refusal));

/**
 * One file into the thread, as its uploader will see it. Nothing of a refused file is
 * kept: the temp files go whatever happens.
 */
export async function uploadAttachment(
  ctx: AppContext,
  viewer: FileViewer,
  threadId: string,
  part: MultipartFile,
): Promise<AttachmentDto> {
  const maxMB = chatUploadMaxMB(ctx.brand.limits.maxUploadMB);
  const name = safeFileName(part.filename);
  const temps: string[] = [];
  try {
    const received = await receiveLimited(part.file, {
      maxBytes: chatUploadMaxBytes(ctx.brand.limits.maxUploadMB),
      tmpDir: path.join(ctx.config.dataDir, "uploads-tmp"),
    });
    temps.push(received.path);
    const detected = await detectKind(received.path, part.filename);
    if ("refused" in detected) throw refused(422, uploadTypeNotAllowed(detected.refused));
    if ("damaged" in detected) throw refused(422, uploadFileDamaged(name));
    // Stored and served under the extension of what the bytes are: text called
    // "turnus.bat" downloads as "turnus.bat.txt" and opens in no other program.
    const storedName = nameForKind(name, detected.kind);
    const cleaned = await processImage(received.path, detected.kind);
    temps.push(cleaned.path, ...(cleaned.thumbnailPath ? [cleaned.thumbnailPath] : []));

    const id = randomUUID();
    const key = chatUploadKey(threadId, id, storedName);
    const thumbPath = cleaned.thumbnailPath;
    const thumbKey = thumbPath ? thumbnailKey(key) : null;
    // The file and its thumbnail are stored side by side; the row that names them is
    // written only once both are in.
    const [stored] = await Promise.all([
      ctx.files.put(key, createReadStream(cleaned.path)),
      thumbKey && thumbPath ? ctx.files.put(thumbKey, createReadStream(thumbPath)) : null,
    ]);
    const [row] = await ctx.db
      .insert(chatMessageAttachments)
      .values({
        id,
        threadId,
        uploadedBy: viewer.actor.userId,
        storageKey: key,
        thumbnailKey: thumbKey,
        name: storedName,
        kind: detected.kind,
        mimeType: detected.mime,
        byteSize: stored.size,
        width: cleaned.width,
        height: cleaned.height,
      })
      .returning();
    return presentAttachment(row!, viewer);
  } catch (err) {
    if (err instanceof UploadTooLargeError) throw refused(413, uploadTooLarge(name, maxMB));
    if (err instanceof UnreadableImageError) throw refused(422, uploadImageUnreadable(name));
    throw err;
  } finally {
    await Promise.all(temps.map((file) => rm(file, { force: true })));
  }
}

/** A link to one version of a file, for the viewer only, until `expiresAt`. */
function signedLink(
  id: string,
  key: string,
  variant: "original" | "thumbnail",
  viewer: FileViewer,
  expiresAt: Date,
) {
  const params = signFileUrl({ key, userId: viewer.actor.userId, expiresAt }, viewer.fileUrlSecret);
  return `/api/chat/files/${id}?variant=${variant}&${fileUrlQuery(params)}`;
}

export function presentAttachment(row: AttachmentRow, viewer: FileViewer): AttachmentDto {
  const expiresAt = fileUrlExpiry(viewer.now);
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    mimeType: row.mimeType,
    size: row.byteSize,
    width: row.width,
    height: row.height,
    url: signedLink(row.id, row.storageKey, "original", viewer, expiresAt),
    thumbnailUrl: row.thumbnailKey
      ? signedLink(row.id, row.thumbnailKey, "thumbnail", viewer, expiresAt)
      : null,
    expiresAt: expiresAt.toISOString(),
  };
}

/** The files of these messages, per message, in the order they were uploaded (one query). */
export async function attachmentsOf(db: Db, messageIds: readonly string[]) {
  const byMessage = new Map<string, AttachmentRow[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db
    .select()
    .from(chatMessageAttachments)
    .where(inArray(chatMessageAttachments.messageId, [...messageIds]))
    .orderBy(chatMessageAttachments.createdAt, chatMessageAttachments.id);
  for (const row of rows) byMessage.set(row.messageId!, [...(byMessage.get(row.messageId!) ?? []), row]);
  return byMessage;
}

/**
 * Gives a new message its files: only files I uploaded to this thread that no message
 * has yet. Any other id (someone else's, another thread's, already sent, unknown) is
 * refused, and the message with it.
 */
export async function claimAttachments(
  tx: Tx,
  { threadId, userId, messageId }: { threadId: string; userId: string; messageId: string },
  ids: readonly string[],
): Promise<AttachmentRow[]> {
  if (ids.length === 0) return [];
  const claimed = await tx
    .update(chatMessageAttachments)
    .set({ messageId })
    .where(
      and(
        inArray(chatMessageAttachments.id, [...new Set(ids)]),
        eq(chatMessageAttachments.threadId, threadId),
        eq(chatMessageAttachments.uploadedBy, userId),
        isNull(chatMessageAttachments.messageId),
      ),
    )
    .returning();
  if (claimed.length !== new Set(ids).size) throw new AppError(422, "attachments_not_available");
  return claimed;
}

/** The files of messages whose deletion can no longer be undone. */
export async function removeFilesOfMessages(tx: Tx, files: FileStore, messageIds: readonly string[]) {
  if (messageIds.length > 0)
    await removeAttachments(tx, files, inArray(chatMessageAttachments.messageId, [...messageIds]));
}

/** Uploads never sent with a message (the composer was closed) go after a day. */
const unclaimedHours = 24;

export function unclaimedFilesJob(files: FileStore): Job {
  return {
    name: "chat.remove-unsent-files",
    everyMs: 60 * 60_000,
    run: ({ tx, clock }) =>
      removeAttachments(
        tx,
        files,
        and(
          isNull(chatMessageAttachments.messageId),
          lt(chatMessageAttachments.createdAt, new Date(clock.now().getTime() - unclaimedHours * 3_600_000)),
        ),
      ),
  };
}
