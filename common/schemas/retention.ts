/**
 * Retention ('Oppbevaring', issue 30): a department's rules as the admin page reads and
 * writes them, every scope named; null is 'Behold alt', a number the days kept.
 */
import { z } from "zod";
import {
  type RetentionScope,
  retentionDaysMax,
  retentionDaysMin,
  retentionScopes,
} from "../domain/retention.ts";

export const retentionParams = z.object({ deptId: z.uuid() });

const daysMessage = `Antall dager må være et helt tall fra ${retentionDaysMin} til ${retentionDaysMax}.`;
const days = z
  .number(daysMessage)
  .int(daysMessage)
  .min(retentionDaysMin, daysMessage)
  .max(retentionDaysMax, daysMessage);

const shape = Object.fromEntries(retentionScopes.map((scope) => [scope, days.nullable()])) as Record<
  RetentionScope,
  z.ZodNullable<typeof days>
>;

/** 'Lagre' under 'Oppbevaring': all five, so a save says what the whole rule set is. */
export const retentionRulesInput = z.object(shape);
export type RetentionRulesInput = z.infer<typeof retentionRulesInput>;

export const retentionRulesDto = z.object({ deptId: z.uuid(), rules: retentionRulesInput });
export type RetentionRulesDto = z.infer<typeof retentionRulesDto>;
