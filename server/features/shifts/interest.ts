/**
 * 'Jeg er interessert' and its withdrawal, while the shift is open and has not started.
 * Registering twice is registering once. The shift's row is share-locked: interest
 * from many people at once goes in side by side, but never into a shift that an
 * assignment (which locks the row for update) is deciding at that moment. The
 * working-time rules refuse interest in a shift the person could not be given (422
 * `work_rules_refused`, eligibility.ts); withdrawing is never refused.
 */
import { and, count, eq } from "drizzle-orm";
import type { z } from "zod";
import type { interestResponse } from "../../../common/schemas/shifts.ts";
import type { Config } from "../../config.ts";
import { shiftInterests, shifts } from "../../db/schema.ts";
import { conflict, notFound } from "../../platform/errors.ts";
import { withTx } from "../../platform/tx.ts";
import { assertMayTake } from "./eligibility.ts";
import { announceChange } from "./events.ts";
import type { LifecycleDeps } from "./lifecycle.ts";

export function setInterest(
  deps: LifecycleDeps & { config: Pick<Config, "minRestHours"> },
  userId: string,
  shiftId: string,
  interested: boolean,
): Promise<z.infer<typeof interestResponse>> {
  const now = deps.clock.now();
  return withTx(deps, async (tx, events) => {
    const [shift] = await tx
      .select({
        id: shifts.id,
        deptId: shifts.deptId,
        status: shifts.status,
        startsAt: shifts.startsAt,
        endsAt: shifts.endsAt,
      })
      .from(shifts)
      .where(eq(shifts.id, shiftId))
      .for("share");
    if (!shift) throw notFound("shift_not_found");
    if (shift.status !== "open") throw conflict("shift_not_open");
    if (shift.startsAt <= now) throw conflict("shift_started");
    if (interested) await assertMayTake(tx, shift, userId, deps.config.minRestHours);
    const changed = interested
      ? await tx
          .insert(shiftInterests)
          .values({ shiftId, userId, createdAt: now })
          .onConflictDoNothing()
          .returning({ userId: shiftInterests.userId })
      : await tx
          .delete(shiftInterests)
          .where(and(eq(shiftInterests.shiftId, shiftId), eq(shiftInterests.userId, userId)))
          .returning({ userId: shiftInterests.userId });
    const [total] = await tx
      .select({ n: count() })
      .from(shiftInterests)
      .where(eq(shiftInterests.shiftId, shiftId));
    if (changed.length > 0) await announceChange(tx, events, shift.deptId, shiftId);
    return { shiftId, interested, interestCount: total!.n };
  });
}
