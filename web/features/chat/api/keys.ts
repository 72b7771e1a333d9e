import type { QueryKey } from "@tanstack/react-query";

/**
 * The chat's query keys, one place for the thread view and the lists: a realtime event
 * or a mutation in one part refreshes what the other shows under the same key.
 */
export const chatKeys = {
  all: ["chat"],
  /** every thread header, however it was loaded */
  threads: ["chat", "thread"],
  /** the department's thread (get-or-create) */
  departmentThread: ["chat", "thread", "department"],
  /** the thread of the shift block under way (get-or-create) */
  shiftThread: ["chat", "thread", "shift"],
  /** a thread's header by id */
  thread: (threadId: string) => ["chat", "thread", "id", threadId],
  /** a thread's messages, pages backwards in time */
  messages: (threadId: string) => ["chat", "messages", threadId],
  directThreads: ["chat", "direct"],
  channels: ["chat", "channels"],
  unread: ["chat", "unread"],
} as const satisfies Record<string, QueryKey | ((id: string) => QueryKey)>;
