import type { QueryKey } from "@tanstack/react-query";

/**
 * User administration's query keys. Everything starts with "admin-users": a change to
 * one person (a role, a deactivation) may move them in the list and adds a log entry,
 * so a mutation refreshes it all by that prefix.
 */
export const userKeys = {
  all: ["admin-users"],
  list: (search: string) => ["admin-users", "list", search],
  audit: (action: string) => ["admin-users", "audit", action],
  demo: ["admin-users", "demo"],
  /** the same key as the departments feature's list, so both share one cached answer */
  departments: ["departments"],
} as const satisfies Record<string, QueryKey | ((arg: never) => QueryKey)>;

/** A person's path under the admin API, the id encoded. */
export const userPath = (userId: string, action?: string) =>
  `/api/admin/users/${encodeURIComponent(userId)}${action ? `/${action}` : ""}`;
