/**
 * The words of shift swaps (spec §5; decisions.md § Swaps): what a described shift is
 * called, the time tags, and the states of an offer and a deal. The contract in
 * schemas/swaps.ts is built from them, the texts name each one.
 */

/** Spec §5: what a described shift is called. */
export const swapShiftTitles = [
  "nattevakt",
  "dagvakt",
  "kveldsvakt",
  "helgevakt",
  "beredskapsvakt",
  "ekstravakt",
] as const;
export type SwapShiftTitle = (typeof swapShiftTitles)[number];

/** Time tags of a wish, and of a shift (decisions.md § Swaps: the same four everywhere). */
export const timeTags = ["dag", "kveld", "natt", "helg"] as const;
export type TimeTag = (typeof timeTags)[number];

export const offerStatuses = ["open", "matched", "cancelled"] as const;
export type OfferStatus = (typeof offerStatuses)[number];

export const dealStatuses = ["waiting_owner", "waiting_leader", "approved", "rejected", "withdrawn"] as const;
export type DealStatus = (typeof dealStatuses)[number];
