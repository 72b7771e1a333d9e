/**
 * What every open screen of a thread asks at once (after each of its events, and when a
 * ward opens the department chat): the thread with its members, and its newest page of
 * messages. Both are kept in memory until the thread's next event (platform/read-cache.ts);
 * what the caller sees of a message (a deleted text, their own reactions, signed file
 * links, what they may do) is worked out per request from what is kept.
 */
import { topics } from "../../../common/schemas/realtime.ts";
import type { AppContext } from "../../platform/context.ts";
import type { ReaderAnswers } from "../../platform/json-text.ts";
import { ReadCache } from "../../platform/read-cache.ts";
import type { LoadedThread } from "./access.ts";
import type { MessageFacts, MessageRow } from "./present.ts";

/** The newest page of messages, oldest first, and the JSON of those that show everyone the same. */
export interface LatestMessages {
  rows: MessageRow[];
  hasMore: boolean;
  facts: MessageFacts;
  /** per message and set of abilities (present.ts `presentAsJson`) */
  written: Map<string, string>;
  /** the page's `asOf`: the clock of the request that read it, taken before the read */
  asOf: string;
  answers: ReaderAnswers;
}

export interface ChatCaches {
  threads: ReadCache<LoadedThread>;
  latest: ReadCache<LatestMessages>;
}

export function chatCaches(ctx: Pick<AppContext, "bus" | "config">): ChatCaches {
  const ttlMs = ctx.config.readCacheSeconds * 1000;
  return {
    // Members change by joining, being added, opening or writing in an open thread: each
    // says so with `thread.members` (addMembership), so new messages leave it in place.
    threads: new ReadCache(ctx.bus, {
      ttlMs,
      topicOf: (id) => ({ topic: topics.thread(id), types: ["thread.members"] }),
    }),
    // Any event of the thread changes its messages: new, edited, deleted, restored, reactions.
    latest: new ReadCache(ctx.bus, { ttlMs, topicOf: (id) => ({ topic: topics.thread(id) }) }),
  };
}
