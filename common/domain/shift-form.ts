/**
 * The rules of 'Ny ekstravakt' and 'Rediger ekstravakt' (spec §5 Create shift;
 * decisions.md § Night shifts), shared by the dialog and the server, so both refuse the
 * same input with the same code and words (`texts/errors/shifts.ts`). Pure: the caller
 * says which Oslo date is today and whether a department must be chosen.
 *
 * One function per field, so a form can mark every field at fault; `shiftFormError`
 * gives the first broken rule in the form's order, as the server answers it.
 */
import { shiftLimits } from "../base/limits.ts";
import { formatClockTime, parseClockTime } from "./clock-time.ts";
import { isOsloDate, type OsloDate, osloDate, osloMinutes } from "./oslo-time.ts";

/** 7 → "07:00" (the whole hours some lists still offer) */
export const formatHour = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

/** A 'to' time earlier than the 'from' time ends the next day ('+1 dag'); in minutes or hours alike. */
export const endsNextDay = (from: number, to: number) => to < from;

export type ShiftFormRule =
  | "shift_dept_required"
  | "shift_date_required"
  | "shift_date_invalid"
  | "shift_in_past"
  | "shift_from_invalid"
  | "shift_to_invalid"
  | "shift_end_not_after_start"
  | "shift_description_too_long";

/** The field each rule is about: the form marks it, the server names it. */
export const shiftFormRuleField = {
  shift_dept_required: "deptId",
  shift_date_required: "date",
  shift_date_invalid: "date",
  shift_in_past: "date",
  shift_from_invalid: "fromTime",
  shift_to_invalid: "toTime",
  shift_end_not_after_start: "toTime",
  shift_description_too_long: "description",
} as const satisfies Record<ShiftFormRule, string>;

/** 'Avdeling må velges', only for someone who leads several departments. */
export function deptRule(deptId: string | undefined, required: boolean): ShiftFormRule | null {
  return required && !deptId ? "shift_dept_required" : null;
}

/** 'Dato må velges' (also for what is no real date); past dates are refused. */
export function dateRule(date: string, today: OsloDate): ShiftFormRule | null {
  if (!isOsloDate(date)) return "shift_date_required";
  // YYYY-MM-DD compares as text in calendar order.
  return date < today ? "shift_in_past" : null;
}

/**
 * 'Fra' and 'Til' are `HH:MM` on a quarter hour, each checked on its own field; then
 * 'Sluttid må være etter starttid': equal times are no shift, an earlier 'to' is the
 * next day.
 */
export function timesRule(fromTime: string, toTime: string): ShiftFormRule | null {
  return fromTimeRule(fromTime) ?? toTimeRule(toTime) ?? spanRule(fromTime, toTime);
}

export const fromTimeRule = (time: string): ShiftFormRule | null =>
  parseClockTime(time) === null ? "shift_from_invalid" : null;

export const toTimeRule = (time: string): ShiftFormRule | null =>
  parseClockTime(time) === null ? "shift_to_invalid" : null;

/** Two valid times: equal ones are no shift. */
export const spanRule = (fromTime: string, toTime: string): ShiftFormRule | null =>
  parseClockTime(fromTime) === parseClockTime(toTime) ? "shift_end_not_after_start" : null;

export function descriptionRule(description: string | undefined): ShiftFormRule | null {
  return (description?.trim().length ?? 0) > shiftLimits.descriptionMaxLength
    ? "shift_description_too_long"
    : null;
}

export interface ShiftFormInput {
  date: string;
  /** `HH:MM` */
  fromTime: string;
  toTime: string;
  description?: string | undefined;
  deptId?: string | undefined;
}

export interface ShiftFormContext {
  /** today's Oslo date (`osloDate(now)`) */
  today: OsloDate;
  /** the person leads several departments and must name one */
  deptRequired: boolean;
}

/** The first rule `input` breaks, in the dialog's order, or null. */
export function shiftFormError(input: ShiftFormInput, context: ShiftFormContext): ShiftFormRule | null {
  return (
    deptRule(input.deptId, context.deptRequired) ??
    dateRule(input.date, context.today) ??
    timesRule(input.fromTime, input.toTime) ??
    descriptionRule(input.description)
  );
}

/** A stored shift as the form shows it again ('Rediger'): its Oslo date and times. */
export function shiftFormTimes(
  startsAt: Date,
  endsAt: Date,
): Pick<ShiftFormInput, "date" | "fromTime" | "toTime"> {
  return {
    date: osloDate(startsAt),
    fromTime: formatClockTime(osloMinutes(startsAt)),
    toTime: formatClockTime(osloMinutes(endsAt)),
  };
}
