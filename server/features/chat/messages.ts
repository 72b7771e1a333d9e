/**
 * Messages: pages of a thread, posting (with an optional reply), editing, deleting with
 * a 5-minute undo, and the job that purges a deleted message's text once that window
 * has passed. Each change tells the thread's followers after the commit, with ids only.
 */
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, type SQL } from "drizzle-orm";
import { canUndo, messageBodyError, normaliseMessageBody } from "../../../common/domain/chat-messages.ts";
import { limits } from "../../../common/domain/limits.ts";
import {
  chatEvents,
  type MessageDto,
  type MessagePage,
  messagePageSize,
} from "../../../common/schemas/chat.ts";
import { topics } from "../../../common/schemas/realtime.ts";
import type { Db, Tx } from "../../db/client.ts";
import { chatMessageReactions, chatMessages, chatThreads } from "../../db/schema.ts";
import { notFound, unprocessable } from "../../platform/errors.ts";
import type { Job } from "../../platform/jobs.ts";
import { type TxDeps, type TxEvents, withTx } from "../../platform/tx.ts";
import type { LoadedMessage, LoadedThread } from "./access.ts";
import { messageRows, presentMessages, type Viewer } from "./present.ts";
import { addMembership, openKinds, publishUnread } from "./reading.ts";

/** The body as stored, or the rule it breaks (422). Edits keep some text (spec §5). */
function validBody(text: string): string {
  const rule = messageBodyError(text, false);
  if (rule) throw unprocessable(rule);
  return normaliseMessageBody(text);
}

async function seqIn(db: Db | Tx, threadId: string, messageId: string): Promise<number> {
  const [found] = await db
    .select({ seq: chatMessages.seq })
    .from(chatMessages)
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.threadId, threadId)));
  if (!found) throw notFound("message_not_found");
  return found.seq;
}

/**
 * 50 messages, oldest first: the newest ones; those just before `before` (scrolling
 * back); or those just after `after` (catching up after a reconnect, page by page).
 * Deleted messages stay in place as placeholders.
 */
export async function messagePage(
  db: Db,
  viewer: Viewer,
  thread: LoadedThread,
  cursor: { before?: string; after?: string },
): Promise<MessagePage> {
  const inThread = eq(chatMessages.threadId, thread.id);
  let where: SQL | undefined = inThread;
  let forward = false;
  if (cursor.after) {
    where = and(inThread, gt(chatMessages.seq, await seqIn(db, thread.id, cursor.after)));
    forward = true;
  } else if (cursor.before) {
    where = and(inThread, lt(chatMessages.seq, await seqIn(db, thread.id, cursor.before)));
  }
  const order = forward ? asc(chatMessages.seq) : desc(chatMessages.seq);
  const rows = await messageRows(db, where, order, messagePageSize + 1);
  const page = rows.slice(0, messagePageSize);
  if (!forward) page.reverse();
  return {
    messages: await presentMessages(db, viewer, thread, page),
    hasMore: rows.length > messagePageSize,
  };
}

/** One message of the thread, as the caller sees it (what a realtime event announced). */
export async function getMessage(
  db: Db,
  viewer: Viewer,
  thread: LoadedThread,
  messageId: string,
): Promise<MessageDto> {
  const rows = await messageRows(
    db,
    and(eq(chatMessages.id, messageId), eq(chatMessages.threadId, thread.id)),
    asc(chatMessages.seq),
  );
  const [message] = await presentMessages(db, viewer, thread, rows);
  if (!message) throw notFound("message_not_found");
  return message;
}

function announce(events: TxEvents, type: string, message: { id: string; threadId: string }) {
  events.publish(topics.thread(message.threadId), type, {
    threadId: message.threadId,
    messageId: message.id,
  });
}

export async function postMessage(
  deps: TxDeps,
  viewer: Viewer,
  thread: LoadedThread,
  input: { content: string; replyToId?: string | undefined },
): Promise<MessageDto> {
  const content = validBody(input.content);
  const authorId = viewer.actor.userId;
  const posted = await withTx(deps, async (tx, events) => {
    // Posts to one thread take turns, so their `seq` order is their commit order: a
    // reader catching up `after` the last message it has can never skip one that
    // committed later with a lower number.
    await tx
      .select({ id: chatThreads.id })
      .from(chatThreads)
      .where(eq(chatThreads.id, thread.id))
      .for("no key update");
    if (input.replyToId) {
      const [original] = await tx
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .where(and(eq(chatMessages.id, input.replyToId), eq(chatMessages.threadId, thread.id)));
      if (!original) throw unprocessable("reply_not_in_thread");
    }
    const [row] = await tx
      .insert(chatMessages)
      .values({ threadId: thread.id, authorId, content, replyToId: input.replyToId ?? null })
      .returning({ id: chatMessages.id, threadId: chatMessages.threadId });
    // Writing in a department or shift thread puts one on its member list (badges).
    if (openKinds.includes(thread.kind)) await addMembership(tx, thread.id, [authorId]);
    announce(events, chatEvents.messageCreated, row!);
    await publishUnread(tx, events, thread, authorId);
    return row!;
  });
  return getMessage(deps.db, viewer, thread, posted.id);
}

/** Sets the new text and `edited_at`; a message deleted meanwhile stays as it is. */
export async function editMessage(
  deps: TxDeps,
  viewer: Viewer,
  message: LoadedMessage,
  text: string,
): Promise<MessageDto> {
  const content = validBody(text);
  await withTx(deps, async (tx, events) => {
    const [row] = await tx
      .update(chatMessages)
      .set({ content, editedAt: viewer.now })
      .where(and(eq(chatMessages.id, message.id), isNull(chatMessages.deletedAt)))
      .returning({ id: chatMessages.id, threadId: chatMessages.threadId });
    if (row) announce(events, chatEvents.messageEdited, row);
  });
  return getMessage(deps.db, viewer, message.thread, message.id);
}

/** Soft delete: the text stays for the author's undo until the purge. Deleting twice is once. */
export async function deleteMessage(
  deps: TxDeps,
  viewer: Viewer,
  message: LoadedMessage,
): Promise<MessageDto> {
  await withTx(deps, async (tx, events) => {
    const [row] = await tx
      .update(chatMessages)
      .set({ deletedAt: viewer.now, deletedBy: viewer.actor.userId })
      .where(and(eq(chatMessages.id, message.id), isNull(chatMessages.deletedAt)))
      .returning({ id: chatMessages.id, threadId: chatMessages.threadId });
    if (!row) return;
    announce(events, chatEvents.messageDeleted, row);
    await publishUnread(tx, events, message.thread, viewer.actor.userId);
  });
  return getMessage(deps.db, viewer, message.thread, message.id);
}

/**
 * 'Angre': within 5 minutes of the deletion, by the server's clock, and only while the
 * text is still there (the purge may have run a moment after the window closed).
 */
export async function restoreMessage(
  deps: TxDeps,
  viewer: Viewer,
  message: LoadedMessage,
): Promise<MessageDto> {
  await withTx(deps, async (tx, events) => {
    const [row] = await tx
      .select({
        threadId: chatMessages.threadId,
        deletedAt: chatMessages.deletedAt,
        content: chatMessages.content,
      })
      .from(chatMessages)
      .where(eq(chatMessages.id, message.id))
      .for("update");
    if (!row?.deletedAt || row.content === null || !canUndo(row.deletedAt, viewer.now))
      throw unprocessable("undo_expired");
    await tx
      .update(chatMessages)
      .set({ deletedAt: null, deletedBy: null })
      .where(eq(chatMessages.id, message.id));
    announce(events, chatEvents.messageRestored, { id: message.id, threadId: row.threadId });
    await publishUnread(tx, events, message.thread, viewer.actor.userId);
  });
  return getMessage(deps.db, viewer, message.thread, message.id);
}

/**
 * After the undo window a deleted message loses its text and its reactions, for good.
 * Set-based: a second run (another instance, the next tick) finds nothing left to do.
 */
export function purgeDeletedJob(): Job {
  return {
    name: "chat.purge-deleted-messages",
    everyMs: 60_000,
    async run({ tx, clock }) {
      // Deleted before this instant: `canUndo` says no to them.
      const cutoff = new Date(clock.now().getTime() - limits.undoDeleteMinutes * 60_000);
      const purged = await tx
        .update(chatMessages)
        .set({ content: null })
        .where(
          and(
            isNotNull(chatMessages.deletedAt),
            isNotNull(chatMessages.content),
            lt(chatMessages.deletedAt, cutoff),
          ),
        )
        .returning({ id: chatMessages.id });
      if (purged.length > 0)
        await tx.delete(chatMessageReactions).where(
          inArray(
            chatMessageReactions.messageId,
            purged.map((p) => p.id),
          ),
        );
      return purged.length;
    },
  };
}
