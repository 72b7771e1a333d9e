import type { QueryKey } from "@tanstack/react-query";

/**
 * The bell's query keys: the polled count and the list share the prefix, so a mark read
 * can hold back both at once.
 */
export const notificationKeys = {
  all: ["notifications"],
  /** my unread count, polled every 30 s (spec §4) */
  unreadCount: ["notifications", "unread-count"],
  /** my latest 20 (spec §9), with the unread count of all of mine */
  list: ["notifications", "list"],
} as const satisfies Record<string, QueryKey>;
