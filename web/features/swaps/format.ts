/** How swaps name shifts, places and wishes in their texts. */
import { formatShiftWhen, osloDate } from "../../../common/domain/oslo-time.ts";
import type { SwapShift, SwapWishes } from "../../../common/schemas/swaps.ts";
import { ui } from "../../../common/texts/index.ts";
import { formatDateTime } from "../../lib/dates.ts";

const t = ui.swaps;

const dayMs = 86_400_000;

/**
 * `tir. 24.11 · 07:00–15:00` as on the shift cards; a described shift of several days
 * (an on-call weekend) with both full dates instead of a misleading '(+1 dag)'.
 */
export function swapWhen(shift: Pick<SwapShift, "startsAt" | "endsAt">): string {
  const start = new Date(shift.startsAt);
  const end = new Date(shift.endsAt);
  const days = (Date.parse(osloDate(end)) - Date.parse(osloDate(start))) / dayMs;
  return days <= 1 ? formatShiftWhen(start, end) : `${formatDateTime(start)} – ${formatDateTime(end)}`;
}

/** The title as people read it: a described shift's key ('nattevakt') gets its label. */
export function swapTitle(shift: Pick<SwapShift, "title"> | null): string {
  const title = shift?.title.trim();
  if (!title) return t.defaultTitle;
  return (t.shiftTitles as Record<string, string>)[title] ?? title;
}

export const swapLocation = (shift: Pick<SwapShift, "location"> | null): string => {
  const place = shift?.location?.trim();
  return place ? (t.locations[place] ?? place) : t.card.noLocation;
};

/** «Nattevakt» tir. 24.11 · 23:00–07:00 (+1 dag), for dialogs and confirmations. */
export const quoteSwapShift = (shift: SwapShift | null) =>
  shift ? `«${swapTitle(shift)}» ${swapWhen(shift)}` : t.card.noDate;

const shortDate = (date: string) => date.split("-").reverse().join(".");

/** 'Fra 01.12.2026 · Dag, Natt · Man, Fre', or 'Når som helst' without wishes. */
export function wishesText(wishes: SwapWishes): string {
  const parts = [
    t.card.wishRange(
      wishes.wantDateFrom && shortDate(wishes.wantDateFrom),
      wishes.wantDateTo && shortDate(wishes.wantDateTo),
    ),
    wishes.wantTimeTags.map((tag) => t.timeTags[tag]).join(", "),
    [...wishes.wantWeekdays]
      .sort((a, b) => a - b)
      .map((d) => t.weekdays[d - 1])
      .join(", "),
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(" · ") : t.card.anyTime;
}
