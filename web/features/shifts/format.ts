/** How a shift is named in the feature's texts. */
import { shiftWhen } from "../../lib/dates.ts";

interface Timed {
  startsAt: string;
  endsAt: string;
}

/** `tir. 24.11 · 07:00–15:00`, with '(+1 dag)' for a night shift (shared with the bell). */
export { shiftWhen };

/** «Dagvakt» tir. 24.11 · 07:00–15:00, for confirmations. */
export const quoteShift = (shift: Timed & { title: string }) => `«${shift.title}» ${shiftWhen(shift)}`;
