/** Dates as the ward reads them: Norwegian bokmål, 24-hour clock, Europe/Oslo. */
import { TZDate } from "@date-fns/tz";
import { format, formatDistanceToNow } from "date-fns";
import { nb } from "date-fns/locale";
import { useEffect, useState } from "react";
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
