/**
 * What the chat's policies decide on, loaded from the database: a thread with its
 * member list, a message with its thread. One query each; the loaded thread keeps the
 * columns its header needs, so a route that authorizes and then answers reads it once.
 */
import { eq, sql } from "drizzle-orm";
import type { FeatureFlag, FeatureFlags } from "../../../common/schemas/brand.ts";
import type { ThreadKind } from "../../../common/schemas/chat.ts";
import type { Db, Tx } from "../../db/client.ts";
import { chatMessages, chatThreadMembers, chatThreads } from "../../db/schema.ts";
import type { MessageResource, ThreadResource } from "../../policies/resources.ts";

export type ThreadRow = typeof chatThreads.$inferSelect;

/** A thread as the policies see it, with its row. */
export type LoadedThread = ThreadResource & { row: ThreadRow };

export type LoadedMessage = MessageResource & { thread: LoadedThread };

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

export async function loadThread(db: Db | Tx, threadId: string): Promise<LoadedThread | null> {
  const [found] = await db
    .select({ row: chatThreads, memberIds: memberIdsOf })
    .from(chatThreads)
    .where(eq(chatThreads.id, threadId));
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
