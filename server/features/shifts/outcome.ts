/**
 * What an assignment decided, for its candidates and the department's leaders: the
 * outcome dialog (spec §3 'Assignment outcome') and 'Se full audit' (the audit view),
 * both from the stored run, in one query. A candidate whose account is gone stays in
 * the list as 'Slettet bruker'.
 */
import { asc, eq, sql } from "drizzle-orm";
import { fairnessWindowDays } from "../../../common/domain/fairness.ts";
import type { AssignmentAudit, AssignmentOutcome } from "../../../common/schemas/shifts.ts";
import { ui } from "../../../common/texts/ui.ts";
import type { Db } from "../../db/client.ts";
import { shiftAllocationRuns, shiftAssignmentAudit, shiftAssignments, shifts } from "../../db/schema.ts";
import { notFound } from "../../platform/errors.ts";
import { personOf } from "../../platform/people.ts";

const audit = shiftAssignmentAudit;
type AuditFigures = AssignmentAudit["rows"][number]["figures"];

/** The shift's run with every candidate, by rank (the ineligible last); null when there was none. */
async function runOf(db: Db, shiftId: string) {
  const rows = await db
    .select({
      shift: { title: shifts.title, startsAt: shifts.startsAt, endsAt: shifts.endsAt },
      run: {
        winnerUserId: shiftAllocationRuns.winnerUserId,
        minRestHours: shiftAllocationRuns.minRestHours,
        partTimeFirst: shiftAllocationRuns.partTimeFirst,
        createdAt: shiftAllocationRuns.createdAt,
      },
      assignment: { assignedAt: shiftAssignments.assignedAt, method: shiftAssignments.method },
      candidate: {
        candidateId: audit.candidateId,
        rowId: audit.rowId,
        fullName: audit.fullName,
        fairnessValue: audit.fairnessValue,
        tieBreakUuid: audit.tieBreakUuid,
        rank: audit.rank,
        winner: audit.winner,
        ineligibleReason: audit.ineligibleReason,
        // This candidate's element only (the view's position counts from 1), not the whole array per row.
        figures: sql<AuditFigures | null>`${shiftAllocationRuns.candidateFigures} -> (${audit.position} - 1)`,
      },
    })
    .from(shiftAllocationRuns)
    .innerJoin(shifts, eq(shifts.id, shiftAllocationRuns.shiftId))
    .innerJoin(shiftAssignments, eq(shiftAssignments.shiftId, shifts.id))
    .innerJoin(audit, eq(audit.runId, shiftAllocationRuns.id))
    .where(eq(shiftAllocationRuns.shiftId, shiftId))
    .orderBy(sql`${audit.rank} asc nulls last`, asc(audit.fullName), asc(audit.position));
  const [first] = rows;
  if (!first) throw notFound("shift_outcome_not_found");
  const candidates = rows.map(({ candidate: c }) => {
    const person = personOf(c.candidateId, c.fullName, null, c.rowId);
    return { ...c, userId: c.candidateId, candidateId: person.userId, name: person.name };
  });
  return { ...first, candidates };
}

export async function outcomeFor(db: Db, me: string, shiftId: string): Promise<AssignmentOutcome> {
  const { shift, run, assignment, candidates } = await runOf(db, shiftId);
  const winner = candidates.find((c) => c.winner) ?? null;
  const mine = candidates.find((c) => c.userId === me) ?? null;
  return {
    shiftId,
    title: shift.title,
    startsAt: shift.startsAt.toISOString(),
    endsAt: shift.endsAt.toISOString(),
    yourId: me,
    winnerId: run.winnerUserId,
    winnerName: winner?.name ?? null,
    yourRank: mine?.rank ?? null,
    totalCandidates: candidates.length,
    yourFairnessValue: mine?.fairnessValue ?? null,
    explanation: ui.shifts.explanation(fairnessWindowDays, run.minRestHours, run.partTimeFirst),
    candidates: candidates.map((c) => ({
      candidateId: c.candidateId,
      name: c.name,
      rank: c.rank,
      winner: c.winner,
      fairnessValue: c.fairnessValue,
    })),
    assignedAt: assignment.assignedAt.toISOString(),
    method: assignment.method,
  };
}

export async function auditOf(db: Db, shiftId: string): Promise<AssignmentAudit> {
  const { run, candidates } = await runOf(db, shiftId);
  return {
    shiftId,
    runAt: run.createdAt.toISOString(),
    minRestHours: run.minRestHours,
    partTimeFirst: run.partTimeFirst,
    rows: candidates.map((c) => ({
      candidateId: c.candidateId,
      name: c.name,
      fairnessValue: c.fairnessValue,
      tieBreakUuid: c.tieBreakUuid,
      rank: c.rank,
      winner: c.winner,
      ineligibleReason: c.ineligibleReason,
      figures: c.figures,
    })),
  };
}
