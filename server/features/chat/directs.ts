/**
 * Direct messages: one thread per pair of colleagues (get_or_create_direct_thread), and
 * my list of them with the other person, the last message and what I have not read.
 */
import { and, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { DirectThreadList } from "../../../common/schemas/chat.ts";
import { topics } from "../../../common/schemas/realtime.ts";
import type { Db, Tx } from "../../db/client.ts";
import { chatMessages, chatThreadMembers, chatThreads, profiles, staff } from "../../db/schema.ts";
import { unprocessable } from "../../platform/errors.ts";
import { type TxDeps, withTx } from "../../platform/tx.ts";
import { person } from "./present.ts";
import { addMembership, unreadFor } from "./reading.ts";
import { getOrCreateThread } from "./threads.ts";

/** How many of `userIds` have an active staff record in the department. */
async function activeIn(tx: Tx, deptId: string, userIds: readonly string[]): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(staff)
    .where(and(eq(staff.deptId, deptId), inArray(staff.userId, [...userIds]), eq(staff.isActive, true)));
  return row?.n ?? 0;
}

/**
 * My thread with a colleague of the department I work in (an active staff member
 * there), made on first use. The pair is stored sorted, so both directions find the same
 * thread. Should one of the two no longer work in the department the thread was started
 * in, it moves to this one, which both work in: neither loses the conversation.
 */
export function ensureDirectThread(
  deps: TxDeps,
  me: string,
  deptId: string,
  otherId: string,
): Promise<string> {
  return withTx(deps, async (tx, events) => {
    if (otherId === me) throw unprocessable("direct_with_self");
    if ((await activeIn(tx, deptId, [otherId])) === 0) throw unprocessable("not_a_colleague");
    const [low, high] = [me, otherId].sort() as [string, string];
    const { id, created } = await getOrCreateThread(
      tx,
      { kind: "direct", deptId, directLowId: low, directHighId: high, createdBy: me },
      and(
        eq(chatThreads.kind, "direct"),
        eq(chatThreads.directLowId, low),
        eq(chatThreads.directHighId, high),
      ),
    );
    if (created) {
      await addMembership(tx, events, id, [me, otherId]);
      events.publish(topics.user(otherId), "chat.joined", { threadId: id, kind: "direct" });
      return id;
    }
    const [thread] = await tx
      .select({ deptId: chatThreads.deptId })
      .from(chatThreads)
      .where(eq(chatThreads.id, id));
    if (thread && thread.deptId !== deptId && (await activeIn(tx, thread.deptId, [me, otherId])) < 2) {
      await tx.update(chatThreads).set({ deptId }).where(eq(chatThreads.id, id));
      // Open headers read the thread again (and the thread kept in memory goes).
      events.publish(topics.thread(id), "thread.members", { threadId: id });
    }
    return id;
  });
}

/**
 * My direct threads in the departments I am active in (a conversation is the two
 * people's, not a department's), the most recently active first, in one query.
 */
export async function listDirectThreads(
  db: Db,
  me: string,
  activeDeptIds: readonly string[],
): Promise<DirectThreadList> {
  const otherId = sql`case when ${chatThreads.directLowId} = ${me}
    then ${chatThreads.directHighId} else ${chatThreads.directLowId} end`;
  const last = db
    .select({
      id: chatMessages.id,
      authorId: chatMessages.authorId,
      content: chatMessages.content,
      createdAt: chatMessages.createdAt,
    })
    .from(chatMessages)
    .where(and(eq(chatMessages.threadId, chatThreads.id), isNull(chatMessages.deletedAt)))
    .orderBy(desc(chatMessages.seq))
    .limit(1)
    .as("last");
  const rows = await db
    .select({
      threadId: chatThreads.id,
      other: person(profiles),
      last: { id: last.id, authorId: last.authorId, content: last.content, createdAt: last.createdAt },
      unread: unreadFor(db),
    })
    .from(chatThreadMembers)
    .innerJoin(chatThreads, eq(chatThreads.id, chatThreadMembers.threadId))
    .innerJoin(profiles, eq(profiles.userId, otherId))
    .leftJoinLateral(last, sql`true`)
    .where(
      and(
        eq(chatThreadMembers.userId, me),
        eq(chatThreads.kind, "direct"),
        inArray(chatThreads.deptId, [...activeDeptIds]),
      ),
    )
    .orderBy(desc(sql`coalesce(${last.createdAt}, ${chatThreads.createdAt})`), desc(chatThreads.id));
  return {
    threads: rows.map((r) => ({
      threadId: r.threadId,
      other: r.other,
      lastMessage: r.last && {
        id: r.last.id,
        authorId: r.last.authorId,
        // A message that is not deleted keeps its text.
        content: r.last.content ?? "",
        createdAt: r.last.createdAt.toISOString(),
      },
      unread: r.unread,
    })),
  };
}
