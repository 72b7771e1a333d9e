/**
 * The working-time rules (arbeidsmiljøloven § 10-6 and § 10-8; issue 28, decisions in
 * docs/decisions.md § Working time). Pure: the server gathers a person's shifts near the
 * one in question and their contract; this says whether they may take it, why not in
 * figures, and what it would mean for them.
 *
 * What is counted: the shifts the app knows. Total working time counts every shift a
 * person holds (extra and roster). Overtime counts the additional ones (`extra`: extra
 * shifts, and roster shifts taken without giving one back): a part-timer's additional
 * hours up to a full position are additional work (merarbeid), not overtime, so each
 * window allows `(100 − stillingsprosent) % of a full week` per week before overtime
 * starts; a full-timer's additional hours are overtime from the first.
 *
 * Windows slide: any 24 hours, any 7 days, any 4 weeks, any 52 weeks that overlap the
 * shift, in real elapsed time (a night across the change to summer time is 7 hours of
 * work, not 8). The largest sum over such windows is found at their breakpoints: where a
 * window's start or end meets a shift's start or end.
 */
const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

export interface Interval {
  startsAt: Date;
  endsAt: Date;
}

/** A shift someone already works. */
export interface BusyShift extends Interval {
  title: string;
}

/** A department's limits (its local agreement's, within the law's outer bounds). */
export interface WorkLimits {
  /** total working time in any 24 hours (§ 10-6 (8)) */
  maxHoursPerDay: number;
  /** overtime in any 7 days, 4 weeks, 52 weeks (§ 10-6 (4)) */
  maxOvertimeWeek: number;
  maxOvertime4Weeks: number;
  maxOvertimeYear: number;
}

/** The law's defaults, which hold where no local agreement says otherwise. */
export const lawWorkLimits: WorkLimits = {
  maxHoursPerDay: 13,
  maxOvertimeWeek: 10,
  maxOvertime4Weeks: 25,
  maxOvertimeYear: 200,
};

/**
 * The furthest an agreement may go: 16 hours in 24 (§ 10-6 (10)), 25 hours overtime in
 * 7 days, 50 in 4 weeks (§ 10-6 (5)–(6)), 400 in 52 weeks (§ 10-6 (7), (9)).
 */
export const outerWorkLimits: WorkLimits = {
  maxHoursPerDay: 16,
  maxOvertimeWeek: 25,
  maxOvertime4Weeks: 50,
  maxOvertimeYear: 400,
};

/** Rest under this many hours is 'kort hvile': allowed by agreement, worth a warning. */
export const shortRestHours = 11;
/** A full position's weekly hours when the staff record says nothing (turnus: 35,5). */
export const defaultFullTimeHours = 35.5;

/** A person's contract in the department: 'Stillingsprosent' and a full position's hours. */
export interface Contract {
  positionPercent: number;
  fullTimeHours: number;
}
export const fullTimeContract: Contract = { positionPercent: 100, fullTimeHours: defaultFullTimeHours };
export const isPartTime = (contract: Contract) => contract.positionPercent < 100;

/** A shift someone holds (or would take): `extra` when it is additional to their roster. */
export interface WorkShift extends BusyShift {
  extra: boolean;
}

export type OvertimeWindow = "week" | "4weeks" | "year";
const overtimeWindows: { window: OvertimeWindow; days: number; limit: keyof WorkLimits }[] = [
  { window: "week", days: 7, limit: "maxOvertimeWeek" },
  { window: "4weeks", days: 28, limit: "maxOvertime4Weeks" },
  { window: "year", days: 364, limit: "maxOvertimeYear" },
];

/** Why a person may not take a shift, most serious first. Hours are real hours. */
export type Refusal =
  | { kind: "competence"; missing: string[] }
  | { kind: "overlap"; shift: BusyShift }
  /** the person's shift ends too shortly before this one starts */
  | { kind: "restAfter"; shift: BusyShift }
  /** the person's shift starts too shortly after this one ends */
  | { kind: "restBefore"; shift: BusyShift }
  | { kind: "day"; hours: number; limit: number }
  | { kind: "overtime"; window: OvertimeWindow; hours: number; limit: number };

/** Allowed, worth saying: rest of at least the department's minimum but under 11 hours. */
export interface ShortRest {
  kind: "shortRest";
  hours: number;
  shift: BusyShift;
}

/** What taking the shift would mean, the largest over the windows that overlap it. */
export interface WorkFigures {
  dayHours: number;
  overtimeWeek: number;
  overtime4Weeks: number;
  overtimeYear: number;
}

export interface WorkVerdict {
  /** every rule it breaks, most serious first; empty when the person may take it */
  refusals: Refusal[];
  warnings: ShortRest[];
  figures: WorkFigures;
}

/** What the rules decide on for one person. */
export interface WorkSituation {
  /** their shifts (the one they would give in an exchange left out) */
  held: readonly WorkShift[];
  /**
   * More extra shifts of theirs, as `[start, end, start, end, …]` in epoch milliseconds,
   * each more than a day and more than `minRestHours` from the one in question: such a
   * shift matters only to the overtime windows, so a caller judging many people over a
   * year either side (the assignment) may pass them as plain numbers, not objects.
   */
  distantExtra?: readonly number[];
  contract: Contract;
  /** ids of the competences they hold in the department */
  competences: ReadonlySet<string>;
}

export interface WorkRules {
  limits: WorkLimits;
  minRestHours: number;
}

/** The shift in question: `extra` as for held shifts; what it requires, by id and name. */
export interface ShiftToTake extends Interval {
  extra: boolean;
  requires: readonly { id: string; name: string }[];
}

/** Hours with at most one decimal, as figures are shown and compared (14,5 t). */
const roundHours = (ms: number) => Math.round((ms / hourMs) * 10) / 10;

/**
 * A union of intervals in milliseconds, sorted and disjoint (two entries for one stretch
 * count once), with `prefix[i]` the length of the first i spans: built once per person
 * and asked for each window length (an assignment judges hundreds of people).
 */
interface Spans {
  starts: number[];
  ends: number[];
  prefix: number[];
}

/** The `[start, end, start, end, …]` of intervals, as `distantExtra` carries them. */
const flatTimes = (intervals: readonly Interval[]): number[] =>
  intervals.flatMap((s) => [s.startsAt.getTime(), s.endsAt.getTime()]);

function spansOf(times: readonly number[]): Spans {
  const order: number[] = [];
  for (let i = 0; i < times.length; i += 2) if (times[i + 1]! > times[i]!) order.push(i);
  order.sort((x, y) => times[x]! - times[y]!);
  const starts: number[] = [];
  const ends: number[] = [];
  for (const i of order) {
    const a = times[i]!;
    const b = times[i + 1]!;
    const last = ends.length - 1;
    if (last >= 0 && a <= ends[last]!) ends[last] = Math.max(ends[last]!, b);
    else {
      starts.push(a);
      ends.push(b);
    }
  }
  const prefix = [0];
  for (let i = 0; i < starts.length; i++) prefix.push(prefix[i]! + (ends[i]! - starts[i]!));
  return { starts, ends, prefix };
}

/** The first index whose value is above t (values ascending). */
function firstAbove(values: readonly number[], t: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid]! > t) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * The most time of `spans` any window of `lengthMs` overlapping the shift holds. The sum is
 * piecewise linear in the window's start, so its largest value is at a breakpoint: where
 * the window's start or end meets a span's start or end.
 */
function busiestIn(spans: Spans, shiftStart: number, shiftEnd: number, lengthMs: number): number {
  const { starts, ends, prefix } = spans;
  const from = shiftStart - lengthMs;
  const to = shiftEnd;
  /** spans i..k touch [t, t + length): whole, less what sticks out at either end */
  const sumIn = (t: number) => {
    const end = t + lengthMs;
    const i = firstAbove(ends, t);
    const k = firstAbove(starts, end - 1) - 1;
    if (i > k) return 0;
    return prefix[k + 1]! - prefix[i]! - Math.max(0, t - starts[i]!) - Math.max(0, ends[k]! - end);
  };
  let best = Math.max(sumIn(from), sumIn(to));
  const consider = (t: number) => {
    if (t >= from && t <= to) best = Math.max(best, sumIn(t));
  };
  // only spans that reach into [from, to + length) can be breakpoints of such a window
  for (let j = firstAbove(ends, from); j < starts.length && starts[j]! < to + lengthMs; j++) {
    const a = starts[j]!;
    const b = ends[j]!;
    consider(a);
    consider(b);
    consider(a - lengthMs);
    consider(b - lengthMs);
  }
  return best;
}

/** The most time of `intervals` any window of `lengthMs` overlapping `shift` holds. */
export const busiestWindow = (intervals: readonly Interval[], shift: Interval, lengthMs: number): number =>
  busiestIn(spansOf(flatTimes(intervals)), shift.startsAt.getTime(), shift.endsAt.getTime(), lengthMs);

/** A week's hours a part-timer may add before they are overtime. */
const weeklyAllowanceMs = (contract: Contract) =>
  ((100 - contract.positionPercent) / 100) * contract.fullTimeHours * hourMs;

/** Whether `person` may take `shift` under `rules`, why not, and what it would mean. */
export function judgeWork(shift: ShiftToTake, person: WorkSituation, rules: WorkRules): WorkVerdict {
  const refusals: Refusal[] = [];
  const warnings: ShortRest[] = [];

  const missing = shift.requires.filter((c) => !person.competences.has(c.id)).map((c) => c.name);
  if (missing.length > 0) refusals.push({ kind: "competence", missing });

  // Times as numbers, once: an assignment judges hundreds of people.
  const start = shift.startsAt.getTime();
  const end = shift.endsAt.getTime();
  const held = person.held
    .map((shift) => ({ shift, from: shift.startsAt.getTime(), to: shift.endsAt.getTime() }))
    .sort((x, y) => x.from - y.from);
  const rest = rules.minRestHours * hourMs;
  const overlap = held.find((h) => h.from < end && start < h.to);
  if (overlap) refusals.push({ kind: "overlap", shift: toBusy(overlap.shift) });
  // The neighbours that matter: closer than 11 hours (a warning), or than the minimum when
  // MIN_REST_HOURS is set above 11 (a refusal).
  const near = Math.max(rest, shortRestHours * hourMs);
  const before = held.filter((h) => h.to <= start && start - h.to < near);
  const after = held.filter((h) => h.from >= end && h.from - end < near);
  const tooShortBefore = before.find((h) => start - h.to < rest);
  const tooShortAfter = after.find((h) => h.from - end < rest);
  if (tooShortBefore) refusals.push({ kind: "restAfter", shift: toBusy(tooShortBefore.shift) });
  if (tooShortAfter) refusals.push({ kind: "restBefore", shift: toBusy(tooShortAfter.shift) });
  for (const h of before)
    if (h !== tooShortBefore && start - h.to >= rest)
      warnings.push({ kind: "shortRest", hours: roundHours(start - h.to), shift: toBusy(h.shift) });
  for (const h of after)
    if (h !== tooShortAfter && h.from - end >= rest)
      warnings.push({ kind: "shortRest", hours: roundHours(h.from - end), shift: toBusy(h.shift) });

  // The shift with what is held: within a day of it for hours in 24 (any 24 hours that
  // overlap it lie there), the extra ones for overtime.
  const day = [start, end];
  const extra = shift.extra ? [start, end] : [];
  for (const h of held) {
    if (h.to > start - dayMs && h.from < end + dayMs) day.push(h.from, h.to);
    if (h.shift.extra) extra.push(h.from, h.to);
  }
  const dayHours = roundHours(busiestIn(spansOf(day), start, end, dayMs));
  if (dayHours > rules.limits.maxHoursPerDay)
    refusals.push({ kind: "day", hours: dayHours, limit: rules.limits.maxHoursPerDay });

  const extraSpans = spansOf(person.distantExtra ? extra.concat(person.distantExtra) : extra);
  const overtime = {} as Record<OvertimeWindow, number>;
  for (const { window, days, limit } of overtimeWindows) {
    const worked = busiestIn(extraSpans, start, end, days * dayMs);
    const hours = roundHours(Math.max(0, worked - weeklyAllowanceMs(person.contract) * (days / 7)));
    overtime[window] = hours;
    if (hours > rules.limits[limit])
      refusals.push({ kind: "overtime", window, hours, limit: rules.limits[limit] });
  }

  return {
    refusals,
    warnings,
    figures: {
      dayHours,
      overtimeWeek: overtime.week,
      overtime4Weeks: overtime["4weeks"],
      overtimeYear: overtime.year,
    },
  };
}

const toBusy = (s: BusyShift): BusyShift => ({ title: s.title, startsAt: s.startsAt, endsAt: s.endsAt });

/**
 * How far around a shift the rules look: a person's shifts that end after `from` and
 * start before `to` are all that can change the verdict (the longest window, 52 weeks).
 */
export function workHorizon(shift: Interval): { from: Date; to: Date } {
  const reach = 364 * dayMs;
  return {
    from: new Date(shift.startsAt.getTime() - reach),
    to: new Date(shift.endsAt.getTime() + reach),
  };
}
