/**
 * Date dividers in a message list (spec §2: 'I dag', 'I går', else the full weekday date
 * in nb-NO). Days are Oslo calendar days, whatever the reader's or the server's clock
 * says: a message at 00:30 in Oslo is on the new day although UTC still has the day
 * before, and the days summer time starts and ends (23 and 25 hours) are one day each.
 */
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { nb } from "date-fns/locale";
import { startsNewDay } from "../domain/chat-grouping.ts";
import { osloDayNumber, osloTimeZone } from "../domain/shift-block.ts";
import { chatTexts } from "./ui/chat.ts";

const words = chatTexts.chat.dateDivider;

/** 'I dag', 'I går' or the full date ('mandag 23. november 2026') of a message at `at`, read at `now`. */
export function dateDividerLabel(at: Date, now: Date): string {
  // Comparing calendar day numbers, not elapsed hours, keeps 'I går' right after 23- and 25-hour days.
  const daysAgo = osloDayNumber(now) - osloDayNumber(at);
  if (daysAgo === 0) return words.today;
  if (daysAgo === 1) return words.yesterday;
  return format(new TZDate(at.getTime(), osloTimeZone), "EEEE d. MMMM yyyy", { locale: nb });
}

export interface DateDivider {
  /** the divider goes right before the message at this index */
  index: number;
  /** the Oslo calendar day as days since 1970-01-01; unique in a list, so a render key */
  day: number;
  label: string;
}

/**
 * The dividers of a list ordered oldest first: one before the first message and one
 * wherever the Oslo day changes.
 */
export function dateDividers(times: readonly Date[], now: Date): DateDivider[] {
  const dividers: DateDivider[] = [];
  times.forEach((at, index) => {
    if (startsNewDay(times[index - 1], at))
      dividers.push({ index, day: osloDayNumber(at), label: dateDividerLabel(at, now) });
  });
  return dividers;
}
