/** Dates as the ward reads them: Norwegian bokmål, 24-hour clock, Europe/Oslo. */
import { TZDate } from "@date-fns/tz";
import { format, formatDistanceToNow } from "date-fns";
import { nb } from "date-fns/locale";
import { useEffect, useState } from "react";
import { formatShiftStart, formatShiftWhen } from "../../common/domain/oslo-time.ts";
import { currentShiftBlock, osloTimeZone, type ShiftBlock } from "../../common/domain/shift-block.ts";

const oslo = (value: Date | string) => new TZDate(new Date(value).getTime(), osloTimeZone);

/** 24.11.2025 14:05 */
export const formatDateTime = (value: Date | string) =>
  format(oslo(value), "dd.MM.yyyy HH:mm", { locale: nb });

/** 24. november 2025 */
export const formatLongDate = (value: Date | string) => format(oslo(value), "d. MMMM yyyy", { locale: nb });

/** mandag 24. november */
export const formatWeekday = (value: Date | string) => format(oslo(value), "EEEE d. MMMM", { locale: nb });

/** 14:05 */
export const formatTime = (value: Date | string) => format(oslo(value), "HH:mm", { locale: nb });

/**
 * A shift's day and times as its card shows them, `lør. 05.12 · 07:00–15:00` (with
 * '(+1 dag)' for a night shift); shared by the shift cards and the notices about them.
 */
export const shiftWhen = (shift: { startsAt: string; endsAt: string }) =>
  formatShiftWhen(new Date(shift.startsAt), new Date(shift.endsAt));

/** `lør. 05.12 · 07:00`: a shift's start alone, when its end is not known. */
export const shiftStart = (startsAt: Date | string) => formatShiftStart(new Date(startsAt));

/** for 5 minutter siden */
export const formatRelative = (value: Date | string) =>
  formatDistanceToNow(new Date(value), { addSuffix: true, locale: nb });

/** The current shift block, re-rendered the moment the next block begins. */
export function useShiftBlock(): ShiftBlock {
  const [block, setBlock] = useState(() => currentShiftBlock());
  useEffect(() => {
    // Timers drift and sleep with the laptop lid; re-check at the boundary and every minute.
    const tick = () => setBlock((prev) => (Date.now() >= prev.end.getTime() ? currentShiftBlock() : prev));
    const id = window.setInterval(tick, 60_000);
    const boundary = window.setTimeout(tick, Math.max(0, block.end.getTime() - Date.now()) + 500);
    return () => {
      window.clearInterval(id);
      window.clearTimeout(boundary);
    };
  }, [block]);
  return block;
}
