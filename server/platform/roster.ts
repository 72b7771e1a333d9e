/**
 * Who is on duty in a department at an instant (issue 26), read the same way by every
 * feature that asks: '@vakt' and '@role' in chat, whom an urgent message must reach, the
 * duty roles' own screens. The ongoing block is the one `at` falls in (Dagvakt 07–15,
 * Kveldsvakt 15–23, Nattevakt 23–07, Oslo time); a role's holder is the holding of that
 * block's start, so the next block's holder takes over at the block's end without a job.
 */
import { and, asc, eq, gt, isNotNull, lt, sql } from "drizzle-orm";
import { nextQuietChange, shiftDataWindow } from "../../common/domain/quiet.ts";
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

/** Whether a person is on shift now, for quiet hours (common/domain/quiet.ts). */
export interface PersonOnShift {
  /** a shift of one of their departments covers `at`, or they hold a role in the ongoing block */
  onShiftNow: boolean;
  /** any shift or holding of theirs within `shiftDataWindow(at)` */
  hasShiftData: boolean;
  /** the next instant the answer may change (a covering shift ends, one starts, the block ends) */
  until: Date | null;
}

/**
 * A person's shift state at `at`, across their active departments, in two queries: their
 * shifts (by their assignments, a person holds few) and their holdings (by
 * `duty_holdings_user_block_idx`), each within the shift-data window. On shift: a shift
 * covering `at` in a department where they are active staff (as `dutyNow` counts), or a
 * holding of the ongoing block. The window's own edges move with time; the ongoing
 * block's end, always among the instants, bounds how stale that can get.
 */
export async function personOnShift(db: Db | Tx, userId: string, at: Date): Promise<PersonOnShift> {
  const block = currentShiftBlock(at);
  const { from, to } = shiftDataWindow(at);
  const [mine, held] = await Promise.all([
    db
      .select({ startsAt: shifts.startsAt, endsAt: shifts.endsAt })
      .from(shiftAssignments)
      .innerJoin(shifts, eq(shifts.id, shiftAssignments.shiftId))
      .innerJoin(
        staff,
        and(
          eq(staff.userId, shiftAssignments.userId),
          eq(staff.deptId, shifts.deptId),
          eq(staff.isActive, true),
        ),
      )
      .where(and(eq(shiftAssignments.userId, userId), lt(shifts.startsAt, to), gt(shifts.endsAt, from))),
    db
      .select({ blockStart: dutyHoldings.blockStart, blockEnd: dutyHoldings.blockEnd })
      .from(dutyHoldings)
      .where(
        and(
          eq(dutyHoldings.userId, userId),
          lt(dutyHoldings.blockStart, to),
          gt(dutyHoldings.blockEnd, from),
        ),
      ),
  ]);
  const covers = (start: Date, end: Date) => start <= at && at < end;
  const onShiftNow =
    mine.some((s) => covers(s.startsAt, s.endsAt)) ||
    held.some((h) => h.blockStart.getTime() === block.start.getTime());
  const instants = [
    block.end,
    ...mine.flatMap((s) => [s.startsAt, s.endsAt]),
    ...held.flatMap((h) => [h.blockStart, h.blockEnd]),
  ];
  return {
    onShiftNow,
    hasShiftData: mine.length > 0 || held.length > 0,
    until: nextQuietChange(at, instants),
  };
}
