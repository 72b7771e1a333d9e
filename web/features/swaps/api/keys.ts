import type { QueryKey } from "@tanstack/react-query";

/**
 * The swaps' query keys. Everything starts with "swaps": a realtime event or a mutation
 * refreshes it all by that prefix, since one deal changes offers, deals, history and counts.
 */
export const swapKeys = {
  all: ["swaps"],
  mine: ["swaps", "mine"],
  market: ["swaps", "market"],
  assignments: (forOffer: string | null) => ["swaps", "assignments", forOffer],
  deals: (view: "waiting" | "approval") => ["swaps", "deals", view],
  history: ["swaps", "history"],
  counts: ["swaps", "counts"],
} as const satisfies Record<string, QueryKey | ((arg: never) => QueryKey)>;

/** An offer's or a deal's path under the API, its id encoded. */
export const offerPath = (offerId: string, action?: string) =>
  `/api/swaps/offers/${encodeURIComponent(offerId)}${action ? `/${action}` : ""}`;
export const dealPath = (dealId: string, action: string) =>
  `/api/swaps/deals/${encodeURIComponent(dealId)}/${action}`;
