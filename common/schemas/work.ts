/**
 * Working time and competence (issue 28): a department's limits and 'Deltid først', its
 * competences, a staff member's contract and competences, what the rules say before a
 * staff member registers interest, and the fairness figures everyone can see.
 *
 * Request schemas bound what arrives (the law's outer bounds: working-time.ts); a name
 * already taken answers 409.
 */
import { z } from "zod";
import { hasControlCharacters } from "../base/characters.ts";
import { workLimits } from "../base/limits.ts";
import { outerWorkLimits } from "../domain/working-time.ts";

export const workDeptParams = z.object({ deptId: z.uuid() });
export const competenceParams = z.object({ deptId: z.uuid(), competenceId: z.uuid() });
export const staffWorkParams = z.object({ deptId: z.uuid(), userId: z.uuid() });

const hours = (max: number, min = 0) => z.number().int().min(min).max(max);

/** The limits an agreement sets: whole hours within the law's outer bounds. */
export const workLimitsDto = z.object({
  maxHoursPerDay: hours(outerWorkLimits.maxHoursPerDay, 1),
  maxOvertimeWeek: hours(outerWorkLimits.maxOvertimeWeek),
  maxOvertime4Weeks: hours(outerWorkLimits.maxOvertime4Weeks),
  maxOvertimeYear: hours(outerWorkLimits.maxOvertimeYear),
});
export type WorkLimitsDto = z.infer<typeof workLimitsDto>;

/** 'Arbeidstidsregler' on the admin page: what a leader may change. */
export const workRulesInput = workLimitsDto.extend({ partTimeFirst: z.boolean() });
export type WorkRulesInput = z.infer<typeof workRulesInput>;

/** The department's rules as the admin page shows them, with the law's for comparison. */
export const workRulesDto = workRulesInput.extend({
  deptId: z.uuid(),
  /** the rest rule (MIN_REST_HOURS), the same for the whole installation */
  minRestHours: z.number().int().positive(),
  law: workLimitsDto,
  outer: workLimitsDto,
});
export type WorkRulesDto = z.infer<typeof workRulesDto>;

/** 'Ny kompetanse' and renaming one (the name rules answer 422 and 409). */
export const competenceInput = z.object({
  name: z
    .string()
    .max(500)
    .refine((v) => !hasControlCharacters(v), "Ugyldige tegn"),
});
export type CompetenceInput = z.infer<typeof competenceInput>;

/** A competence as shifts and people carry it. */
export const competenceRef = z.object({ id: z.uuid(), name: z.string() });
export type CompetenceRef = z.infer<typeof competenceRef>;

/** A competence in the department's list, with how many active staff hold it. */
export const competenceDto = competenceRef.extend({ holders: z.number().int().nonnegative() });
export type CompetenceDto = z.infer<typeof competenceDto>;
export const competenceList = z.object({ competences: z.array(competenceDto) });
export type CompetenceList = z.infer<typeof competenceList>;

/** A staff member's contract and competences in one department ('Rediger bruker'). */
export const staffWorkInput = z.object({
  positionPercent: z.number().int().min(1).max(100),
  fullTimeHours: z
    .number()
    .min(workLimits.fullTimeHoursMin)
    .max(workLimits.fullTimeHoursMax)
    .refine((v) => Number.isInteger(v * 10), "Én desimal"),
  competenceIds: z.array(z.uuid()).max(workLimits.competencesPerDepartment),
});
export type StaffWorkInput = z.infer<typeof staffWorkInput>;
export const staffWorkDto = staffWorkInput.extend({ deptId: z.uuid(), userId: z.uuid() });
export type StaffWorkDto = z.infer<typeof staffWorkDto>;

/** What taking a shift would mean (the largest over the windows that overlap it), in hours. */
export const workFiguresDto = z.object({
  dayHours: z.number().nonnegative(),
  overtimeWeek: z.number().nonnegative(),
  overtime4Weeks: z.number().nonnegative(),
  overtimeYear: z.number().nonnegative(),
});
export type WorkFiguresDto = z.infer<typeof workFiguresDto>;

/**
 * Before 'Jeg er interessert': whether the rules let me take the shift, each refusal
 * and warning in Norwegian ('Overtid 26 t siste 4 uker (grense 25 t)'), and the figures.
 */
export const takeCheckDto = z.object({
  shiftId: z.uuid(),
  may: z.boolean(),
  refusals: z.array(z.string()),
  warnings: z.array(z.string()),
  figures: workFiguresDto,
});
export type TakeCheckDto = z.infer<typeof takeCheckDto>;

/** Nights, weekends and public holidays worked (extra shifts and swapped roster shifts). */
export const unsocialCounts = z.object({
  nights: z.number().int().nonnegative(),
  weekends: z.number().int().nonnegative(),
  holidays: z.number().int().nonnegative(),
});
export type UnsocialCounts = z.infer<typeof unsocialCounts>;

/** One person's fairness figures: the 90-day count that decides, and the unsocial ones. */
export const fairnessFigures = z.object({
  /** extra shifts in the fairness window (what the assignment ranks by) */
  count: z.number().int().nonnegative(),
  last90Days: unsocialCounts,
  thisYear: unsocialCounts,
});
export type FairnessFigures = z.infer<typeof fairnessFigures>;

/**
 * 'Din plass i køen' on 'Mine vakter': my figures, my place among the department's
 * active staff by the rule (1 = next in line; equals share a place), how many there are,
 * whether 'Deltid først' holds and whether I am part-time.
 */
export const myFairness = z.object({
  deptId: z.uuid(),
  windowDays: z.number().int().positive(),
  figures: fairnessFigures,
  place: z.number().int().positive(),
  of: z.number().int().positive(),
  partTimeFirst: z.boolean(),
  partTime: z.boolean(),
});
export type MyFairness = z.infer<typeof myFairness>;
