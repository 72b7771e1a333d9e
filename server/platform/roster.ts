/**
 * Who is on duty in a department at an instant (issue 26), read the same way by every
 * feature that asks: '@vakt' and '@role' in chat, whom an urgent message must reach, the
 * duty roles' own screens. The ongoing block is the one `at` falls in (Dagvakt 07–15,
 * Kveldsvakt 15–23, Nattevakt 23–07, Oslo time); a role's holder is the holding of that
 * block's start, so the next block's holder takes over at the block's end without a job.
 */
import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import { currentShiftBlock, type ShiftBlock } from "../../common/domain/shift-block.ts";
import type { Db, Tx } from "../db/client.ts";
import { dutyHoldings, dutyRoles, shiftAssignments, shifts, staff } from "../db/schema.ts";

export interface RoleHolder {
  roleId: string;
  roleName: string;
  userId: string;
}

export interface DutyNow {
  block: ShiftBlock;
  /** the department's roles that someone holds in the ongoing block, by name */
  holders: RoleHolder[];
  /** active staff with a shift of the department covering `at` */
  onShift: string[];
}

export async function dutyNow(db: Db | Tx, deptId: string, at: Date): Promise<DutyNow> {
  const block = currentShiftBlock(at);
  const [holders, covering] = await Promise.all([
    db
      .select({ roleId: dutyRoles.id, roleName: dutyRoles.name, userId: dutyHoldings.userId })
      .from(dutyHoldings)
      .innerJoin(dutyRoles, eq(dutyRoles.id, dutyHoldings.roleId))
      .where(and(eq(dutyHoldings.deptId, deptId), eq(dutyHoldings.blockStart, block.start)))
      .orderBy(asc(dutyRoles.name)),
    db
      .selectDistinct({ userId: shiftAssignments.userId })
      .from(shifts)
      .innerJoin(shiftAssignments, eq(shiftAssignments.shiftId, shifts.id))
      .innerJoin(
        staff,
        and(eq(staff.userId, shiftAssignments.userId), eq(staff.deptId, deptId), eq(staff.isActive, true)),
      )
      .where(
        and(
          eq(shifts.deptId, deptId),
          isNotNull(shiftAssignments.userId),
          // the span index (shifts_span_idx) answers this containment
          sql`tstzrange(${shifts.startsAt}, ${shifts.endsAt}) @> ${at.toISOString()}::timestamptz`,
        ),
      ),
  ]);
  return { block, holders, onShift: covering.flatMap((r) => (r.userId ? [r.userId] : [])) };
}

/** Everyone '@vakt' reaches: people on shift now and the ongoing block's role holders, each once. */
export function onBlock(duty: DutyNow): string[] {
  return [...new Set([...duty.onShift, ...duty.holders.map((h) => h.userId)])];
}
