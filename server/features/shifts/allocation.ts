/**
 * 'Tildel automatisk' (spec §9, decisions.md § Fair assignment, Eligibility, Rest between
 * shifts). One transaction holds the shift's row for update from the first read to the
 * last write: a second request, however close behind, waits and then finds the shift
 * assigned and returns the earlier result instead of drawing again. The unique shift
 * ids of assignments and runs hold the same line should anything else race.
 *
 * The rules are `rankCandidates` (common/domain/fairness.ts); this gathers what they
 * decide on, in one query each: the candidates, their 90-day counts, their shifts near
 * this one. Every candidate gets a fresh tie-break id from the injected random source.
 */
import { and, asc, eq, ne, sql } from "drizzle-orm";
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
import type { Tx } from "../../db/client.ts";
import { inIdList } from "../../db/id-list.ts";
import {
  profiles,
  shiftAllocationRuns,
  shiftAssignments,
  shiftInterests,
  shifts,
  staff,
} from "../../db/schema.ts";
import { recordAudit } from "../../platform/audit.ts";
import { avatarUrlSql } from "../../platform/avatars.ts";
import type { RandomSource } from "../../platform/clock.ts";
import { conflict } from "../../platform/errors.ts";
import { withTx } from "../../platform/tx.ts";
import type { ShiftRow } from "./access.ts";
import { announceChange } from "./events.ts";
import { recentExtraCounts } from "./fairness.ts";
import { type LifecycleDeps, lockShift } from "./lifecycle.ts";
import { type Notices, shiftRef } from "./notify.ts";
import { personOf } from "./present.ts";

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

/** Who registered interest, and which of them are still active members of the department. */
async function interestedIn(tx: Tx, shift: ShiftRow) {
  return (
    tx
      .select({
        userId: shiftInterests.userId,
        active: sql<boolean>`exists (select 1 from ${staff} m where m.user_id = ${shiftInterests}.user_id
        and m.dept_id = ${shift.deptId} and m.is_active)`,
      })
      .from(shiftInterests)
      .where(eq(shiftInterests.shiftId, shift.id))
      // In the order they came: the draws follow it, so a test's injected draws are predictable.
      .orderBy(asc(shiftInterests.createdAt), asc(shiftInterests.userId))
  );
}

/** Each candidate's shifts that end or start within the rest time of this one (or overlap it). */
async function busyNear(tx: Tx, shift: ShiftRow, userIds: string[], minRestHours: number) {
  const rest = minRestHours * hourMs;
  // [start − rest, end + rest) overlapping a shift's [starts_at, ends_at): it starts before
  // the window ends and ends after it starts. Asked as a span overlap, the expression of
  // shifts_span_idx, so the few shifts near this one are found among years of past ones
  // before their holders are (a candidate may hold thousands).
  const from = new Date(shift.startsAt.getTime() - rest).toISOString();
  const to = new Date(shift.endsAt.getTime() + rest).toISOString();
  const rows = await tx
    .select({
      userId: shiftAssignments.userId,
      title: shifts.title,
      startsAt: shifts.startsAt,
      endsAt: shifts.endsAt,
    })
    .from(shiftAssignments)
    .innerJoin(shifts, eq(shifts.id, shiftAssignments.shiftId))
    .where(
      and(
        inIdList(shiftAssignments.userId, userIds),
        ne(shifts.id, shift.id),
        sql`tstzrange(${shifts.startsAt}, ${shifts.endsAt}) && tstzrange(${from}::timestamptz, ${to}::timestamptz)`,
      ),
    );
  const byUser = new Map<string, BusyShift[]>();
  for (const { userId, ...busy } of rows) byUser.set(userId!, [...(byUser.get(userId!) ?? []), busy]);
  return byUser;
}

async function candidatesFor(tx: Tx, deps: AllocationDeps, shift: ShiftRow, userIds: string[], now: Date) {
  const recent = recentExtraCounts(tx, now);
  const rows = await tx.select().from(recent).where(inIdList(recent.userId, userIds));
  const counts = new Map(rows.map((c) => [c.userId, c.count]));
  const busy = await busyNear(tx, shift, userIds, deps.config.minRestHours);
  return userIds.map(
    (userId): Candidate => ({
      userId,
      fairnessValue: counts.get(userId) ?? 0,
      tieBreak: deps.random.uuid(),
      busy: busy.get(userId) ?? [],
    }),
  );
}

/** The assignment, and the run with its snapshot and every candidate as the audit shows them. */
async function recordAllocation(
  tx: Tx,
  run: { shiftId: string; actorId: string; now: Date; minRestHours: number },
  ranking: Ranking,
  winner: RankedCandidate,
  snapshot: AllocationSnapshot,
) {
  const { shiftId, now, minRestHours } = run;
  await tx
    .insert(shiftAssignments)
    .values({ shiftId, userId: winner.userId, assignedAt: now, method: "auto" });
  // The ranking's order is the audit's: by rank, the ineligible last.
  const { candidates } = ranking;
  await tx.insert(shiftAllocationRuns).values({
    shiftId,
    winnerUserId: winner.userId,
    snapshot,
    minRestHours,
    createdBy: run.actorId,
    createdAt: now,
    candidateIds: candidates.map((c) => c.userId),
    candidateFairness: candidates.map((c) => c.fairnessValue),
    candidateTieBreaks: candidates.map((c) => c.tieBreak),
    candidateRanks: candidates.map((c) => c.rank),
    candidateIneligible: candidates.map((c) =>
      c.ineligible ? ui.shifts.ineligible(c.ineligible, minRestHours) : null,
    ),
  });
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

    const interested = await interestedIn(tx, shift);
    if (interested.length === 0) throw conflict("shift_no_interest");
    const userIds = interested.filter((i) => i.active).map((i) => i.userId);
    const ranking = rankCandidates(shift, await candidatesFor(tx, deps, shift, userIds, now), minRestHours);
    const { winner, snapshot } = ranking;
    if (!winner || !snapshot) throw conflict("shift_no_candidates");

    await recordAllocation(tx, { shiftId, actorId, now, minRestHours }, ranking, winner, snapshot);
    await tx.update(shifts).set({ status: "assigned" }).where(eq(shifts.id, shiftId));

    const others = ranking.candidates.filter((c) => !c.winner).map((c) => c.userId);
    // The winner's notice lands with the assignment; the others' right after the commit.
    await notices.notify(tx, events, [winner.userId], "shift_assigned_winner", shiftRef(shift));
    await notices.notifyAfterCommit(tx, events, others, "shift_assigned_closed", shiftRef(shift));
    await recordAudit(
      tx,
      { userId: actorId },
      "shift.assign",
      { type: "shift", id: shiftId },
      { deptId: shift.deptId, winnerId: winner.userId, candidates: ranking.candidates.length },
    );
    await announceChange(tx, events, shift.deptId, shiftId);
    return { shiftId, alreadyAssigned: false, winner: await holderOf(tx, shiftId) };
  });
}
