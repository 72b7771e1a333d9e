/**
 * Offers whose shift has started close by themselves (decisions.md § Swaps): cancelled,
 * their waiting deals rejected with a note, owner and proposers told. Set-based on the
 * offers, so a second tick in the same minute finds nothing to do.
 */
import { and, eq, lte } from "drizzle-orm";
import { ui } from "../../../common/texts/index.ts";
import { shiftAssignments, shifts, swapOffers } from "../../db/schema.ts";
import type { Job } from "../../platform/jobs.ts";
import type { Notify } from "./notify.ts";
import { closeOfferLocked } from "./offers.ts";

export function closeStartedOffersJob(notify: Notify): Job {
  return {
    name: "swaps.close-started",
    everyMs: 60_000,
    async run({ tx, events, clock }) {
      const now = clock.now();
      const started = await tx
        .select({ id: swapOffers.id, deptId: swapOffers.deptId, visibility: swapOffers.visibility })
        .from(swapOffers)
        .innerJoin(shiftAssignments, eq(shiftAssignments.id, swapOffers.fromAssignmentId))
        .innerJoin(shifts, eq(shifts.id, shiftAssignments.shiftId))
        .where(and(eq(swapOffers.status, "open"), lte(shifts.startsAt, now)))
        .for("update", { of: swapOffers });
      if (started.length === 0) return 0;
      for (const offer of started)
        await closeOfferLocked(tx, events, notify, offer, {
          note: ui.swaps.notes.offerClosed,
          type: "swap_closed",
          now,
          tellOwner: true,
        });
      return started.length;
    },
  };
}
