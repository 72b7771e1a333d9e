/**
 * Wall-clock times of a shift ('Fra'/'Til'): 24-hour `HH:MM` in quarter-hour steps
 * (decisions.md § Shift times). Wards start at 07:30 or 15:45 as often as on the hour,
 * so the form takes any quarter hour, typed or picked; the whole hours stay first in the
 * list, as most shifts use them. A time is handled as minutes after midnight.
 */

/** Minutes between two times a shift may start or end. */
export const shiftTimeStep = 15;
const minutesPerDay = 24 * 60;

const pad = (n: number) => String(n).padStart(2, "0");

/** 450 → "07:30" */
export function formatClockTime(minutes: number): string {
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** Whether `minutes` is a time of day on a quarter hour. */
export function isQuarterHour(minutes: number): boolean {
  return (
    Number.isInteger(minutes) && minutes >= 0 && minutes < minutesPerDay && minutes % shiftTimeStep === 0
  );
}

/** Strictly `HH:MM` (the API's form): "07:30" → 450; anything else, or no quarter hour, null. */
export function parseClockTime(text: string): number | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
  if (!m) return null;
  const minutes = Number(m[1]) * 60 + Number(m[2]);
  return isQuarterHour(minutes) ? minutes : null;
}

/**
 * What a person types in 'Fra'/'Til', read kindly: "7", "07", "730", "0730", "7:30",
 * "7.30" and "07 30" all mean 07:30 or 07:00. Gives `HH:MM`, or null for what is no
 * time or not on a quarter hour ("7:20").
 */
export function normalizeClockTime(typed: string): string | null {
  const text = typed.trim();
  const m = /^(\d{1,2})(?:[:.\s]?(\d{2}))?$/.exec(text);
  if (!m) return null;
  const hours = Number(m[1]);
  const minutes = m[2] === undefined ? 0 : Number(m[2]);
  if (hours > 23 || minutes > 59) return null;
  const total = hours * 60 + minutes;
  return isQuarterHour(total) ? formatClockTime(total) : null;
}

/** The choices of the list: the 24 whole hours first, then every other quarter hour in order. */
export const shiftTimeChoices: readonly string[] = (() => {
  const all = Array.from({ length: minutesPerDay / shiftTimeStep }, (_, i) => i * shiftTimeStep);
  const whole = all.filter((m) => m % 60 === 0);
  const quarters = all.filter((m) => m % 60 !== 0);
  return [...whole, ...quarters].map(formatClockTime);
})();
