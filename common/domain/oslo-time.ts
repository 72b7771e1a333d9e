/**
 * Extra shifts are entered as an Oslo calendar date and wall-clock times (whole hours in
 * spec §5, quarter hours since: `clock-time.ts`) and stored as instants. The conversion must hold on the two nights a
 * year summer time starts or ends, when an hour is missing or happens twice.
 *
 * Our choice follows the "compatible" rule of JavaScript's Temporal: an hour that does
 * not exist (02:00 on the last Sunday of March) means the instant the clocks show 03:00;
 * an hour that happens twice (02:00 on the last Sunday of October) means its first
 * occurrence, in summer time.
 */
import { TZDate } from "@date-fns/tz";
import { osloTimeZone } from "./shift-block.ts";

const hourMs = 3_600_000;

/** An Oslo calendar date, `YYYY-MM-DD`. */
export type OsloDate = string;

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(date: OsloDate): [number, number, number] {
  const m = datePattern.exec(date);
  if (!m) throw new Error(`not a date: ${date}`);
  return [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
}

/** Whether `date` is a real calendar date (`2026-02-30` is not). */
export function isOsloDate(date: string): boolean {
  const m = datePattern.exec(date);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === date;
}

const weekday = new Intl.DateTimeFormat("nb-NO", { timeZone: osloTimeZone, weekday: "short" });

/** What Oslo's calendar and clocks show during one UTC hour. */
interface OsloHourFacts {
  date: OsloDate;
  /** `tir.` */
  weekday: string;
  hour: number;
}

const factsByHour = new Map<number, OsloHourFacts>();
/** About six years of hours: far more than any screen or audit asks for at once. */
const factsKept = 50_000;

/**
 * Oslo's offset from UTC changes only on a UTC hour (01:00 UTC on the changeover
 * Sundays), so date, weekday and hour hold for a whole UTC hour and are worked out once
 * per hour through the time-zone database. An assignment writes the audit text of every
 * ineligible candidate, and each conversion through `Intl` cost about 4 µs.
 */
function osloFacts(at: Date): OsloHourFacts {
  const key = Math.floor(at.getTime() / hourMs);
  let facts = factsByHour.get(key);
  if (!facts) {
    const start = new TZDate(key * hourMs, osloTimeZone);
    const pad = (n: number) => String(n).padStart(2, "0");
    facts = {
      date: `${start.getFullYear()}-${pad(start.getMonth() + 1)}-${pad(start.getDate())}`,
      weekday: weekday.format(start),
      hour: start.getHours(),
    };
    if (factsByHour.size >= factsKept) factsByHour.clear();
    factsByHour.set(key, facts);
  }
  return facts;
}

/** The Oslo wall-clock hour of an instant. */
export function osloHour(at: Date): number {
  return osloFacts(at).hour;
}

/** The Oslo calendar date of an instant. */
export function osloDate(at: Date): OsloDate {
  return osloFacts(at).date;
}

/** The Oslo wall-clock time of an instant, in minutes after midnight (07:30 → 450). */
export function osloMinutes(at: Date): number {
  // Oslo's offset is whole hours: the minutes are the instant's own.
  return osloFacts(at).hour * 60 + at.getUTCMinutes();
}

/** The instant the clocks in Oslo show `hour`:00 on `date` (day overflow rolls over). */
export function osloHourToInstant(date: OsloDate, hour: number, addDays = 0): Date {
  return osloTimeToInstant(date, hour * 60, addDays);
}

/** The instant the clocks in Oslo show `minutes` after midnight on `date` (07:30 is 450). */
export function osloTimeToInstant(date: OsloDate, minutes: number, addDays = 0): Date {
  const [y, m, d] = parts(date);
  const hour = Math.floor(minutes / 60);
  const found = new TZDate(y, m, d + addDays, hour, minutes % 60, 0, 0, osloTimeZone).getTime();
  // A repeated hour: take its first occurrence (summer time), an hour earlier.
  const earlier = found - hourMs;
  const same = (t: number) => {
    const a = new TZDate(t, osloTimeZone);
    const b = new TZDate(found, osloTimeZone);
    return a.getHours() === b.getHours() && a.getDate() === b.getDate();
  };
  return new Date(same(earlier) ? earlier : found);
}

export interface ShiftSpan {
  startsAt: Date;
  endsAt: Date;
  /** the 'to' hour is on the next day ('+1 dag') */
  nextDay: boolean;
}

/** A shift from `fromHour` to `toHour` o'clock on `date` (`shiftSpanOfTimes` in hours). */
export function shiftSpan(date: OsloDate, fromHour: number, toHour: number): ShiftSpan | null {
  return shiftSpanOfTimes(date, fromHour * 60, toHour * 60);
}

/**
 * A shift from `from` to `to` (minutes after midnight) on `date`: a 'to' earlier than
 * 'from' ends the next day (night shifts, decisions.md); equal times, or times the clocks
 * skip, are no shift (null: 'Sluttid må være etter starttid').
 */
export function shiftSpanOfTimes(date: OsloDate, from: number, to: number): ShiftSpan | null {
  if (from === to) return null;
  const nextDay = to < from;
  const startsAt = osloTimeToInstant(date, from);
  const endsAt = osloTimeToInstant(date, to, nextDay ? 1 : 0);
  // 02:00–03:00 on the night summer time starts is no time at all.
  if (endsAt <= startsAt) return null;
  return { startsAt, endsAt, nextDay };
}

/** `07:05`: Oslo's offset is whole hours, so the minutes are the instant's own. */
function osloClock(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(osloFacts(at).hour)}:${pad(at.getUTCMinutes())}`;
}

/** A shift's day and time as cards show it first (ui.md): `tir. 24.11 · 07:00–15:00`. */
export function formatShiftWhen(startsAt: Date, endsAt: Date): string {
  const start = osloFacts(startsAt);
  const nextDay = osloDate(endsAt) !== start.date ? " (+1 dag)" : "";
  const [, month, day] = start.date.split("-");
  return `${start.weekday} ${day}.${month} · ${osloClock(startsAt)}–${osloClock(endsAt)}${nextDay}`;
}

/** A shift's start alone, as a card writes it (`tir. 24.11 · 07:00`): when its end is not known. */
export function formatShiftStart(startsAt: Date): string {
  const start = osloFacts(startsAt);
  const [, month, day] = start.date.split("-");
  return `${start.weekday} ${day}.${month} · ${osloClock(startsAt)}`;
}
