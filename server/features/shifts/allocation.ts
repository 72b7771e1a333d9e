/**
 * 'Tildel automatisk' (spec §9, decisions.md § Fair assignment, Eligibility, Rest between
 * shifts). One transaction holds the shift's row for update from the first read to the
 * last write: a second request, however close behind, waits and then finds the shift
 * assigned and returns the earlier result instead of drawing again. The unique shift
 * ids of assignments and runs hold the same line should anything else race.
 *
 * The rules are `rankCandidates` (common/domain/fairness.ts); this gathers what they
 * decide on in one statement (the candidates, their 90-day counts, their shifts near this
 * one) and writes the outcome in one more (the assignment, the run, the shift's status,
 * the audit row and the notices to queue): five round trips with BEGIN, the lock and
 * COMMIT, each of which costs a wake-up of the database process (bench/allocation).
 */
import { eq, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  type AllocationSnapshot,
  type BusyShift,
  type Candidate,
  type RankedCandidate,
  type Ranking,
  rankCandidates,
} from "../../../common/domain/fairness.ts";
import type { assignResponse, PersonRef } from "../../../common/schemas/shifts.ts";
import { ui } from "../../../common/texts/ui.ts";
import type { Config } from "../../config.ts";
import type { Db, Tx } from "../../db/client.ts";
import { uuidArray } from "../../db/id-list.ts";
import { namedStatement } from "../../db/prepared.ts";
import {
  profiles,
  shiftAllocationRuns,
  shiftAssignments,
  shiftInterests,
  shifts,
  staff,
} from "../../db/schema.ts";
import { auditInsert } from "../../platform/audit.ts";
import { avatarUrlSql } from "../../platform/avatars.ts";
import type { RandomSource } from "../../platform/clock.ts";
import { conflict } from "../../platform/errors.ts";
import { personOf } from "../../platform/people.ts";
import { withTx } from "../../platform/tx.ts";
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

/**
 * Everyone interested, in the order they came (the draws follow it, so a test's injected
 * draws are predictable), each with whether they are still an active member of the
 * department, their 90-day count and their shifts near this one: one row per person.
 * Prepared once (its planning cost more than a millisecond per assignment).
 *
 * Busy: their shifts that end or start within the rest time of this one (or overlap it).
 * [start − rest, end + rest) overlapping a shift's [starts_at, ends_at): it starts before
 * the window ends and ends after it starts. Asked as a span overlap, the expression of
 * shifts_span_idx, so the few shifts near this one are found among years of past ones
 * before their holders are (a candidate may hold thousands).
 */
const interestedRead = namedStatement<{
  userId: string;
  active: boolean;
  fairnessValue: number;
  busy: { title: string; startsAt: string; endsAt: string }[] | null;
}>("shift_interested_for_assignment", (db) => {
  const candidates = sql`(select user_id from interested where active)`;
  const recent = countsSince(db, sql`${sql.placeholder("since")}::timestamptz`, candidates);
  return sql`
    with interested as (
      select i.user_id, i.created_at, exists (select 1 from ${staff} m where m.user_id = i.user_id
        and m.dept_id = ${sql.placeholder("deptId")} and m.is_active) as active
      from ${shiftInterests} i where i.shift_id = ${sql.placeholder("shiftId")}
    ), busy as (
      select a.user_id, json_agg(json_build_object('title', s.title, 'startsAt', s.starts_at,
        'endsAt', s.ends_at)) as shifts
      from ${shifts} s join ${shiftAssignments} a on a.shift_id = s.id
      where tstzrange(s.starts_at, s.ends_at)
          && tstzrange(${sql.placeholder("from")}::timestamptz, ${sql.placeholder("to")}::timestamptz)
        and s.id <> ${sql.placeholder("shiftId")} and a.user_id in ${candidates}
      group by a.user_id
    )
    select i.user_id as "userId", i.active, coalesce(recent.count, 0) as "fairnessValue", b.shifts as busy
    from interested i
    left join ${recent} on recent.user_id = i.user_id
    left join busy b on b.user_id = i.user_id
    order by i.created_at, i.user_id`;
});

export async function interestedIn(
  tx: Db | Tx,
  shift: ShiftRow,
  now: Date,
  minRestHours: number,
): Promise<Interested[]> {
  const rest = minRestHours * hourMs;
  const rows = await interestedRead(tx, {
    shiftId: shift.id,
    deptId: shift.deptId,
    since: fairnessWindowStart(now).toISOString(),
    from: new Date(shift.startsAt.getTime() - rest).toISOString(),
    to: new Date(shift.endsAt.getTime() + rest).toISOString(),
  });
  return rows.map((row) => ({
    ...row,
    busy: (row.busy ?? []).map(
      (b): BusyShift => ({ title: b.title, startsAt: new Date(b.startsAt), endsAt: new Date(b.endsAt) }),
    ),
  }));
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
  run: { shiftId: string; deptId: string; actorId: string; now: Date; minRestHours: number },
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
  const result = (await tx.execute(sql`
    with assignment as (
      insert into ${shiftAssignments} (shift_id, user_id, assigned_at, method)
      values (${shiftId}, ${winner.userId}, ${now}::timestamptz, 'auto')
      returning id, user_id
    ), run as (
      insert into ${shiftAllocationRuns} (shift_id, winner_user_id, snapshot, min_rest_hours, created_by,
        created_at, candidate_ids, candidate_fairness, candidate_tie_breaks, candidate_ranks, candidate_ineligible)
      values (${shiftId}, ${winner.userId}, ${JSON.stringify(snapshot)}::jsonb, ${minRestHours}, ${run.actorId},
        ${now}::timestamptz, ${uuidArray(candidates.map((c) => c.userId))}, ${column((c) => c.fairnessValue)}::int[],
        ${uuidArray(candidates.map((c) => c.tieBreak))}, ${column((c) => c.rank)}::int[],
        ${column((c) => (c.ineligible ? ui.shifts.ineligible(c.ineligible, minRestHours) : null))}::text[])
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

    const interested = await interestedIn(tx, shift, now, minRestHours);
    if (interested.length === 0) throw conflict("shift_no_interest");
    // Every candidate gets a fresh tie-break id from the injected random source.
    const candidates = interested
      .filter((i) => i.active)
      .map(({ active: _, ...c }): Candidate => ({ ...c, tieBreak: deps.random.uuid() }));
    const ranking = rankCandidates(shift, candidates, minRestHours);
    const { winner, snapshot } = ranking;
    if (!winner || !snapshot) throw conflict("shift_no_candidates");

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
      { shiftId, deptId: shift.deptId, actorId, now, minRestHours },
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
