/**
 * What the working-time rules (common/domain/working-time.ts, issue 28) decide on, read
 * from the database: a department's limits and 'Deltid først', what shifts require, and
 * each person's situation (their shifts, their contract and competences in the
 * department), one statement for many people. The assignment's hot read gathers the
 * same in its own statement (server/features/shifts/allocation.ts) with `extraHeld` from here.
 */
import { eq, inArray, type SQL, sql } from "drizzle-orm";
import type { SwapParty } from "../../common/domain/swap-match.ts";
import type { Interval } from "../../common/domain/working-time.ts";
import {
  type Contract,
  fullTimeContract,
  type WorkLimits,
  type WorkVerdict,
  workHorizon,
} from "../../common/domain/working-time.ts";
import type { CompetenceRef } from "../../common/schemas/work.ts";
import { ui } from "../../common/texts/ui.ts";
import type { Db, Tx } from "../db/client.ts";
import {
  competences,
  departments,
  shiftAssignments,
  shiftCompetences,
  shifts,
  staff,
  staffCompetences,
  swapDeals,
} from "../db/schema.ts";

/**
 * Whether a held shift counts toward overtime (`extra`), over the alias `a` (its
 * assignment, which carries the shift's kind as `counts_for_fairness`): an extra shift,
 * or a roster shift taken in a give-away (an approved claim of it by its holder,
 * nothing given back). A roster shift received in an exchange replaced one given, so it
 * is not additional. Asked only of swapped assignments, through the proposer's deals
 * (swap_deals_proposer_status_idx).
 */
export const extraHeld: SQL = sql`(a.counts_for_fairness or (a.method = 'swap' and exists (
  select 1 from ${swapDeals} d where d.proposer_id = a.user_id and d.status = 'approved'
    and d.owner_assignment_id = a.id and d.proposer_assignment_id is null)))`;

/** A department's limits and whether part-timers go first. */
export interface DeptWorkRules {
  limits: WorkLimits;
  partTimeFirst: boolean;
}

export async function deptWorkRules(db: Db | Tx, deptId: string): Promise<DeptWorkRules> {
  const [row] = await db
    .select({
      maxHoursPerDay: departments.maxHoursPerDay,
      maxOvertimeWeek: departments.maxOvertimeWeek,
      maxOvertime4Weeks: departments.maxOvertime4Weeks,
      maxOvertimeYear: departments.maxOvertimeYear,
      partTimeFirst: departments.partTimeFirst,
    })
    .from(departments)
    .where(eq(departments.id, deptId));
  if (!row) throw new Error("the shift's department is gone");
  const { partTimeFirst, ...limits } = row;
  return { limits, partTimeFirst };
}

/** What each of `shiftIds` requires, by name; a shift requiring nothing maps to []. */
export async function requiresOf(
  db: Db | Tx,
  shiftIds: readonly string[],
): Promise<Map<string, CompetenceRef[]>> {
  const byShift = new Map<string, CompetenceRef[]>(shiftIds.map((id) => [id, []]));
  if (shiftIds.length === 0) return byShift;
  const rows = await db
    .select({ shiftId: shiftCompetences.shiftId, id: competences.id, name: competences.name })
    .from(shiftCompetences)
    .innerJoin(competences, eq(competences.id, shiftCompetences.competenceId))
    .where(inArray(shiftCompetences.shiftId, [...shiftIds]))
    .orderBy(competences.name);
  for (const { shiftId, ...ref } of rows) byShift.get(shiftId)?.push(ref);
  return byShift;
}

/** A contract as the staff record gives it; none (no record here): a full position. */
export const contractOf = (positionPercent: number | null, fullTimeHours: number | null): Contract =>
  positionPercent === null || fullTimeHours === null ? fullTimeContract : { positionPercent, fullTimeHours };

interface SituationRow {
  userId: string;
  positionPercent: number | null;
  fullTimeHours: number | null;
  competences: string[] | null;
  held: { shiftId: string; title: string; startsAt: string; endsAt: string; extra: boolean }[] | null;
}

/**
 * Each person's situation for taking one of `around` (shifts not yet decided on): every
 * shift they hold that reaches into the working-time horizon of any of them, with
 * whether it counts toward overtime, and their contract and competences in `deptId`.
 * One statement whatever the number of people.
 */
export async function workSituations(
  db: Db | Tx,
  userIds: readonly string[],
  deptId: string,
  around: readonly Interval[],
): Promise<Map<string, SwapParty>> {
  const byUser = new Map<string, SwapParty>();
  if (userIds.length === 0 || around.length === 0) return byUser;
  const from = Math.min(...around.map((s) => workHorizon(s).from.getTime()));
  const to = Math.max(...around.map((s) => workHorizon(s).to.getTime()));
  const result = (await db.execute(sql`
    select p.user_id as "userId", m.position_percent as "positionPercent",
      m.full_time_hours::float8 as "fullTimeHours",
      (select json_agg(sc.competence_id) from ${staffCompetences} sc where sc.staff_id = m.id) as competences,
      (select json_agg(json_build_object('shiftId', s.id, 'title', s.title, 'startsAt', a.starts_at,
          'endsAt', a.ends_at, 'extra', ${extraHeld}))
        from ${shiftAssignments} a join ${shifts} s on s.id = a.shift_id
        where a.user_id = p.user_id and a.ends_at > ${new Date(from).toISOString()}::timestamptz
          and a.starts_at < ${new Date(to).toISOString()}::timestamptz) as held
    from (select distinct value::uuid as user_id from json_array_elements_text(${JSON.stringify(userIds)}::json)) p
    left join ${staff} m on m.user_id = p.user_id and m.dept_id = ${deptId}`)) as unknown as {
    rows: SituationRow[];
  };
  for (const row of result.rows)
    byUser.set(row.userId, {
      contract: contractOf(row.positionPercent, row.fullTimeHours),
      competences: new Set(row.competences ?? []),
      held: (row.held ?? []).map((h) => ({
        ...h,
        startsAt: new Date(h.startsAt),
        endsAt: new Date(h.endsAt),
      })),
    });
  return byUser;
}

/** A verdict in Norwegian, as the check before interest and the refusals show it. */
export function verdictTexts(verdict: WorkVerdict, minRestHours: number) {
  return {
    refusals: verdict.refusals.map((r) => ui.shifts.ineligible(r, minRestHours)),
    warnings: verdict.warnings.map((w) => ui.shifts.shortRest(w)),
  };
}
