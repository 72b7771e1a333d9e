/**
 * Writing messages: posting (with an optional reply and files), editing, deleting with
 * a 5-minute undo, and the undo. Each change tells the thread's followers after the
 * commit, with ids only.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { canUndo, messageBodyError, normaliseMessageBody } from "../../../common/domain/chat-messages.ts";
import type { MessageDto } from "../../../common/schemas/chat.ts";
import { type RealtimeEventBody, topics } from "../../../common/schemas/realtime.ts";
import type { Db, Tx } from "../../db/client.ts";
import { namedStatement } from "../../db/prepared.ts";
import { chatMessages, chatThreads } from "../../db/schema.ts";
import { AppError, conflict, notFound, unprocessable } from "../../platform/errors.ts";
import { type TxDeps, type TxEvents, withOneStatement, withTx } from "../../platform/tx.ts";
import type { LoadedMessage, LoadedThread } from "./access.ts";
import { claimAttachments } from "./attachments.ts";
import { getMessage } from "./message-pages.ts";
import {
  type ChatViewer,
  type MessageRow,
  presentNewMessage,
  type WrittenMessage,
  writtenMessageRow,
  writtenMessageSelect,
} from "./present.ts";
import { addMembership, announceNewMessage, openKinds, publishUnread } from "./reading.ts";
import { type ChatNotices, checkUrgentPost, needsReach, reachOfMessages, recordReach } from "./urgent.ts";

/** The body as stored, or the rule it breaks (422). Text or files; edits keep some text (spec §5). */
function validBody(text: string, hasAttachments = false): string {
  const rule = messageBodyError(text, hasAttachments);
  if (rule) throw unprocessable(rule);
  return normaliseMessageBody(text);
}

/** The thread's events that name a message, for its readers to read it again. */
type MessageEvent = Exclude<
  Extract<RealtimeEventBody, { payload: { messageId: string } }>["type"],
  `chat.${string}`
>;

function announce(events: TxEvents, type: MessageEvent, message: { id: string; threadId: string }) {
  events.publish(topics.thread(message.threadId), type, {
    threadId: message.threadId,
    messageId: message.id,
  });
}

interface NewMessage {
  threadId: string;
  authorId: string;
  content: string;
  replyToId: string | null;
  at: Date;
  clientKey: string | null;
}

/**
 * Writes the message and reads it back as pages show it, in one statement. Posts to one
 * thread take turns: its row is locked first (for no key update: members and reads go
 * on), so their `seq` order is their commit order, and a reader catching up `after` the
 * last message it has can never skip one that committed later with a lower number. A
 * client key its author already used writes nothing (the unique index waits for a first
 * post still being written).
 */
const insertAndRead = namedStatement<WrittenMessage>(
  "chat_message_insert",
  () => sql`with turn as (select ${chatThreads.id} from ${chatThreads}
      where ${chatThreads.id} = ${sql.placeholder("threadId")} for no key update),
    written as (
      insert into ${chatMessages} (thread_id, author_id, content, reply_to_id, revised_at, client_key)
      select turn.id, ${sql.placeholder("authorId")}, ${sql.placeholder("content")},
        ${sql.placeholder("replyToId")}, ${sql.placeholder("at")}::timestamptz, ${sql.placeholder("clientKey")}
      from turn
      on conflict (author_id, client_key) where client_key is not null do nothing
      returning *)
    ${writtenMessageSelect}`,
);

/** The new message's row, or the id of the one its author sent before with the same key. */
type Inserted = { row: MessageRow } | { sentBefore: string };

async function insertMessage(db: Db | Tx, m: NewMessage): Promise<Inserted> {
  const [row] = await insertAndRead(db, { ...m, at: m.at.toISOString() });
  if (row) return { row: writtenMessageRow(row) };
  if (m.clientKey) {
    const [sent] = await db
      .select({ id: chatMessages.id, threadId: chatMessages.threadId })
      .from(chatMessages)
      .where(and(eq(chatMessages.authorId, m.authorId), eq(chatMessages.clientKey, m.clientKey)));
    // A key is one message: the same key for another thread is the client's mistake.
    if (sent && sent.threadId !== m.threadId) throw conflict("conflict");
    if (sent) return { sentBefore: sent.id };
  }
  // The thread went away since it was authorized (its department's data was purged).
  throw notFound("thread_not_found");
}

function announcePosted(
  events: TxEvents,
  thread: LoadedThread,
  message: { id: string; threadId: string; authorId: string },
) {
  announce(events, "message.created", message);
  announceNewMessage(events, thread, message.authorId);
}

export async function postMessage(
  deps: TxDeps & { rateLimitSecret: string; notices: ChatNotices },
  viewer: ChatViewer,
  thread: LoadedThread,
  input: {
    content: string;
    replyToId?: string | undefined;
    attachmentIds?: string[] | undefined;
    clientKey?: string | undefined;
    urgent?: boolean | undefined;
  },
): Promise<MessageDto> {
  const attachmentIds = input.attachmentIds ?? [];
  if (attachmentIds.length > 0 && !viewer.features.chatAttachments)
    throw new AppError(404, "feature_disabled");
  const authorId = viewer.actor.userId;
  const message: NewMessage = {
    threadId: thread.id,
    authorId,
    content: validBody(input.content, attachmentIds.length > 0),
    replyToId: input.replyToId ?? null,
    at: viewer.now,
    clientKey: input.clientKey ?? null,
  };
  const urgent = input.urgent === true;
  if (urgent) await checkUrgentPost(deps, thread, authorId);
  // Mentions and urgency: whom it reached is stored with it (urgent.ts).
  const reaches = needsReach(thread, message.content, urgent);
  // Writing in a department or shift thread puts one on its member list (badges).
  const joins = openKinds.includes(thread.kind) && !thread.memberIds.includes(authorId);
  const posted =
    message.replyToId || attachmentIds.length > 0 || joins || reaches
      ? await withTx(deps, async (tx, events) => {
          if (message.replyToId) {
            const [original] = await tx
              .select({ id: chatMessages.id })
              .from(chatMessages)
              .where(and(eq(chatMessages.id, message.replyToId), eq(chatMessages.threadId, thread.id)));
            if (!original) throw unprocessable("reply_not_in_thread");
          }
          const inserted = await insertMessage(tx, message);
          if (!("row" in inserted)) return inserted;
          const { row } = inserted;
          const files = await claimAttachments(
            tx,
            { threadId: thread.id, userId: authorId, messageId: row.id },
            attachmentIds,
          );
          if (joins) await addMembership(tx, events, thread.id, [authorId]);
          if (reaches) {
            await recordReach(tx, events, deps.notices, {
              thread,
              messageId: row.id,
              senderId: authorId,
              content: message.content,
              urgent,
              now: viewer.now,
            });
            row.urgent = urgent;
          }
          announcePosted(events, thread, { ...row, authorId });
          return {
            row,
            files,
            reach: reaches ? (await reachOfMessages(tx, [row.id])).get(row.id) : undefined,
          };
        })
      : // Most posts: the insert alone, which commits by itself (BEGIN and COMMIT would be
        // two more round trips to the database for each message).
        await withOneStatement(deps, async (db, events) => {
          const inserted = await insertMessage(db, message);
          if (!("row" in inserted)) return inserted;
          announcePosted(events, thread, { ...inserted.row, authorId });
          return { row: inserted.row, files: [], reach: undefined };
        });
  // A retry of a post that was stored: the first, as it is now, and no second announcement.
  if ("sentBefore" in posted) return getMessage(deps.db, viewer, thread, posted.sentBefore);
  // New: no reactions yet, and its files are those just claimed.
  return presentNewMessage(posted.row, posted.files, viewer, thread, posted.reach);
}

/** Changes a message that is not deleted; a deleted one (or none) gives undefined. */
async function changeLive(tx: Tx, id: string, set: Partial<typeof chatMessages.$inferInsert>) {
  const [row] = await tx
    .update(chatMessages)
    .set(set)
    .where(and(eq(chatMessages.id, id), isNull(chatMessages.deletedAt)))
    .returning({ id: chatMessages.id, threadId: chatMessages.threadId });
  return row;
}

/** Sets the new text and `edited_at`; a message deleted meanwhile stays as it is. */
export async function editMessage(
  deps: TxDeps,
  viewer: ChatViewer,
  message: LoadedMessage,
  text: string,
): Promise<MessageDto> {
  const content = validBody(text);
  await withTx(deps, async (tx, events) => {
    const row = await changeLive(tx, message.id, { content, editedAt: viewer.now, revisedAt: viewer.now });
    if (row) announce(events, "message.edited", row);
  });
  return getMessage(deps.db, viewer, message.thread, message.id);
}

/** Soft delete: the text stays for the author's undo until the purge. Deleting twice is once. */
export async function deleteMessage(
  deps: TxDeps,
  viewer: ChatViewer,
  message: LoadedMessage,
): Promise<MessageDto> {
  await withTx(deps, async (tx, events) => {
    const row = await changeLive(tx, message.id, {
      deletedAt: viewer.now,
      deletedBy: viewer.actor.userId,
      revisedAt: viewer.now,
    });
    if (!row) return;
    announce(events, "message.deleted", row);
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
  viewer: ChatViewer,
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
      .set({ deletedAt: null, deletedBy: null, revisedAt: viewer.now })
      .where(eq(chatMessages.id, message.id));
    announce(events, "message.restored", { id: message.id, threadId: row.threadId });
    await publishUnread(tx, events, message.thread, viewer.actor.userId);
  });
  return getMessage(deps.db, viewer, message.thread, message.id);
}
