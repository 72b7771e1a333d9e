/**
 * The extra-shift API (spec §2 Extra shifts, §3, §5 Create shift, §7 shift RPCs;
 * decisions.md § Extra shifts). One contract for the server's validation, OpenAPI and
 * the web app's parsing.
 *
 * A shift is entered as an Oslo date and `HH:MM` times on quarter hours (whole hours,
 * the first contract, still accepted) and stored as instants (`domain/oslo-time.ts`). Every shift in a response carries `can`: what the caller may
 * do with it, decided by the server's policies, so buttons never guess.
 */
import { z } from "zod";
import { hasControlCharacters } from "../base/characters.ts";
import { shiftLimits, workLimits } from "../base/limits.ts";
import { parseClockTime } from "../domain/clock-time.ts";
import { isOsloDate } from "../domain/oslo-time.ts";
import { competenceRef, fairnessFigures, workFiguresDto } from "./work.ts";

/** Spec §5: the type of shift is one of these. */
export const shiftTitles = [
  "Ekstravakt anestesi",
  "Nattevakt kirurgi",
  "Helgevakt",
  "Beredskapsvakt",
  "Dagvakt",
  "Kveldsvakt",
  "Nattevakt",
] as const;

/** Spec §5: the place is one of these. */
export const shiftLocations = [
  "Operasjon 1",
  "Operasjon 2",
  "Operasjon 3",
  "Intensiv",
  "Akuttmottak",
  "Post 1",
  "Post 2",
  "Post 3",
  "Dagkirurgi",
] as const;

export const shiftStatuses = ["draft", "open", "assigned", "closed"] as const;
export type ShiftStatus = (typeof shiftStatuses)[number];

export const assignmentMethods = ["auto", "swap", "manual"] as const;

/**
 * The list screen's tabs: 'Åpne', 'Venter svar' (open, I am interested), 'Mine tildelte',
 * 'Utkast'; and the admin page's 'Tildelt' (`filled`: the department's assigned shifts,
 * for its leaders).
 */
export const shiftViews = ["open", "waiting", "assigned", "drafts", "filled"] as const;
export type ShiftView = (typeof shiftViews)[number];

const instant = z.iso.datetime({ offset: true });
const hour = z.number().int().min(0).max(23);
/** `HH:MM`, 24-hour, on a quarter hour: "07:30" */
const clockTime = z
  .string()
  .refine((v) => parseClockTime(v) !== null, "Klokkeslett som TT:MM i hele kvarter, f.eks. 07:30");

export const shiftParams = z.object({ shiftId: z.uuid() });

/**
 * 'Ny ekstravakt' and 'Rediger'. The shape only; the rules people meet in the form
 * ('Dato må velges', 'Sluttid må være etter starttid', past dates, 'Avdeling må velges')
 * answer 422 with their own codes.
 *
 * Each end is `fromTime`/`toTime` ("07:30"), or the older whole `fromHour`/`toHour`
 * (7), which clients written before quarter hours still send (decisions.md § Shift
 * times); given both, the time wins.
 */
const shiftFields = z.object({
  /** Oslo calendar date, YYYY-MM-DD */
  date: z.string().refine(isOsloDate, "Ugyldig dato"),
  fromTime: clockTime.optional(),
  /** earlier than fromTime: the next day */
  toTime: clockTime.optional(),
  /** @deprecated whole hours: use fromTime */
  fromHour: hour.optional(),
  /** @deprecated whole hours: use toTime */
  toHour: hour.optional(),
  title: z.enum(shiftTitles),
  location: z.enum(shiftLocations),
  description: z
    .string()
    .trim()
    .max(shiftLimits.descriptionMaxLength)
    .refine((v) => !v.includes("\u0000"), "Ugyldige tegn")
    .optional(),
  /** the department, needed when the person leads several; default: the current one */
  deptId: z.uuid().optional(),
  /** create it even though an identical draft or open shift exists ('Opprett likevel') */
  allowDuplicate: z.boolean().optional(),
  /** 'Krever kompetanse': ids of the department's competences (issue 28); none by default */
  requires: z.array(z.uuid()).max(workLimits.competencesPerShift).optional(),
});

type ShiftTimeFields = Pick<z.infer<typeof shiftFields>, "fromTime" | "toTime" | "fromHour" | "toHour">;

/** Both ends must be given, each as a time or an hour. */
function requireBothEnds(v: ShiftTimeFields, ctx: z.RefinementCtx) {
  if (v.fromTime === undefined && v.fromHour === undefined)
    ctx.addIssue({ code: "custom", message: "Starttid må oppgis", path: ["fromTime"] });
  if (v.toTime === undefined && v.toHour === undefined)
    ctx.addIssue({ code: "custom", message: "Sluttid må oppgis", path: ["toTime"] });
}

export const shiftInput = shiftFields.superRefine(requireBothEnds);
export type ShiftInput = z.infer<typeof shiftInput>;

/** 'Rediger' on a draft: the same fields; a draft stays in its department. */
export const shiftEditInput = shiftFields
  .omit({ deptId: true, allowDuplicate: true })
  .superRefine(requireBothEnds);
export type ShiftEditInput = z.infer<typeof shiftEditInput>;

/** The form's times in minutes after midnight (07:30 → 450), whichever way they were given. */
export function shiftInputMinutes(input: ShiftTimeFields): { from: number; to: number } {
  const of = (time: string | undefined, wholeHour: number | undefined) =>
    time !== undefined ? parseClockTime(time)! : wholeHour! * 60;
  return { from: of(input.fromTime, input.fromHour), to: of(input.toTime, input.toHour) };
}

export const shiftListQuery = z.object({ view: z.enum(shiftViews) });

/** A person as lists show them: name and initials, avatar when there is one. */
export const personRef = z.object({
  /** for a deleted account ('Slettet bruker'): an id that is nobody's */
  userId: z.uuid(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
});
export type PersonRef = z.infer<typeof personRef>;

export const shiftAbilities = z.object({
  edit: z.boolean(),
  publish: z.boolean(),
  delete: z.boolean(),
  close: z.boolean(),
  assign: z.boolean(),
  interest: z.boolean(),
  viewOutcome: z.boolean(),
});
export type ShiftAbilities = z.infer<typeof shiftAbilities>;

export const shiftDto = z.object({
  id: z.uuid(),
  deptId: z.uuid(),
  deptName: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  location: z.string(),
  startsAt: instant,
  endsAt: instant,
  status: z.enum(shiftStatuses),
  createdAt: instant,
  publishedAt: instant.nullable(),
  interestCount: z.number().int().nonnegative(),
  /** the first five who registered interest (spec §2: up to 5 avatars plus '+n') */
  interested: z.array(personRef),
  isInterested: z.boolean(),
  /** 'Krever kompetanse': what a candidate must hold (issue 28) */
  requires: z.array(competenceRef),
  assignment: z
    .object({
      person: personRef,
      assignedAt: instant,
      method: z.enum(assignmentMethods),
    })
    .nullable(),
  can: shiftAbilities,
});
export type ShiftDto = z.infer<typeof shiftDto>;

export const shiftList = z.object({ shifts: z.array(shiftDto) });
export type ShiftList = z.infer<typeof shiftList>;

/**
 * The tab counts of my current department, and the admin page's counters: open shifts,
 * the sum of their interest counts, drafts (null for those who may not see drafts).
 */
export const shiftCounts = z.object({
  open: z.number().int().nonnegative(),
  waiting: z.number().int().nonnegative(),
  assigned: z.number().int().nonnegative(),
  drafts: z.number().int().nonnegative().nullable(),
  /** the admin page's 'Tildelt'; null, like drafts, for those who may not see it (optional: older servers) */
  filled: z.number().int().nonnegative().nullable().optional(),
  interested: z.number().int().nonnegative(),
});
export type ShiftCounts = z.infer<typeof shiftCounts>;

/** 'Jeg er interessert' and its withdrawal. */
export const interestResponse = z.object({
  shiftId: z.uuid(),
  interested: z.boolean(),
  interestCount: z.number().int().nonnegative(),
});

/** One candidate of an allocation, in rank order (ineligible ones last, rank null). */
export const outcomeCandidate = z.object({
  /** the person's user id; for a deleted account ('Slettet bruker') an id that is nobody's */
  candidateId: z.uuid(),
  name: z.string(),
  rank: z.number().int().positive().nullable(),
  winner: z.boolean(),
  fairnessValue: z.number().int().nonnegative(),
});

/** Spec §3 'Assignment outcome': what a candidate or a leader sees after the run. */
export const assignmentOutcome = z.object({
  shiftId: z.uuid(),
  title: z.string(),
  startsAt: instant,
  endsAt: instant,
  yourId: z.uuid(),
  winnerId: z.uuid().nullable(),
  winnerName: z.string().nullable(),
  /** null when I was no (eligible) candidate */
  yourRank: z.number().int().positive().nullable(),
  totalCandidates: z.number().int().nonnegative(),
  yourFairnessValue: z.number().int().nonnegative().nullable(),
  explanation: z.string(),
  candidates: z.array(outcomeCandidate),
  assignedAt: instant,
  method: z.enum(assignmentMethods),
});
export type AssignmentOutcome = z.infer<typeof assignmentOutcome>;

/** 'Se full audit': every candidate of the run, the ineligible with their reason. */
export const auditRow = z.object({
  /** as in `outcomeCandidate` */
  candidateId: z.uuid(),
  name: z.string(),
  fairnessValue: z.number().int().nonnegative(),
  /** the full UUID; shown as its first 8 characters */
  tieBreakUuid: z.uuid(),
  rank: z.number().int().positive().nullable(),
  winner: z.boolean(),
  /** Norwegian, e.g. 'Mindre enn 11 timer hvile etter vakt …'; null when eligible */
  ineligibleReason: z.string().nullable(),
  /**
   * What the shift would have meant for them (issue 28): hours in 24, overtime per window,
   * their 'Stillingsprosent'; null in runs from before the working-time rules
   */
  figures: workFiguresDto.extend({ positionPercent: z.number().int() }).nullable(),
});
export const assignmentAudit = z.object({
  shiftId: z.uuid(),
  runAt: instant,
  minRestHours: z.number().int(),
  /** 'Deltid først' held in this run (false in runs from before it existed) */
  partTimeFirst: z.boolean(),
  rows: z.array(auditRow),
});
export type AssignmentAudit = z.infer<typeof assignmentAudit>;

/** 'Tildel automatisk': the winner, and whether it had been decided before ('Allerede tildelt'). */
/**
 * What 'Tildel automatisk' would decide on, asked before it runs: everyone interested
 * now, whether each could be given the shift (an active member without an overlapping
 * shift or too short a rest), and the rule in a sentence. Nothing is drawn or written.
 */
export const assignmentPreview = z.object({
  shiftId: z.uuid(),
  candidates: z.array(
    z.object({
      userId: z.uuid(),
      name: z.string(),
      fairnessValue: z.number().int().nonnegative(),
      eligible: z.boolean(),
      /** Norwegian, as the audit words it; null when eligible */
      reason: z.string().nullable(),
    }),
  ),
  interested: z.number().int().nonnegative(),
  eligible: z.number().int().nonnegative(),
  rule: z.string(),
});
export type AssignmentPreview = z.infer<typeof assignmentPreview>;

export const assignResponse = z.object({
  shiftId: z.uuid(),
  alreadyAssigned: z.boolean(),
  winner: personRef.nullable(),
});

/**
 * The admin page's fairness picture: extra shifts per person in the last 90 days, and the
 * nights, weekends and public holidays they worked over 90 days and this year (issue 28).
 */
export const fairnessOverview = z.object({
  deptId: z.uuid(),
  windowDays: z.number().int().positive(),
  people: z.array(personRef.merge(fairnessFigures)),
});
export type FairnessOverview = z.infer<typeof fairnessOverview>;

/** My calendar feed: its secret address, or null before I subscribe. */
export const calendarFeed = z.object({ url: z.string().nullable() });

export const calendarTokenParams = z.object({
  token: z
    .string()
    .max(200)
    .refine((v) => !hasControlCharacters(v), "Ugyldige tegn"),
});
