import type { QueryKey } from "@tanstack/react-query";
import type { ShiftView } from "../../../../common/schemas/shifts.ts";

/**
 * The extra shifts' query keys. Everything starts with "shifts": a realtime event, a
 * mutation or the notification bell refreshes it all by that prefix.
 */
export const shiftKeys = {
  all: ["shifts"],
  lists: ["shifts", "list"],
  list: (view: ShiftView) => ["shifts", "list", view],
  counts: ["shifts", "counts"],
  outcome: (shiftId: string) => ["shifts", "outcome", shiftId],
  audit: (shiftId: string) => ["shifts", "audit", shiftId],
  preview: (shiftId: string) => ["shifts", "preview", shiftId],
  fairness: ["shifts", "fairness"],
  fairnessMine: ["shifts", "fairness", "me"],
  calendar: ["shifts", "calendar"],
} as const satisfies Record<string, QueryKey | ((arg: never) => QueryKey)>;

/** A shift's path under the API, its id encoded. */
export const shiftPath = (shiftId: string, action?: string) =>
  `/api/shifts/${encodeURIComponent(shiftId)}${action ? `/${action}` : ""}`;
