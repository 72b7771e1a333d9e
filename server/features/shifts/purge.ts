/**
 * Deleting a person (decisions.md § Users): their interests go; their assignments of
 * shifts still to come go, and those extra shifts open again (run deleted, the
 * department's leaders told, with the notification of a shift put out). Past
 * assignments and runs keep the shift's history: the database nulls the person's id
 * there, also among a run's candidates, when the account goes ('Slettet bruker'); the
 * run's snapshot, which holds ids as text, is scrubbed here. Runs in the deletion's
 * transaction, after swaps.
 */
import { and, arrayContains, eq, gt, inArray, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { shiftAllocationRuns, shiftAssignments, shiftInterests, shifts } from "../../db/schema.ts";
import { leadersAndAdminsOf } from "../../platform/people.ts";
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
      // The department's leaders and the admins, but not the person going.
      const leaders = (await leadersAndAdminsOf(tx, shift.deptId)).filter((id) => id !== userId);
      await notify(tx, events, leaders, "shift_published", shiftRef(shift));
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
