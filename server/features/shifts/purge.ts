/**
 * Deleting a person (decisions.md § Users): their interests go; their assignments of
 * shifts still to come go, and those extra shifts open again (run deleted, the
 * department's leaders told, with the notification of a shift put out). Past
 * assignments and runs keep the shift's history: the database nulls the person's id
 * there, also among a run's candidates, when the account goes ('Slettet bruker'); the
 * run's snapshot, which holds ids as text, is scrubbed here. Runs in the deletion's
 * transaction, after swaps.
 */
import { and, arrayContains, eq, gt, inArray, or, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { shiftAllocationRuns, shiftAssignments, shiftInterests, shifts, staff } from "../../db/schema.ts";
import type { TxEvents } from "../../platform/tx.ts";
import { announceChange } from "./events.ts";
import { type Notify, shiftRef } from "./notify.ts";

export function purgeShifts(notify: Notify) {
  return async (tx: Tx, events: TxEvents, person: { userId: string; now: Date }): Promise<void> => {
    const { userId, now } = person;
    await tx.delete(shiftInterests).where(eq(shiftInterests.userId, userId));
    const future = await tx
      .select({ assignmentId: shiftAssignments.id, shift: shifts })
      .from(shiftAssignments)
      .innerJoin(shifts, eq(shifts.id, shiftAssignments.shiftId))
      .where(and(eq(shiftAssignments.userId, userId), gt(shifts.startsAt, now)));
    if (future.length > 0)
      await tx.delete(shiftAssignments).where(
        inArray(
          shiftAssignments.id,
          future.map((f) => f.assignmentId),
        ),
      );
    for (const { shift } of future) {
      if (shift.kind !== "extra" || shift.status !== "assigned") continue;
      await tx.update(shifts).set({ status: "open" }).where(eq(shifts.id, shift.id));
      await tx.delete(shiftAllocationRuns).where(eq(shiftAllocationRuns.shiftId, shift.id));
      await notify(tx, events, await leadersOf(tx, shift.deptId, userId), "shift_published", shiftRef(shift));
      await announceChange(tx, events, shift.deptId, shift.id);
    }
    // Snapshots list candidates' ids in JSON arrays: the person's becomes null. Only runs
    // that judged them can name them (found through the candidates' index).
    await tx
      .update(shiftAllocationRuns)
      .set({ snapshot: sql`replace(${shiftAllocationRuns.snapshot}::text, ${`"${userId}"`}, 'null')::jsonb` })
      .where(arrayContains(shiftAllocationRuns.candidateIds, [userId]));
  };
}

/** The department's active leaders and every active admin, but not the person going. */
async function leadersOf(tx: Tx, deptId: string, except: string): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ userId: staff.userId })
    .from(staff)
    .where(
      and(
        eq(staff.isActive, true),
        or(eq(staff.role, "admin"), and(eq(staff.deptId, deptId), eq(staff.role, "leader"))),
      ),
    );
  return rows.map((r) => r.userId).filter((id) => id !== except);
}
