/**
 * 'Mine tilbud''s filters (spec §5 Swap filters, §4 time filter): a pure function, so
 * the bar only holds state and the rules are tested on their own.
 *
 * - The search matches an offer's wished time tags and its status by their Norwegian
 *   labels ('natt', 'åpen'), case-insensitive.
 * - Statuses: any of those chosen; none chosen is all.
 * - Type: 'Bytte' (requires a swap) and 'Gi bort'; both or none is all.
 * - Time, by the offered shift's start (spec: windows of 7 days and 1 month): today
 *   from midnight, this week the 7 days from today, this month a month from today. An
 *   offer whose shift is gone has no date and shows only under 'Alle'.
 */
import { osloDate } from "../../../../common/domain/oslo-time.ts";
import type { OfferStatus, SwapOfferDto } from "../../../../common/schemas/swaps.ts";
import { ui } from "../../../../common/texts/index.ts";

export const offerTypes = ["swap", "giveaway"] as const;
export type OfferType = (typeof offerTypes)[number];
export const timeRanges = ["all", "today", "week", "month"] as const;
export type TimeRange = (typeof timeRanges)[number];

export interface OfferFilters {
  search: string;
  statuses: readonly OfferStatus[];
  types: readonly OfferType[];
  time: TimeRange;
}

export const noFilters: OfferFilters = { search: "", statuses: [], types: [], time: "all" };

/** How many of the four filters are set. */
export const activeFilters = (f: OfferFilters) =>
  [f.search.trim() !== "", f.statuses.length > 0, f.types.length > 0, f.time !== "all"].filter(Boolean)
    .length;

export const isFiltered = (f: OfferFilters) => activeFilters(f) > 0;

const t = ui.swaps;

function searchable(offer: SwapOfferDto): string {
  return [...offer.wantTimeTags.map((tag) => t.timeTags[tag]), t.offerStatus[offer.status]]
    .join(" ")
    .toLocaleLowerCase("nb");
}

/** The last Oslo date (exclusive) of a range starting today. */
function rangeEnd(range: Exclude<TimeRange, "all">, today: string): string {
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  const end = new Date(Date.UTC(y, m - 1, d));
  if (range === "today") end.setUTCDate(end.getUTCDate() + 1);
  if (range === "week") end.setUTCDate(end.getUTCDate() + 7);
  if (range === "month") end.setUTCMonth(end.getUTCMonth() + 1);
  return end.toISOString().slice(0, 10);
}

function inRange(offer: SwapOfferDto, range: TimeRange, now: Date): boolean {
  if (range === "all") return true;
  if (!offer.shift) return false;
  const today = osloDate(now);
  const day = osloDate(new Date(offer.shift.startsAt));
  return day >= today && day < rangeEnd(range, today);
}

export function filterOffers(
  offers: readonly SwapOfferDto[],
  filters: OfferFilters,
  now = new Date(),
): SwapOfferDto[] {
  const query = filters.search.trim().toLocaleLowerCase("nb");
  const oneType = filters.types.length === 1 ? filters.types[0] : null;
  return offers.filter(
    (offer) =>
      (query === "" || searchable(offer).includes(query)) &&
      (filters.statuses.length === 0 || filters.statuses.includes(offer.status)) &&
      (oneType === null || (oneType === "swap") === offer.requireSwap) &&
      inRange(offer, filters.time, now),
  );
}
