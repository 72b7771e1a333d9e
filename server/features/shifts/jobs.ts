/**
 * An open shift whose start passes without an assignment closes by itself ('Stengt';
 * decisions.md § Lifecycle). Set-based, so a second tick in the same minute finds
 * nothing to do.
 */
import { and, eq, lte } from "drizzle-orm";
import { shifts } from "../../db/schema.ts";
import type { Job } from "../../platform/jobs.ts";
import { announceChange } from "./events.ts";
import { moveFairnessWindow } from "./fairness.ts";

export const closeStartedJob: Job = {
  name: "shifts.close-started",
  everyMs: 60_000,
  async run({ tx, events, clock }) {
    const now = clock.now();
    const closed = await tx
      .update(shifts)
      .set({ status: "closed", closedAt: now })
      .where(and(eq(shifts.status, "open"), lte(shifts.startsAt, now)))
      .returning({ id: shifts.id, deptId: shifts.deptId });
    for (const shift of closed) await announceChange(tx, events, shift.deptId, shift.id);
    return closed.length;
  },
};

/** The running fairness counts follow the 90-day window on the hour (fairness.ts). */
export const fairnessWindowJob: Job = {
  name: "shifts.fairness-window",
  everyMs: 3_600_000,
  run: ({ tx, clock }) => moveFairnessWindow(tx, clock.now()),
};
