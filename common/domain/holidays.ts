/**
 * Norwegian public holidays (helligdager, lov om helligdager og helligdagsfred § 1, and
 * 1 and 17 May by lov om 1. og 17. mai som høgtidsdager): 1 January, Skjærtorsdag,
 * Langfredag, 1. and 2. påskedag, 1 May, 17 May, Kristi himmelfartsdag, 1. and 2.
 * pinsedag, 1. and 2. juledag. The moving ones follow Easter Sunday, found by the
 * Gregorian computus. Sundays in general are not listed: a Sunday is a weekend already.
 */
import type { OsloDate } from "./oslo-time.ts";

const pad = (n: number) => String(n).padStart(2, "0");
const dayMs = 86_400_000;

/** Easter Sunday of `year` (Gregorian calendar): the anonymous Gregorian algorithm. */
export function easterSunday(year: number): OsloDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const n = h + l - 7 * m + 114;
  return `${year}-${pad(Math.floor(n / 31))}-${pad((n % 31) + 1)}`;
}

/** Days from Easter Sunday: Skjærtorsdag … 2. pinsedag. */
const easterOffsets = [-3, -2, 0, 1, 39, 49, 50];
const fixedDays = ["01-01", "05-01", "05-17", "12-25", "12-26"];

const byYear = new Map<number, ReadonlySet<OsloDate>>();

/**
 * The dates of `year`'s twelve public holidays, in order; fewer when two fall on one date
 * (Kristi himmelfartsdag on 1 or 17 May, 2. pinsedag on 17 May).
 */
export function publicHolidays(year: number): OsloDate[] {
  const easter = Date.parse(`${easterSunday(year)}T00:00:00Z`);
  const moving = easterOffsets.map((days) => new Date(easter + days * dayMs).toISOString().slice(0, 10));
  return [...new Set([...fixedDays.map((md) => `${year}-${md}`), ...moving])].sort();
}

/** Whether an Oslo date is a public holiday. */
export function isPublicHoliday(date: OsloDate): boolean {
  const year = Number(date.slice(0, 4));
  let days = byYear.get(year);
  if (!days) {
    days = new Set(publicHolidays(year));
    byYear.set(year, days);
  }
  return days.has(date);
}
