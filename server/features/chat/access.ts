/**
 * What the chat's policies decide on, loaded from the database: a thread with its
 * member list, a message with its thread. One query each; the loaded thread keeps the
 * columns its header needs, so a route that authorizes and then answers reads it once.
 */
import { eq, sql } from "drizzle-orm";
import { canUndo } from "../../../common/domain/chat-messages.ts";
import type { FeatureFlag, FeatureFlags } from "../../../common/schemas/brand.ts";
import type { ThreadKind } from "../../../common/schemas/chat.ts";
import type { Db } from "../../db/client.ts";
import { preparedOnce } from "../../db/prepared.ts";
import { chatMessageAttachments, chatMessages, chatThreadMembers, chatThreads } from "../../db/schema.ts";
import type { AttachmentResource, MessageResource, ThreadResource } from "../../policies/resources.ts";

export type ThreadRow = typeof chatThreads.$inferSelect;

/** A thread as the policies see it, with its row. */
export type LoadedThread = ThreadResource & { row: ThreadRow };

export type LoadedMessage = MessageResource & { thread: LoadedThread };
export type LoadedAttachment = AttachmentResource & {
  thread: LoadedThread;
  row: typeof chatMessageAttachments.$inferSelect;
};

/** Kinds that a feature flag switches off; the others are always there. */
const kindFlags: Partial<Record<ThreadKind, FeatureFlag>> = { channel: "channels", shift: "shiftChat" };

export function kindEnabled(features: FeatureFlags, kind: ThreadKind): boolean {
  const flag = kindFlags[kind];
  return flag === undefined || features[flag];
}

function toThreadResource(row: ThreadRow, memberIds: readonly string[]): LoadedThread {
  return {
    type: "thread",
    id: row.id,
    deptId: row.deptId,
    kind: row.kind,
    isPublic: row.isPublic,
    memberIds,
    row,
  };
}

// Every member, also people deactivated since: the policies decide with their records.
const memberIdsOf = sql<string[]>`coalesce(
  (select json_agg(${chatThreadMembers.userId}) from ${chatThreadMembers}
   where ${chatThreadMembers.threadId} = ${chatThreads.id}),
  '[]'::json)`;

const threadById = preparedOnce((db) =>
  db
    .select({ row: chatThreads, memberIds: memberIdsOf })
    .from(chatThreads)
    .where(eq(chatThreads.id, sql.placeholder("threadId")))
    .prepare("chat_thread_by_id"),
);

export async function loadThread(db: Db, threadId: string): Promise<LoadedThread | null> {
  const [found] = await threadById(db).execute({ threadId });
  return found ? toThreadResource(found.row, found.memberIds) : null;
}

export async function loadMessage(db: Db, messageId: string): Promise<LoadedMessage | null> {
  const [found] = await db
    .select({
      id: chatMessages.id,
      authorId: chatMessages.authorId,
      deletedAt: chatMessages.deletedAt,
      row: chatThreads,
      memberIds: memberIdsOf,
    })
    .from(chatMessages)
    .innerJoin(chatThreads, eq(chatThreads.id, chatMessages.threadId))
    .where(eq(chatMessages.id, messageId));
  if (!found) return null;
  return {
    type: "message",
    id: found.id,
    // A message whose author is gone is nobody's to edit: no user id equals "".
    authorId: found.authorId ?? "",
    deleted: found.deletedAt !== null,
    thread: toThreadResource(found.row, found.memberIds),
  };
}

/** A file with its thread and the state of its message; `now` decides the undo window. */
export async function loadAttachment(
  db: Db,
  attachmentId: string,
  now: Date,
): Promise<LoadedAttachment | null> {
  const [found] = await db
    .select({
      file: chatMessageAttachments,
      message: {
        authorId: chatMessages.authorId,
        deletedAt: chatMessages.deletedAt,
        content: chatMessages.content,
      },
      row: chatThreads,
      memberIds: memberIdsOf,
    })
    .from(chatMessageAttachments)
    .innerJoin(chatThreads, eq(chatThreads.id, chatMessageAttachments.threadId))
    .leftJoin(chatMessages, eq(chatMessages.id, chatMessageAttachments.messageId))
    .where(eq(chatMessageAttachments.id, attachmentId));
  if (!found) return null;
  const { file, message } = found;
  const deletedAt = message?.deletedAt ?? null;
  return {
    type: "attachment",
    id: file.id,
    thread: toThreadResource(found.row, found.memberIds),
    uploadedBy: file.uploadedBy,
    message: file.messageId
      ? {
          authorId: message?.authorId ?? null,
          deleted: deletedAt !== null,
          // Like the text: undoable while the window is open and the purge has not run.
          undoable: deletedAt !== null && message?.content != null && canUndo(deletedAt, now),
        }
      : null,
    row: file,
  };
}
