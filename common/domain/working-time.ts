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

/** Union of intervals, sorted and disjoint (two entries for one stretch count once). */
function merged(intervals: readonly Interval[]): [number, number][] {
  const sorted = intervals
    .map((s): [number, number] => [s.startsAt.getTime(), s.endsAt.getTime()])
    .filter(([a, b]) => b > a)
    .sort((x, y) => x[0] - y[0]);
  const out: [number, number][] = [];
  for (const [a, b] of sorted) {
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/**
 * The most time of `intervals` any window of `lengthMs` overlapping `shift` holds. The
 * sum is piecewise linear in the window's start, so its largest value is at a breakpoint.
 */
export function busiestWindow(intervals: readonly Interval[], shift: Interval, lengthMs: number): number {
  const from = shift.startsAt.getTime() - lengthMs;
  const to = shift.endsAt.getTime();
  const spans = merged(intervals).filter(([a, b]) => b > from && a < to + lengthMs);
  const starts = spans.map(([a]) => a);
  const ends = spans.map(([, b]) => b);
  // prefix[i]: the length of spans[0..i)
  const prefix = [0];
  for (const [a, b] of spans) prefix.push(prefix[prefix.length - 1]! + (b - a));
  /** the first index whose value is above t (values ascending) */
  const firstAbove = (values: number[], t: number) => {
    let lo = 0;
    let hi = values.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (values[mid]! > t) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
  /** spans i..k touch [t, t + length): whole, less what sticks out at either end */
  const sumIn = (t: number) => {
    const end = t + lengthMs;
    const i = firstAbove(ends, t);
    const k = firstAbove(starts, end - 1) - 1;
    if (i > k) return 0;
    return prefix[k + 1]! - prefix[i]! - Math.max(0, t - starts[i]!) - Math.max(0, ends[k]! - end);
  };
  let best = 0;
  const breakpoints = [from, to];
  for (const [a, b] of spans) breakpoints.push(a, b, a - lengthMs, b - lengthMs);
  for (const t of breakpoints) if (t >= from && t <= to) best = Math.max(best, sumIn(t));
  return best;
}

/** A week's hours a part-timer may add before they are overtime. */
const weeklyAllowanceMs = (contract: Contract) =>
  ((100 - contract.positionPercent) / 100) * contract.fullTimeHours * hourMs;

/** Whether `person` may take `shift` under `rules`, why not, and what it would mean. */
export function judgeWork(shift: ShiftToTake, person: WorkSituation, rules: WorkRules): WorkVerdict {
  const refusals: Refusal[] = [];
  const warnings: ShortRest[] = [];

  const missing = shift.requires.filter((c) => !person.competences.has(c.id)).map((c) => c.name);
  if (missing.length > 0) refusals.push({ kind: "competence", missing });

  const held = [...person.held].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const rest = rules.minRestHours * hourMs;
  const overlap = held.find((b) => b.startsAt < shift.endsAt && shift.startsAt < b.endsAt);
  if (overlap) refusals.push({ kind: "overlap", shift: toBusy(overlap) });
  const gapBefore = (b: WorkShift) => shift.startsAt.getTime() - b.endsAt.getTime();
  const gapAfter = (b: WorkShift) => b.startsAt.getTime() - shift.endsAt.getTime();
  // The neighbours that matter: closer than 11 hours (a warning), or than the minimum when
  // MIN_REST_HOURS is set above 11 (a refusal).
  const near = Math.max(rest, shortRestHours * hourMs);
  const before = held.filter((b) => b.endsAt <= shift.startsAt && gapBefore(b) < near);
  const after = held.filter((b) => b.startsAt >= shift.endsAt && gapAfter(b) < near);
  const tooShortBefore = before.find((b) => gapBefore(b) < rest);
  const tooShortAfter = after.find((b) => gapAfter(b) < rest);
  if (tooShortBefore) refusals.push({ kind: "restAfter", shift: toBusy(tooShortBefore) });
  if (tooShortAfter) refusals.push({ kind: "restBefore", shift: toBusy(tooShortAfter) });
  for (const b of before)
    if (b !== tooShortBefore && gapBefore(b) >= rest)
      warnings.push({ kind: "shortRest", hours: roundHours(gapBefore(b)), shift: toBusy(b) });
  for (const b of after)
    if (b !== tooShortAfter && gapAfter(b) >= rest)
      warnings.push({ kind: "shortRest", hours: roundHours(gapAfter(b)), shift: toBusy(b) });

  const withShift: WorkShift[] = [...held, { ...shift, title: "", extra: shift.extra }];
  const dayHours = roundHours(busiestWindow(withShift, shift, dayMs));
  if (dayHours > rules.limits.maxHoursPerDay)
    refusals.push({ kind: "day", hours: dayHours, limit: rules.limits.maxHoursPerDay });

  const extra = withShift.filter((s) => s.extra);
  const overtime = {} as Record<OvertimeWindow, number>;
  for (const { window, days, limit } of overtimeWindows) {
    const worked = busiestWindow(extra, shift, days * dayMs);
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
