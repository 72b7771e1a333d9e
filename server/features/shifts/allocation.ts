/**
 * 'Tildel automatisk' (spec §9, decisions.md § Fair assignment, Eligibility, Rest between
 * shifts). One transaction holds the shift's row for update from the first read to the
 * last write: a second request, however close behind, waits and then finds the shift
 * assigned and returns the earlier result instead of drawing again. The unique shift
 * ids of assignments and runs hold the same line should anything else race.
 *
 * The rules are `rankCandidates` (common/domain/fairness.ts, with the working-time rules
 * and 'Deltid først'); this gathers what they decide on in one statement (the candidates,
 * their 90-day counts, contracts, competences and the shifts the rules look at, the
 * department's limits, what the shift requires) and writes the outcome in one more (the assignment, the run, the shift's status,
 * the audit row and the notices to queue): five round trips with BEGIN, the lock and
 * COMMIT, each of which costs a wake-up of the database process (bench/allocation).
 */
import { eq, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  type AllocationSnapshot,
  type Candidate,
  type RankedCandidate,
  type Ranking,
  rankCandidates,
} from "../../../common/domain/fairness.ts";
import {
  lawWorkLimits,
  type ShiftToTake,
  type WorkShift,
  workHorizon,
} from "../../../common/domain/working-time.ts";
import type { assignResponse, PersonRef } from "../../../common/schemas/shifts.ts";
import type { CompetenceRef } from "../../../common/schemas/work.ts";
import { ui } from "../../../common/texts/ui.ts";
import type { Config } from "../../config.ts";
import type { Db, Tx } from "../../db/client.ts";
import { uuidArray } from "../../db/id-list.ts";
import { namedStatement } from "../../db/prepared.ts";
import {
  competences,
  departments,
  profiles,
  shiftAllocationRuns,
  shiftAssignments,
  shiftCompetences,
  shiftInterests,
  shifts,
  staff,
  staffCompetences,
} from "../../db/schema.ts";
import { auditInsert } from "../../platform/audit.ts";
import { avatarUrlSql } from "../../platform/avatars.ts";
import type { RandomSource } from "../../platform/clock.ts";
import { conflict } from "../../platform/errors.ts";
import { personOf } from "../../platform/people.ts";
import { withTx } from "../../platform/tx.ts";
import { contractOf, type DeptWorkRules, extraHeld } from "../../platform/work-situation.ts";
import type { ShiftRow } from "./access.ts";
import { announceOpenCount } from "./events.ts";
import { countsSince, fairnessWindowStart } from "./fairness.ts";
import { type LifecycleDeps, lockShift } from "./lifecycle.ts";
import { type Notices, shiftRef } from "./notify.ts";
import { openIn } from "./present.ts";

export interface AllocationDeps extends LifecycleDeps {
  random: RandomSource;
  config: Pick<Config, "minRestHours">;
}

type AssignResponse = z.infer<typeof assignResponse>;

const hourMs = 3_600_000;

/** The holder of an assigned shift, as a person. */
async function holderOf(tx: Tx, shiftId: string): Promise<PersonRef | null> {
  const [row] = await tx
    .select({
      id: shiftAssignments.id,
      userId: shiftAssignments.userId,
      name: profiles.fullName,
      avatarUrl: avatarUrlSql(profiles),
    })
    .from(shiftAssignments)
    .leftJoin(profiles, eq(profiles.userId, shiftAssignments.userId))
    .where(eq(shiftAssignments.shiftId, shiftId));
  return row ? personOf(row.userId, row.name, row.avatarUrl, row.id) : null;
}

/** Someone who registered interest, with what the rules decide on. */
export interface Interested extends Omit<Candidate, "tieBreak"> {
  /** still an active member of the department: only they are candidates */
  active: boolean;
}

/** Everyone interested, the shift as the rules take it, and the department's rules. */
export interface InterestedRead {
  interested: Interested[];
  shift: ShiftToTake;
  rules: DeptWorkRules;
}

interface InterestedRow {
  userId: string;
  active: boolean;
  fairnessValue: number;
  positionPercent: number | null;
  fullTimeHours: number | null;
  competences: string[] | null;
  /** their shifts near this one (overlap, rest, hours in 24) */
  near: { title: string; startsAt: string; endsAt: string; extra: boolean }[] | null;
  /** their other extra shifts in the horizon: "start end start end …", seconds from this one's start */
  distant: string | null;
  rules: DeptWorkRules;
  requires: CompetenceRef[] | null;
}

/**
 * Everyone interested, in the order they came (the draws follow it, so a test's injected
 * draws are predictable), each with whether they are still an active member of the
 * department, their 90-day count, their contract and competences there, and their
 * shifts that the working-time rules look at: one row per person, the department's
 * rules and what the shift requires on each (a few bytes). Prepared once (its planning
 * cost more than a millisecond per assignment).
 *
 * Held shifts: those within the rules' horizon (`workHorizon`, 52 weeks each side), of
 * which only two kinds can matter and are sent: every shift near this one (within
 * max(rest, 24 h): overlap, rest and hours in 24 need its title and times), and the
 * other extra ones, which only the overtime windows reach (`distantExtra`): their times
 * alone, as one string of seconds from this shift's start per person ("s e s e …"), which
 * a split reads faster than JSON and far faster than node-postgres an int[]. Each
 * person's are read by a lateral subquery from `shift_assignments_user_ends_idx`, which
 * carries the shifts' times (migration 0025): asked as a span overlap of shifts, the
 * 52-week horizon held every shift of the hospital in two years, and the assignment
 * took ten times as long; grouped after a join, the 13,000 rows of 500 candidates were
 * sorted first (bench/allocation).
 */
const interestedRead = namedStatement<InterestedRow>("shift_interested_for_assignment", (db) => {
  const candidates = sql`(select user_id from interested where active)`;
  const recent = countsSince(db, sql`${sql.placeholder("since")}::timestamptz`, candidates);
  const at = (name: string) => sql`${sql.placeholder(name)}::timestamptz`;
  return sql`
    with interested as (
      select i.user_id, i.created_at, m.id as staff_id, coalesce(m.is_active, false) as active,
        m.position_percent, m.full_time_hours
      from ${shiftInterests} i
      left join ${staff} m on m.user_id = i.user_id and m.dept_id = ${sql.placeholder("deptId")}
      where i.shift_id = ${sql.placeholder("shiftId")}
    )
    select i.user_id as "userId", i.active, coalesce(recent.count, 0) as "fairnessValue",
      i.position_percent as "positionPercent", i.full_time_hours::float8 as "fullTimeHours",
      (select json_agg(sc.competence_id) from ${staffCompetences} sc where sc.staff_id = i.staff_id) as competences,
      w.near, w.distant,
      (select json_build_object('limits', json_build_object('maxHoursPerDay', d.max_hours_per_day,
          'maxOvertimeWeek', d.max_overtime_week, 'maxOvertime4Weeks', d.max_overtime_4_weeks,
          'maxOvertimeYear', d.max_overtime_year), 'partTimeFirst', d.part_time_first)
        from ${departments} d where d.id = ${sql.placeholder("deptId")}) as rules,
      (select json_agg(json_build_object('id', c.id, 'name', c.name) order by c.name)
        from ${shiftCompetences} sc join ${competences} c on c.id = sc.competence_id
        where sc.shift_id = ${sql.placeholder("shiftId")}) as requires
    from interested i
    left join ${recent} on recent.user_id = i.user_id
    left join lateral (
      select
        -- the title only of the few near ones, each by its key: an aggregate's arguments
        -- are evaluated only for the rows its filter lets through
        json_agg(json_build_object('title', (select title from ${shifts} where id = h.shift_id),
            'startsAt', h.starts_at, 'endsAt', h.ends_at, 'extra', h.extra)) filter (where h.near) as near,
        string_agg(extract(epoch from h.starts_at - ${at("startsAt")})::int || ' '
          || extract(epoch from h.ends_at - ${at("startsAt")})::int, ' ') filter (where not h.near) as distant
      from (
        select a.shift_id, a.starts_at, a.ends_at, ${extraHeld} as extra,
          a.starts_at < ${at("nearTo")} and a.ends_at > ${at("nearFrom")} as near
        from ${shiftAssignments} a
        where i.active and a.user_id = i.user_id and a.ends_at > ${at("from")} and a.starts_at < ${at("to")}
          and a.shift_id <> ${sql.placeholder("shiftId")}
      ) h
      where h.near or h.extra
    ) w on true
    order by i.created_at, i.user_id`;
});

/** The department's rules when nobody is interested (nothing is judged by them then). */
const noRules: DeptWorkRules = { limits: lawWorkLimits, partTimeFirst: false };

export async function interestedIn(
  tx: Db | Tx,
  shift: ShiftRow,
  now: Date,
  minRestHours: number,
): Promise<InterestedRead> {
  const near = Math.max(minRestHours, 24) * hourMs;
  const horizon = workHorizon(shift);
  const start = shift.startsAt.getTime();
  const rows = await interestedRead(tx, {
    shiftId: shift.id,
    deptId: shift.deptId,
    since: fairnessWindowStart(now).toISOString(),
    from: horizon.from.toISOString(),
    to: horizon.to.toISOString(),
    nearFrom: new Date(start - near).toISOString(),
    nearTo: new Date(shift.endsAt.getTime() + near).toISOString(),
    startsAt: shift.startsAt.toISOString(),
  });
  const interested = rows.map((row): Interested => {
    const nearBy = (row.near ?? []).map(
      (b): WorkShift => ({ ...b, startsAt: new Date(b.startsAt), endsAt: new Date(b.endsAt) }),
    );
    const distantExtra = row.distant
      ? row.distant.split(" ").map((seconds) => start + Number(seconds) * 1000)
      : [];
    return {
      userId: row.userId,
      active: row.active,
      fairnessValue: row.fairnessValue,
      work: {
        held: nearBy,
        distantExtra,
        contract: contractOf(row.positionPercent, row.fullTimeHours),
        competences: new Set(row.competences ?? []),
      },
    };
  });
  const [first] = rows;
  return {
    interested,
    shift: { startsAt: shift.startsAt, endsAt: shift.endsAt, extra: true, requires: first?.requires ?? [] },
    rules: first?.rules ?? noRules,
  };
}

/**
 * The assignment, the run with its snapshot and every candidate as the audit shows them,
 * the shift marked assigned, the audit row and the notices (queued: written right after
 * the commit): one statement. The candidates go as one array parameter per column, as
 * PostgreSQL reads them (one parameter per element cost milliseconds to build). Returns
 * the winner as a person, and the department's open shifts once this one is not (the
 * statement still sees it open, so it is left out by id).
 */
async function recordAllocation(
  tx: Tx,
  run: {
    shiftId: string;
    deptId: string;
    actorId: string;
    now: Date;
    minRestHours: number;
    partTimeFirst: boolean;
    positionPercent: (userId: string) => number;
  },
  ranking: Ranking,
  winner: RankedCandidate,
  snapshot: AllocationSnapshot,
  also: { audit: SQL; notices: SQL },
): Promise<{ holder: PersonRef; openCount: number }> {
  const { shiftId, minRestHours } = run;
  const now = run.now.toISOString();
  // The ranking's order is the audit's: by rank, the ineligible last.
  const { candidates } = ranking;
  const column = <T>(value: (c: RankedCandidate) => T) => sql.param(candidates.map(value));
  const figures = candidates.map((c) => ({ ...c.figures, positionPercent: run.positionPercent(c.userId) }));
  const result = (await tx.execute(sql`
    with assignment as (
      insert into ${shiftAssignments} (shift_id, user_id, assigned_at, method)
      values (${shiftId}, ${winner.userId}, ${now}::timestamptz, 'auto')
      returning id, user_id
    ), run as (
      insert into ${shiftAllocationRuns} (shift_id, winner_user_id, snapshot, min_rest_hours, created_by,
        created_at, candidate_ids, candidate_fairness, candidate_tie_breaks, candidate_ranks, candidate_ineligible,
        candidate_figures, part_time_first)
      values (${shiftId}, ${winner.userId}, ${JSON.stringify(snapshot)}::jsonb, ${minRestHours}, ${run.actorId},
        ${now}::timestamptz, ${uuidArray(candidates.map((c) => c.userId))}, ${column((c) => c.fairnessValue)}::int[],
        ${uuidArray(candidates.map((c) => c.tieBreak))}, ${column((c) => c.rank)}::int[],
        ${column((c) => (c.ineligible ? ui.shifts.ineligible(c.ineligible, minRestHours) : null))}::text[],
        ${JSON.stringify(figures)}::jsonb, ${run.partTimeFirst})
    ), assigned as (
      update ${shifts} set status = 'assigned', updated_at = ${now}::timestamptz where id = ${shiftId}
    ), audit as (${also.audit}), notices as (${also.notices})
    select assignment.id, assignment.user_id as "userId", ${profiles.fullName} as name,
      ${avatarUrlSql(profiles)} as "avatarUrl",
      (select count(*)::int from ${shifts} where ${openIn(run.deptId)} and ${shifts.id} <> ${shiftId}) as "openCount"
    from assignment left join ${profiles} on ${profiles.userId} = assignment.user_id`)) as unknown as {
    rows: { id: string; userId: string; name: string | null; avatarUrl: string | null; openCount: number }[];
  };
  const row = result.rows[0]!;
  return { holder: personOf(row.userId, row.name, row.avatarUrl, row.id), openCount: row.openCount };
}

export function assignShift(
  deps: AllocationDeps,
  notices: Notices,
  actorId: string,
  shiftId: string,
): Promise<AssignResponse> {
  const now = deps.clock.now();
  const { minRestHours } = deps.config;
  return withTx(deps, async (tx, events) => {
    const shift = await lockShift(tx, shiftId);
    // Already decided: the earlier result ('Allerede tildelt'), never a second draw. (An
    // open shift has no assignment; should one appear, its unique shift id refuses a second.)
    const earlier = shift.status === "assigned" ? await holderOf(tx, shiftId) : null;
    if (earlier) return { shiftId, alreadyAssigned: true, winner: earlier };
    if (shift.status !== "open") throw conflict("shift_not_open");
    if (shift.startsAt <= now) throw conflict("shift_started");

    const read = await interestedIn(tx, shift, now, minRestHours);
    if (read.interested.length === 0) throw conflict("shift_no_interest");
    // Every candidate gets a fresh tie-break id from the injected random source.
    const candidates = read.interested
      .filter((i) => i.active)
      .map(({ active: _, ...c }): Candidate => ({ ...c, tieBreak: deps.random.uuid() }));
    const { limits, partTimeFirst } = read.rules;
    const ranking = rankCandidates(read.shift, candidates, { limits, minRestHours, partTimeFirst });
    const { winner, snapshot } = ranking;
    if (!winner || !snapshot) throw conflict("shift_no_candidates");

    const contractByUser = new Map(candidates.map((c) => [c.userId, c.work.contract]));
    const others = ranking.candidates.filter((c) => !c.winner).map((c) => c.userId);
    // Both notices go out right after the commit: the winner's and the 499 others'.
    const queued = notices.queue([
      { recipients: [winner.userId], type: "shift_assigned_winner", payload: shiftRef(shift) },
      { recipients: others, type: "shift_assigned_closed", payload: shiftRef(shift) },
    ])!;
    const audit = auditInsert(
      { userId: actorId },
      "shift.assign",
      { type: "shift", id: shiftId },
      { deptId: shift.deptId, winnerId: winner.userId, candidates: ranking.candidates.length },
    );
    const { holder, openCount } = await recordAllocation(
      tx,
      {
        shiftId,
        deptId: shift.deptId,
        actorId,
        now,
        minRestHours,
        partTimeFirst,
        positionPercent: (userId) => contractByUser.get(userId)!.positionPercent,
      },
      ranking,
      winner,
      snapshot,
      { audit, notices: queued.insert },
    );
    queued.committed(events);
    announceOpenCount(events, shift.deptId, shiftId, openCount);
    return { shiftId, alreadyAssigned: false, winner: holder };
  });
}
