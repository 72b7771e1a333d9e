/**
 * Read positions and unread counts. A member's read position is the `seq` of the last
 * message they read; unread are the messages beyond it that someone else wrote and that
 * are not deleted. Every count here uses that one condition (`unreadFor`), over the
 * (thread, seq) index.
 */
import { and, eq, gt, inArray, isNull, lte, ne, or, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { FeatureFlags } from "../../../common/schemas/brand.ts";
import type { ThreadKind, UnreadCounts } from "../../../common/schemas/chat.ts";
import { topics } from "../../../common/schemas/realtime.ts";
import type { Db, Tx } from "../../db/client.ts";
import {
  chatMessageReach,
  chatMessages,
  chatThreadMembers,
  chatThreads,
  chatUrgentMessages,
} from "../../db/schema.ts";
import { notFound } from "../../platform/errors.ts";
import { type TxDeps, type TxEvents, withTx } from "../../platform/tx.ts";
import { kindEnabled, type LoadedThread } from "./access.ts";

/** Unread messages of the member row in the outer query, as a subquery. */
export function unreadFor(
  db: Db | Tx,
  member: { threadId: AnyPgColumn; userId: AnyPgColumn; lastReadSeq: AnyPgColumn } = chatThreadMembers,
) {
  return db.$count(
    chatMessages,
    and(
      eq(chatMessages.threadId, member.threadId),
      gt(chatMessages.seq, member.lastReadSeq),
      isNull(chatMessages.deletedAt),
      or(isNull(chatMessages.authorId), ne(chatMessages.authorId, member.userId)),
    ),
  );
}

/**
 * Kinds the whole department reads without joining: reading or writing there puts one
 * on the member list, which is who gets their badges.
 */
export const openKinds: readonly ThreadKind[] = ["department", "shift"];

/**
 * Puts people on a thread's member list, with nothing unread (their read position is
 * the thread's newest message). Returns those who were not members yet; when there are
 * any, the thread says so (`thread.members`): headers follow, and what is kept of the
 * thread in memory is dropped by that event alone (chat/caches.ts).
 */
export async function addMembership(
  tx: Tx,
  events: TxEvents,
  threadId: string,
  userIds: readonly string[],
): Promise<string[]> {
  if (userIds.length === 0) return [];
  const newest = sql`(select coalesce(max(${chatMessages.seq}), 0) from ${chatMessages}
    where ${chatMessages.threadId} = ${threadId})`;
  const added = await tx
    .insert(chatThreadMembers)
    .values(userIds.map((userId) => ({ threadId, userId, lastReadSeq: newest })))
    .onConflictDoNothing()
    .returning({ userId: chatThreadMembers.userId });
  if (added.length > 0) events.publish(topics.thread(threadId), "thread.members", { threadId });
  return added.map((a) => a.userId);
}

/**
 * A new message: every member but its author has one more unread in the thread. Said
 * without counting (the member list came with the thread), so posting costs the same
 * however much is unread; clients add it to the counts they hold.
 */
export function announceNewMessage(events: TxEvents, thread: LoadedThread, author: string) {
  for (const userId of thread.memberIds) {
    if (userId === author) continue;
    events.publish(topics.user(userId), "chat.unread", {
      threadId: thread.id,
      kind: thread.kind,
      added: 1,
    });
  }
}

/**
 * Tells the thread's members but the author of the change their new unread count for
 * it, after the commit: the sidebar badges of every open tab follow. Counted, so kept
 * for the rare changes that move counts down (a deletion) or back (its undo).
 */
export async function publishUnread(tx: Tx, events: TxEvents, thread: LoadedThread, author: string) {
  const rows = await tx
    .select({ userId: chatThreadMembers.userId, unread: unreadFor(tx) })
    .from(chatThreadMembers)
    .where(and(eq(chatThreadMembers.threadId, thread.id), ne(chatThreadMembers.userId, author)));
  for (const row of rows) {
    events.publish(topics.user(row.userId), "chat.unread", {
      threadId: thread.id,
      kind: thread.kind,
      unread: row.unread,
    });
  }
}

/**
 * The urgent messages of the thread that reach me and that a read up to `seq` passes for
 * the first time (beyond my read position now): their senders' 'Sett av' counts change.
 */
async function urgentNowSeen(tx: Tx, threadId: string, userId: string, seq: number): Promise<string[]> {
  const readTo = sql`coalesce((select ${chatThreadMembers.lastReadSeq} from ${chatThreadMembers}
    where ${chatThreadMembers.threadId} = ${threadId} and ${chatThreadMembers.userId} = ${userId}), 0)`;
  const rows = await tx
    .select({ messageId: chatMessageReach.messageId })
    .from(chatMessageReach)
    .innerJoin(chatUrgentMessages, eq(chatUrgentMessages.messageId, chatMessageReach.messageId))
    .innerJoin(chatMessages, eq(chatMessages.id, chatMessageReach.messageId))
    .where(
      and(
        eq(chatMessageReach.userId, userId),
        eq(chatUrgentMessages.threadId, threadId),
        lte(chatMessages.seq, seq),
        gt(chatMessages.seq, readTo),
      ),
    );
  return rows.map((r) => r.messageId);
}

/**
 * Moves my read position to `messageId` of the thread, never backwards. In department
 * and shift threads this makes me a member (their badges are for those who read there);
 * in a channel I have not joined it changes nothing. Returns my unread count.
 */
export function markRead(deps: TxDeps, userId: string, thread: LoadedThread, messageId: string) {
  return withTx(deps, async (tx, events) => {
    const [message] = await tx
      .select({ seq: chatMessages.seq })
      .from(chatMessages)
      .where(and(eq(chatMessages.id, messageId), eq(chatMessages.threadId, thread.id)));
    if (!message) throw notFound("message_not_found");
    const seen = await urgentNowSeen(tx, thread.id, userId, message.seq);
    const forward = sql`greatest(${chatThreadMembers.lastReadSeq}, ${message.seq})`;
    const mine = and(eq(chatThreadMembers.threadId, thread.id), eq(chatThreadMembers.userId, userId));
    const moved = openKinds.includes(thread.kind)
      ? await tx
          .insert(chatThreadMembers)
          .values({ threadId: thread.id, userId, lastReadSeq: message.seq })
          .onConflictDoUpdate({
            target: [chatThreadMembers.threadId, chatThreadMembers.userId],
            set: { lastReadSeq: forward },
            setWhere: sql`${chatThreadMembers.lastReadSeq} < ${message.seq}`,
          })
          .returning({ userId: chatThreadMembers.userId })
      : await tx
          .update(chatThreadMembers)
          .set({ lastReadSeq: forward })
          .where(and(mine, sql`${chatThreadMembers.lastReadSeq} < ${message.seq}`))
          .returning({ userId: chatThreadMembers.userId });
    const [row] = await tx
      .select({ unread: unreadFor(tx) })
      .from(chatThreadMembers)
      .where(mine);
    const unread = row?.unread ?? 0;
    // 'Sett av n av m' of the urgent messages to me that I now read past follows.
    if (moved.length > 0)
      for (const messageId of seen)
        events.publish(topics.thread(thread.id), "message.seen", { threadId: thread.id, messageId });
    // My other tabs clear the badge too.
    if (moved.length > 0)
      events.publish(topics.user(userId), "chat.unread", {
        threadId: thread.id,
        kind: thread.kind,
        unread,
      });
    return unread;
  });
}

/**
 * My unread counts, for the sidebar: per thread I am a member of, and summed per kind.
 * Department, shift and channel threads count in the department I work in; of shift
 * threads only the block under way ('Pågående vakt'). Direct threads are the person's,
 * so they count in every department I am active in (see `activeDeptIds`). Kinds switched
 * off count nothing.
 */
export async function unreadCounts(
  db: Db,
  me: { userId: string; deptId: string; activeDeptIds: readonly string[] },
  now: Date,
  features: FeatureFlags,
): Promise<UnreadCounts> {
  const rows = await db
    .select({ threadId: chatThreads.id, kind: chatThreads.kind, unread: unreadFor(db) })
    .from(chatThreadMembers)
    .innerJoin(chatThreads, eq(chatThreads.id, chatThreadMembers.threadId))
    .where(
      and(
        eq(chatThreadMembers.userId, me.userId),
        or(
          and(eq(chatThreads.kind, "direct"), inArray(chatThreads.deptId, [...me.activeDeptIds])),
          and(
            ne(chatThreads.kind, "direct"),
            eq(chatThreads.deptId, me.deptId),
            or(
              ne(chatThreads.kind, "shift"),
              and(lte(chatThreads.shiftStartsAt, now), gt(chatThreads.shiftEndsAt, now)),
            ),
          ),
        ),
      ),
    );
  const threads = rows.filter((r) => kindEnabled(features, r.kind));
  const sum = (kind: ThreadKind) => threads.filter((t) => t.kind === kind).reduce((n, t) => n + t.unread, 0);
  return {
    department: sum("department"),
    shift: sum("shift"),
    direct: sum("direct"),
    channels: sum("channel"),
    threads,
  };
}
