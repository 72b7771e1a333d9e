import { eq } from "drizzle-orm";
import { undoDeadline } from "../../../common/domain/chat-messages.ts";
import { messagePageSize } from "../../../common/schemas/chat.ts";
import type { Db } from "../../db/client.ts";
import { chatMessages } from "../../db/schema.ts";
import { type JsonAnswer, ReaderAnswers } from "../../platform/json-text.ts";
import type { LoadedThread } from "./access.ts";
import type { ChatCaches } from "./caches.ts";
import { readPage } from "./message-pages.ts";
import { type ChatViewer, presentAsJson } from "./present.ts";

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
