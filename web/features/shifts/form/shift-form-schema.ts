/**
 * The dialog's form: the shared rules of `common/domain/shift-form.ts` (the server's
 * own, with its messages) plus what only a form can leave empty or type loosely: type
 * and place, the date as dd.mm.åååå and the times as typed ("730"); 'Krever kompetanse'
 * as the ids ticked. Every field at fault gets its own message.
 */
import { z } from "zod";
import { workLimits } from "../../../../common/base/limits.ts";
import { normalizeClockTime } from "../../../../common/domain/clock-time.ts";
import { parseNorwegianDate } from "../../../../common/domain/norwegian-date.ts";
import {
  dateRule,
  deptRule,
  descriptionRule,
  fromTimeRule,
  type ShiftFormContext,
  type ShiftFormRule,
  shiftFormRuleField,
  spanRule,
  toTimeRule,
} from "../../../../common/domain/shift-form.ts";
import { type ShiftInput, shiftLocations, shiftTitles } from "../../../../common/schemas/shifts.ts";
import { errorMessages, ui } from "../../../../common/texts/index.ts";

const t = ui.shifts.form;

/** What the fields hold: text as typed or chosen. */
export interface ShiftFormFields {
  deptId: string;
  /** dd.mm.åååå */
  date: string;
  /** HH:MM */
  fromTime: string;
  toTime: string;
  title: string;
  location: string;
  description: string;
  /** 'Krever kompetanse': the ids ticked */
  requires: string[];
}

const isTitle = (v: string): v is ShiftInput["title"] => (shiftTitles as readonly string[]).includes(v);
const isLocation = (v: string): v is ShiftInput["location"] =>
  (shiftLocations as readonly string[]).includes(v);

/** The date field's rule: empty asks for a date, text that is no date asks for dd.mm.åååå. */
function typedDateRule(typed: string, today: string): { date: string; rule: ShiftFormRule | null } {
  if (typed.trim() === "") return { date: "", rule: "shift_date_required" };
  const date = parseNorwegianDate(typed);
  if (!date) return { date: "", rule: "shift_date_invalid" };
  return { date, rule: dateRule(date, today) };
}

export function shiftFormSchema(context: ShiftFormContext) {
  return z
    .object({
      deptId: z.string(),
      date: z.string(),
      fromTime: z.string(),
      toTime: z.string(),
      title: z.string(),
      location: z.string(),
      description: z.string(),
      requires: z.array(z.string()),
    })
    .transform((v, ctx): ShiftInput => {
      let ok = true;
      const issue = (field: keyof ShiftFormFields, message: string) => {
        ok = false;
        ctx.addIssue({ code: "custom", message, path: [field] });
      };
      const rule = (broken: ShiftFormRule | null) => {
        if (broken) issue(shiftFormRuleField[broken], errorMessages[broken]);
      };
      rule(deptRule(v.deptId || undefined, context.deptRequired));
      const date = typedDateRule(v.date, context.today);
      rule(date.rule);
      const fromTime = normalizeClockTime(v.fromTime) ?? v.fromTime;
      const toTime = normalizeClockTime(v.toTime) ?? v.toTime;
      // Each time on its own field; both right, then whether they make a shift.
      const timeBroken = [fromTimeRule(fromTime), toTimeRule(toTime)].filter((r) => r !== null);
      for (const broken of timeBroken) rule(broken);
      if (timeBroken.length === 0) rule(spanRule(fromTime, toTime));
      const { title, location } = v;
      if (!isTitle(title)) issue("title", t.titleRequired);
      if (!isLocation(location)) issue("location", t.locationRequired);
      rule(descriptionRule(v.description));
      if (v.requires.length > workLimits.competencesPerShift) issue("requires", ui.work.requires.tooMany);
      if (!ok || !isTitle(title) || !isLocation(location)) return z.NEVER;
      return {
        date: date.date,
        fromTime,
        toTime,
        title,
        location,
        // Always sent, also empty: an edit that clears the description must say so.
        description: v.description.trim(),
        // Always sent, also empty: an edit that drops every requirement must say so.
        requires: v.requires,
        ...(v.deptId && { deptId: v.deptId }),
      };
    });
}
