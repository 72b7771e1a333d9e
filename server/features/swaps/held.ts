/**
 * The overlap and rest rule for swaps (decisions.md § Rest between shifts): what people
 * hold now, and why one of them could not take a shift in an exchange, in Norwegian.
 */
import { and, eq, gt, inArray, isNotNull } from "drizzle-orm";
import type { Interval } from "../../../common/domain/fairness.ts";
import { type HeldShift, takeIneligibility } from "../../../common/domain/swap-match.ts";
import { ui } from "../../../common/texts/index.ts";
import type { Db, Tx } from "../../db/client.ts";
import { shiftAssignments, shifts } from "../../db/schema.ts";

const hourMs = 3_600_000;

/**
 * Each person's shifts that could touch a shift not yet started: those ending after
 * `now` less the rest time. One query for everyone asked about.
 */
export async function heldShifts(
  db: Db | Tx,
  userIds: readonly string[],
  now: Date,
  minRestHours: number,
): Promise<Map<string, HeldShift[]>> {
  const byUser = new Map<string, HeldShift[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({
      userId: shiftAssignments.userId,
      shiftId: shifts.id,
      title: shifts.title,
      startsAt: shifts.startsAt,
      endsAt: shifts.endsAt,
    })
    .from(shiftAssignments)
    .innerJoin(shifts, eq(shifts.id, shiftAssignments.shiftId))
    .where(
      and(
        isNotNull(shiftAssignments.userId),
        inArray(shiftAssignments.userId, [...userIds]),
        gt(shifts.endsAt, new Date(now.getTime() - minRestHours * hourMs)),
      ),
    );
  for (const { userId, ...shift } of rows) byUser.get(userId!)?.push(shift);
  return byUser;
}

/**
 * Why `who` could not take `received` giving `givenShiftId` (null: nothing) with `held`
 * their shifts, as the reason is shown ('Du: Mindre enn 11 timer hvile …'); null when
 * they could.
 */
export function blockedReason(
  who: string,
  received: Interval,
  givenShiftId: string | null,
  held: readonly HeldShift[],
  minRestHours: number,
): string | null {
  const reason = takeIneligibility(received, givenShiftId, held, minRestHours);
  return reason ? ui.swaps.blocked(who, ui.shifts.ineligible(reason, minRestHours)) : null;
}
