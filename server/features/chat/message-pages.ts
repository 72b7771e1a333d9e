/**
 * Pages of a thread's messages: the newest, scrolling back, catching up after a drop,
 * and the changes missed while away; and one message, as a realtime event announced it.
 */
import { and, asc, desc, eq, gt, gte, lt, type SQL } from "drizzle-orm";
import { type MessageDto, type MessagePage, messagePageSize } from "../../../common/schemas/chat.ts";
import type { Db, Tx } from "../../db/client.ts";
import { chatMessages } from "../../db/schema.ts";
import { notFound } from "../../platform/errors.ts";
import type { LoadedThread } from "./access.ts";
import { type ChatViewer, factsOf, messageRows, presentMessages, presentWithFacts } from "./present.ts";

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
export async function readPage(db: Db, where: SQL | undefined, forward: boolean, size: number) {
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
