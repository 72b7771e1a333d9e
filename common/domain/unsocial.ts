/**
 * The unsocial shifts a person worked (issue 28, fairness everyone can see): nights,
 * weekends and public holidays, over the fairness window and this calendar year (Oslo).
 * Pure: the server reads the shifts that count (extra shifts held, roster shifts got in
 * a swap) and this classifies and counts them.
 *
 * - A shift is a night or a weekend shift by its time tags (swap-match.ts: natt; helg,
 *   from its Oslo midpoint), a holiday shift when its midpoint's Oslo date is a public
 *   holiday (holidays.ts). One shift may be all three.
 * - A shift counts once it has started (not a future one), in the window its midpoint
 *   falls in: the last 90 days when the midpoint is after `now` − 90 days, this year when
 *   the midpoint's Oslo date is in `now`'s Oslo year. The midpoint is the instant the
 *   classification looks at, so a night from New Year's Eve into 1 January is a holiday
 *   shift of the new year.
 */
import { fairnessWindowDays } from "./fairness.ts";
import { isPublicHoliday } from "./holidays.ts";
import { osloDate, osloTimeToInstant } from "./oslo-time.ts";
import { shiftTimeTags } from "./swap-match.ts";
import type { Interval } from "./working-time.ts";

const dayMs = 86_400_000;

export interface UnsocialTally {
  nights: number;
  weekends: number;
  holidays: number;
}

export interface UnsocialFigures {
  last90Days: UnsocialTally;
  thisYear: UnsocialTally;
}

export interface UnsocialKinds {
  night: boolean;
  weekend: boolean;
  holiday: boolean;
}

const midpoint = (shift: Interval) => new Date((shift.startsAt.getTime() + shift.endsAt.getTime()) / 2);

/** Which unsocial kinds a shift is (none for a weekday day or evening shift). */
export function unsocialKinds(shift: Interval): UnsocialKinds {
  const tags = shiftTimeTags(shift);
  return {
    night: tags.includes("natt"),
    weekend: tags.includes("helg"),
    holiday: isPublicHoliday(osloDate(midpoint(shift))),
  };
}

/** The first instant of `now`'s Oslo year. */
export function osloYearStart(now: Date): Date {
  return osloTimeToInstant(`${osloDate(now).slice(0, 4)}-01-01`, 0);
}

/**
 * The earliest instant a counted shift may end after: a shift ending before it has its
 * midpoint outside both windows (what the server's read may leave out).
 */
export function unsocialReadFrom(now: Date): Date {
  const windowStart = now.getTime() - fairnessWindowDays * dayMs;
  return new Date(Math.min(windowStart, osloYearStart(now).getTime()));
}

const none = (): UnsocialTally => ({ nights: 0, weekends: 0, holidays: 0 });

function add(tally: UnsocialTally, kinds: UnsocialKinds) {
  if (kinds.night) tally.nights++;
  if (kinds.weekend) tally.weekends++;
  if (kinds.holiday) tally.holidays++;
}

/** The nights, weekends and holidays among `shifts`, as of `now`. */
export function countUnsocial(shifts: Iterable<Interval>, now: Date): UnsocialFigures {
  const figures = { last90Days: none(), thisYear: none() };
  const windowStart = now.getTime() - fairnessWindowDays * dayMs;
  const year = osloDate(now).slice(0, 4);
  for (const shift of shifts) {
    if (shift.startsAt > now) continue;
    const mid = midpoint(shift);
    const in90Days = mid.getTime() > windowStart;
    const inYear = osloDate(mid).startsWith(year);
    if (!in90Days && !inYear) continue;
    const kinds = unsocialKinds(shift);
    if (in90Days) add(figures.last90Days, kinds);
    if (inYear) add(figures.thisYear, kinds);
  }
  return figures;
}
