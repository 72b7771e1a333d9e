/** How a shift is named in the feature's texts. */
import { formatShiftWhen } from "../../../common/domain/oslo-time.ts";

interface Timed {
  startsAt: string;
  endsAt: string;
}

/** `tir. 24.11 · 07:00–15:00`, with '(+1 dag)' for a night shift. */
export const shiftWhen = (shift: Timed) => formatShiftWhen(new Date(shift.startsAt), new Date(shift.endsAt));

/** «Dagvakt» tir. 24.11 · 07:00–15:00, for confirmations. */
export const quoteShift = (shift: Timed & { title: string }) => `«${shift.title}» ${shiftWhen(shift)}`;
