/**
 * The shift block of a moment, by the clock in Europe/Oslo (spec §4 and §9):
 * Dagvakt 07–15, Kveldsvakt 15–23, Nattevakt 23–07. The blocks cover the day without
 * gaps, so there is always exactly one current block. Night blocks cross midnight and,
 * on the nights summer time starts or ends, last 7 or 9 hours.
 */
import { TZDate } from "@date-fns/tz";

export const osloTimeZone = "Europe/Oslo";

const hourMs = 3_600_000;
const dayByHour = new Map<number, number>();
/** About six years of hours. */
const daysKept = 50_000;

/**
 * Days since 1970-01-01 of the Oslo calendar date of `at`. Oslo's offset is whole hours
 * and changes on a UTC hour, so its midnight falls on one too and a UTC hour lies in a
 * single Oslo day: worked out once per hour through the time-zone database. A message
 * list asks four times per message whenever a page of history arrives, and each
 * conversion cost about 4 µs.
 */
export function osloDayNumber(at: Date): number {
  const hour = Math.floor(at.getTime() / hourMs);
  let day = dayByHour.get(hour);
  if (day === undefined) {
    const local = new TZDate(hour * hourMs, osloTimeZone);
    day = Math.floor(Date.UTC(local.getFullYear(), local.getMonth(), local.getDate()) / 86_400_000);
    if (dayByHour.size >= daysKept) dayByHour.clear();
    dayByHour.set(hour, day);
  }
  return day;
}

export type ShiftBlockKind = "day" | "evening" | "night";

export interface ShiftBlockDefinition {
  kind: ShiftBlockKind;
  name: string;
  startHour: number;
  endHour: number;
}

export const shiftBlocks: readonly ShiftBlockDefinition[] = [
  { kind: "day", name: "Dagvakt", startHour: 7, endHour: 15 },
  { kind: "evening", name: "Kveldsvakt", startHour: 15, endHour: 23 },
  { kind: "night", name: "Nattevakt", startHour: 23, endHour: 7 },
];

export interface ShiftBlock extends ShiftBlockDefinition {
  /** first instant of the block */
  start: Date;
  /** first instant after the block (the next block's start) */
  end: Date;
  /** "07:00–15:00" */
  range: string;
}

const pad = (h: number) => String(h).padStart(2, "0");

export function blockRange(def: ShiftBlockDefinition): string {
  return `${pad(def.startHour)}:00–${pad(def.endHour)}:00`;
}

function definitionForHour(hour: number): ShiftBlockDefinition {
  const found = shiftBlocks.find((b) =>
    b.startHour < b.endHour
      ? hour >= b.startHour && hour < b.endHour
      : hour >= b.startHour || hour < b.endHour,
  );
  // The three blocks cover 0–23 without gaps; this only guards a broken table.
  if (!found) throw new Error(`no shift block for hour ${hour}`);
  return found;
}

/** The block that contains `at` (default: now). */
export function currentShiftBlock(at: Date = new Date()): ShiftBlock {
  const local = new TZDate(at.getTime(), osloTimeZone);
  const hour = local.getHours();
  const def = definitionForHour(hour);
  // A night block seen after midnight started the day before.
  const startDay = def.startHour > def.endHour && hour < def.endHour ? local.getDate() - 1 : local.getDate();
  const endDay = def.startHour > def.endHour ? startDay + 1 : startDay;
  const y = local.getFullYear();
  const m = local.getMonth();
  // TZDate reads these fields as Oslo wall-clock time; day overflow rolls into the next month.
  const start = new TZDate(y, m, startDay, def.startHour, 0, 0, 0, osloTimeZone);
  const end = new TZDate(y, m, endDay, def.endHour, 0, 0, 0, osloTimeZone);
  return { ...def, start: new Date(start.getTime()), end: new Date(end.getTime()), range: blockRange(def) };
}
