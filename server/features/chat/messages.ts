/**
 * Messages: pages of a thread, posting (with an optional reply), editing, deleting with
 * a 5-minute undo, and the job that purges a deleted message's text once that window
 * has passed. Each change tells the thread's followers after the commit, with ids only.
 */
import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, type SQL, sql } from "drizzle-orm";
import {
  canUndo,
  messageBodyError,
  normaliseMessageBody,
  undoDeadline,
} from "../../../common/domain/chat-messages.ts";
import { limits } from "../../../common/domain/limits.ts";
import {
  chatEvents,
  type MessageDto,
  type MessagePage,
  messagePageSize,
} from "../../../common/schemas/chat.ts";
import { topics } from "../../../common/schemas/realtime.ts";
import type { Db, Tx } from "../../db/client.ts";
import { namedStatement } from "../../db/prepared.ts";
import { chatMessageReactions, chatMessages, chatThreads } from "../../db/schema.ts";
import { AppError, conflict, notFound, unprocessable } from "../../platform/errors.ts";
import type { Job } from "../../platform/jobs.ts";
import { type JsonAnswer, ReaderAnswers } from "../../platform/json-text.ts";
import type { FileStore } from "../../platform/storage.ts";
import { type TxDeps, type TxEvents, withOneStatement, withTx } from "../../platform/tx.ts";
import type { LoadedMessage, LoadedThread } from "./access.ts";
import { claimAttachments, removeFilesOfMessages } from "./attachments.ts";
import type { ChatCaches } from "./caches.ts";
import {
  type ChatViewer,
  factsOf,
  type MessageRow,
  messageRows,
  presentAsJson,
  presentMessages,
  presentNewMessage,
  presentWithFacts,
  type WrittenMessage,
  writtenMessageRow,
  writtenMessageSelect,
} from "./present.ts";
import { addMembership, announceNewMessage, openKinds, publishUnread } from "./reading.ts";

/** The body as stored, or the rule it breaks (422). Text or files; edits keep some text (spec §5). */
function validBody(text: string, hasAttachments = false): string {
  const rule = messageBodyError(text, hasAttachments);
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
 * A reader back from a drop asks for changes since an `asOf` it was given, and gets those
 * from a minute earlier: a change whose request began before that `asOf` but committed
 * after the read has an earlier `revised_at`, and instances' clocks differ a little.
 * Writes take milliseconds, so a minute is far beyond either; reading one twice is harmless.
 */
const changesOverlapMs = 60_000;
/** More changes than this in one answer: the reader loads the thread afresh instead. */
const changesPageSize = 200;

type PageCursor = { before?: string; after?: string; changedSince?: string; from?: string };

/** Where and in which order a cursor reads, and how many rows make a page. */
async function pageQuery(db: Db, threadId: string, cursor: PageCursor) {
  const inThread = eq(chatMessages.threadId, threadId);
  if (cursor.changedSince && cursor.from) {
    const since = new Date(Date.parse(cursor.changedSince) - changesOverlapMs);
    const where = and(
      inThread,
      gt(chatMessages.revisedAt, since),
      gte(chatMessages.seq, await seqIn(db, threadId, cursor.from)),
    );
    return { where, forward: true, size: changesPageSize };
  }
  if (cursor.after) {
    const where = and(inThread, gt(chatMessages.seq, await seqIn(db, threadId, cursor.after)));
    return { where, forward: true, size: messagePageSize };
  }
  if (cursor.before) {
    const where = and(inThread, lt(chatMessages.seq, await seqIn(db, threadId, cursor.before)));
    return { where, forward: false, size: messagePageSize };
  }
  return { where: inThread, forward: false, size: messagePageSize };
}

/** A page's rows in reading order from the cursor, one more than `size`, with their facts. */
async function readPage(db: Db, where: SQL | undefined, forward: boolean, size: number) {
  const order = forward ? asc(chatMessages.seq) : desc(chatMessages.seq);
  const rows = await messageRows(db, where, order, size + 1);
  return { rows, facts: await factsOf(db, rows.slice(0, size)) };
}

/**
 * 50 messages, oldest first: the newest ones; those just before `before` (scrolling
 * back); those just after `after` (catching up after a reconnect, page by page); or those
 * from `from` on that changed since `changedSince` (edits, deletions and reactions
 * missed while away). Deleted messages stay in place as placeholders.
 */
export async function messagePage(
  db: Db,
  viewer: ChatViewer,
  thread: LoadedThread,
  cursor: PageCursor,
): Promise<MessagePage> {
  const { where, forward, size } = await pageQuery(db, thread.id, cursor);
  const { rows, facts } = await readPage(db, where, forward, size);
  const page = rows.slice(0, size);
  if (!forward) page.reverse();
  return {
    messages: presentWithFacts(viewer, thread, page, facts),
    hasMore: rows.length > size,
    // Taken before the read (the request's clock), so nothing that commits during it is newer.
    asOf: viewer.now.toISOString(),
  };
}

export const isNewestPage = (cursor: PageCursor) => !cursor.before && !cursor.after && !cursor.changedSince;

/**
 * The newest page (no cursor), as the JSON text of a `MessagePage`: what opening a thread
 * reads, so it comes from memory until the thread's next event, and the messages that
 * show everyone the same are written once (present.ts `presentAsJson`).
 */
export async function newestPageJson(
  db: Db,
  viewer: ChatViewer,
  thread: LoadedThread,
  latest: ChatCaches["latest"],
): Promise<JsonAnswer> {
  const page = (await latest.read(thread.id, async () => {
    // asOf: this request's clock, taken before the read, so nothing committed during it is
    // newer. Kept with the page: while it is kept nothing changed (the thread's events drop
    // it), and readers of one version get the same text (compression.ts keeps its gzip).
    const asOf = viewer.now.toISOString();
    const { rows, facts } = await readPage(db, eq(chatMessages.threadId, thread.id), false, messagePageSize);
    return {
      rows: rows.slice(0, messagePageSize).reverse(),
      hasMore: rows.length > messagePageSize,
      facts,
      written: new Map(),
      asOf,
      answers: new ReaderAnswers(),
    };
  }))!;
  return page.answers.answer(viewer.actor, viewer.now, () => {
    const messages = presentAsJson(viewer, thread, page.rows, page.facts, page.written);
    return {
      text: `{"messages":${messages},"hasMore":${page.hasMore},"asOf":${JSON.stringify(page.asOf)}}`,
      // A deleted message's undo (and its text, for its author) ends with its window.
      until: Math.min(
        ...page.rows.flatMap((r) =>
          r.deletedAt && r.content !== null ? [undoDeadline(r.deletedAt).getTime() + 1] : [],
        ),
      ),
    };
  });
}

/** One message of the thread, as the caller sees it (what a realtime event announced). */
export async function getMessage(
  db: Db,
  viewer: ChatViewer,
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

interface NewMessage {
  threadId: string;
  authorId: string;
  content: string;
  replyToId: string | null;
  at: Date;
  clientKey: string | null;
}

/**
 * Posts to one thread take turns (its row is locked before the insert numbers the
 * message, in the same statement), so their `seq` order is their commit order: a reader
 * catching up `after` the last message it has can never skip one that committed later
 * with a lower number.
 */
/**
 * Writes the message and reads it back as pages show it, in one statement. The thread's
 * row is locked first (for no key update: members and reads go on), so that messages
 * of one thread are numbered in the order they commit. A client key its author already
 * used writes nothing (the unique index waits for a first post still being written).
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
  announce(events, chatEvents.messageCreated, message);
  announceNewMessage(events, thread, message.authorId);
}

export async function postMessage(
  deps: TxDeps,
  viewer: ChatViewer,
  thread: LoadedThread,
  input: {
    content: string;
    replyToId?: string | undefined;
    attachmentIds?: string[] | undefined;
    clientKey?: string | undefined;
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
  // Writing in a department or shift thread puts one on its member list (badges).
  const joins = openKinds.includes(thread.kind) && !thread.memberIds.includes(authorId);
  const posted =
    message.replyToId || attachmentIds.length > 0 || joins
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
          announcePosted(events, thread, { ...row, authorId });
          return { row, files };
        })
      : // Most posts: the insert alone, which commits by itself (BEGIN and COMMIT would be
        // two more round trips to the database for each message).
        await withOneStatement(deps, async (db, events) => {
          const inserted = await insertMessage(db, message);
          if (!("row" in inserted)) return inserted;
          announcePosted(events, thread, { ...inserted.row, authorId });
          return { row: inserted.row, files: [] };
        });
  // A retry of a post that was stored: the first, as it is now, and no second announcement.
  if ("sentBefore" in posted) return getMessage(deps.db, viewer, thread, posted.sentBefore);
  // New: no reactions yet, and its files are those just claimed.
  return presentNewMessage(posted.row, posted.files, viewer, thread);
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
    if (row) announce(events, chatEvents.messageEdited, row);
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
    announce(events, chatEvents.messageRestored, { id: message.id, threadId: row.threadId });
    await publishUnread(tx, events, message.thread, viewer.actor.userId);
  });
  return getMessage(deps.db, viewer, message.thread, message.id);
}

/**
 * After the undo window a deleted message loses its text, its reactions and its files
 * (rows and bytes), for good. Set-based: a second run (another instance, the next tick)
 * finds nothing left to do.
 */
export function purgeDeletedJob(files: FileStore): Job {
  return {
    name: "chat.purge-deleted-messages",
    everyMs: 60_000,
    async run({ tx, clock }) {
      // Deleted before this instant: `canUndo` says no to them.
      const cutoff = new Date(clock.now().getTime() - limits.undoDeleteMinutes * 60_000);
      const purged = await tx
        .update(chatMessages)
        .set({ content: null, revisedAt: clock.now() })
        .where(
          and(
            isNotNull(chatMessages.deletedAt),
            isNotNull(chatMessages.content),
            lt(chatMessages.deletedAt, cutoff),
          ),
        )
        .returning({ id: chatMessages.id });
      const ids = purged.map((p) => p.id);
      if (ids.length > 0)
        await tx.delete(chatMessageReactions).where(inArray(chatMessageReactions.messageId, ids));
      await removeFilesOfMessages(tx, files, ids);
      return purged.length;
    },
  };
}
