/**
 * The dialog's form: the shared rules of `common/domain/shift-form.ts` (the server's
 * own, with its messages) plus the two choices only a form can leave empty, type and
 * place. Every field at fault is marked; the alert shows the first in the form's order.
 */
import { z } from "zod";
import {
  dateRule,
  deptRule,
  descriptionRule,
  hoursRule,
  type ShiftFormContext,
  type ShiftFormRule,
  shiftFormRuleField,
} from "../../../../common/domain/shift-form.ts";
import { type ShiftInput, shiftLocations, shiftTitles } from "../../../../common/schemas/shifts.ts";
import { errorMessages, ui } from "../../../../common/texts/index.ts";

const t = ui.shifts.form;

/** What the fields hold: the selects give strings. */
export interface ShiftFormFields {
  deptId: string;
  date: string;
  fromHour: string;
  toHour: string;
  title: string;
  location: string;
  description: string;
}

const isTitle = (v: string): v is ShiftInput["title"] => (shiftTitles as readonly string[]).includes(v);
const isLocation = (v: string): v is ShiftInput["location"] =>
  (shiftLocations as readonly string[]).includes(v);

export function shiftFormSchema(context: ShiftFormContext) {
  return z
    .object({
      deptId: z.string(),
      date: z.string(),
      fromHour: z.string(),
      toHour: z.string(),
      title: z.string(),
      location: z.string(),
      description: z.string(),
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
      const fromHour = Number(v.fromHour);
      const toHour = Number(v.toHour);
      rule(deptRule(v.deptId || undefined, context.deptRequired));
      rule(dateRule(v.date, context.today));
      rule(hoursRule(fromHour, toHour));
      const { title, location } = v;
      if (!isTitle(title)) issue("title", t.titleRequired);
      if (!isLocation(location)) issue("location", t.locationRequired);
      rule(descriptionRule(v.description));
      if (!ok || !isTitle(title) || !isLocation(location)) return z.NEVER;
      return {
        date: v.date,
        fromHour,
        toHour,
        title,
        location,
        // Always sent, also empty: an edit that clears the description must say so.
        description: v.description.trim(),
        ...(v.deptId && { deptId: v.deptId }),
      };
    });
}
