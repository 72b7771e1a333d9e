/**
 * Channels (decisions.md § Chat): made by leaders and admins, public ones listed to the
 * whole department and open to 'Bli med', private ones seen by their members only.
 * 'Add members' (channels and shift threads) takes active staff of the thread's
 * department only.
 */
import { and, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  addMembersError,
  channelNameError,
  normaliseChannelName,
} from "../../../common/domain/chat-messages.ts";
import type { ChannelList } from "../../../common/schemas/chat.ts";
import { topics } from "../../../common/schemas/realtime.ts";
import type { Db } from "../../db/client.ts";
import { chatThreadMembers, chatThreads, staff } from "../../db/schema.ts";
import { conflict, unprocessable } from "../../platform/errors.ts";
import { type TxDeps, withTx } from "../../platform/tx.ts";
import type { LoadedThread } from "./access.ts";
import { addMembership, unreadFor } from "./reading.ts";

/** A new channel in the department, with its creator as the first member. */
export function createChannel(
  deps: TxDeps,
  userId: string,
  deptId: string,
  input: { name: string; isPublic: boolean },
): Promise<string> {
  const rule = channelNameError(input.name);
  if (rule) throw unprocessable(rule);
  const name = normaliseChannelName(input.name);
  return withTx(deps, async (tx, events) => {
    // The unique index on the lower-cased name decides, also between two at once.
    const [created] = await tx
      .insert(chatThreads)
      .values({ kind: "channel", deptId, name, isPublic: input.isPublic, createdBy: userId })
      .onConflictDoNothing()
      .returning({ id: chatThreads.id });
    if (!created) throw conflict("channel_name_taken");
    await addMembership(tx, events, created.id, [userId]);
    return created.id;
  });
}

/** The department's public channels and the private ones I am in, by name. */
export async function listChannels(db: Db, me: string, deptId: string): Promise<ChannelList> {
  const mine = alias(chatThreadMembers, "mine");
  const channels = await db
    .select({
      id: chatThreads.id,
      name: sql<string>`${chatThreads.name}`,
      isPublic: chatThreads.isPublic,
      isMember: sql<boolean>`${mine.userId} is not null`,
      memberCount: db.$count(chatThreadMembers, eq(chatThreadMembers.threadId, chatThreads.id)),
      // Without a member row there is no read position: nothing counts.
      unread: unreadFor(db, mine),
    })
    .from(chatThreads)
    .leftJoin(mine, and(eq(mine.threadId, chatThreads.id), eq(mine.userId, me)))
    .where(
      and(
        eq(chatThreads.deptId, deptId),
        eq(chatThreads.kind, "channel"),
        or(eq(chatThreads.isPublic, true), isNotNull(mine.userId)),
      ),
    )
    .orderBy(sql`lower(${chatThreads.name})`, chatThreads.id);
  return { channels };
}

/** 'Bli med': I become a member of a public channel. */
export function joinChannel(deps: TxDeps, userId: string, thread: LoadedThread): Promise<void> {
  return withTx(deps, async (tx, events) => {
    await addMembership(tx, events, thread.id, [userId]);
  });
}

/**
 * 'Add members': at least one person, every one of them active staff of the thread's
 * department. People already in count as added nothing. Returns how many were added;
 * each of them hears of it on their own topic.
 */
export function addMembers(deps: TxDeps, thread: LoadedThread, selected: readonly string[]): Promise<number> {
  const userIds = [...new Set(selected)];
  return withTx(deps, async (tx, events) => {
    const colleagues = await tx
      .select({ userId: staff.userId })
      .from(staff)
      .where(and(eq(staff.deptId, thread.deptId), eq(staff.isActive, true), inArray(staff.userId, userIds)));
    const rule = addMembersError(userIds, new Set(colleagues.map((c) => c.userId)));
    if (rule) throw unprocessable(rule);
    const added = await addMembership(tx, events, thread.id, userIds);
    for (const userId of added)
      events.publish(topics.user(userId), "chat.joined", { threadId: thread.id, kind: thread.kind });
    return added.length;
  });
}
