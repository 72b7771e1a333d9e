import type { QueryKey } from "@tanstack/react-query";

/**
 * The duty roles' query keys. Everything starts with "duty": a `duty.changed` event or a
 * write refreshes it all by that prefix, since one holder changes the grid and who holds
 * what now alike.
 */
export const dutyKeys = {
  all: ["duty"],
  now: (deptId: string) => ["duty", "now", deptId],
  grid: (deptId: string) => ["duty", "grid", deptId],
  staff: (deptId: string) => ["duty", "staff", deptId],
} as const satisfies Record<string, QueryKey | ((arg: never) => QueryKey)>;

const enc = encodeURIComponent;

/** A department's duty path under the API, its ids encoded. */
export const dutyPath = (deptId: string, rest = "") => `/api/departments/${enc(deptId)}/duty${rest}`;
export const rolePath = (deptId: string, roleId: string, rest = "") =>
  dutyPath(deptId, `/roles/${enc(roleId)}${rest}`);
