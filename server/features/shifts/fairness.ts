/**
 * The fairness value (spec §9, decisions.md § What counts for fairness): how many extra
 * shifts a person holds that were assigned to them in the last 90 days, across all their
 * departments. Roster shifts never count. One grouped count serves the allocation (for
 * its candidates) and the leaders' overview (for the whole department).
 */
import { and, asc, count, eq, gt, notExists, sql } from "drizzle-orm";
import { fairnessWindowDays } from "../../../common/domain/fairness.ts";
import type { FairnessOverview } from "../../../common/schemas/shifts.ts";
import type { Db, Tx } from "../../db/client.ts";
import { profiles, shiftAssignments, shifts, staff, user } from "../../db/schema.ts";
import { avatarUrlSql } from "../../platform/avatars.ts";

const dayMs = 86_400_000;

/** Per person: their extra shifts assigned after `now` minus the window (a subquery). */
export function recentExtraCounts(db: Db | Tx, now: Date) {
  const since = new Date(now.getTime() - fairnessWindowDays * dayMs);
  return (
    db
      .select({ userId: shiftAssignments.userId, count: count().as("count") })
      .from(shiftAssignments)
      // "Not a roster shift" rather than a join to every extra shift: roster shifts are few
      // (swaps), so the check is a lookup in their partial index, while joining each of the
      // window's assignments to its shift cost most of an assignment run (bench/allocation).
      .where(
        and(
          gt(shiftAssignments.assignedAt, since),
          notExists(
            db
              .select({ one: sql`1` })
              .from(shifts)
              .where(and(eq(shifts.id, shiftAssignments.shiftId), eq(shifts.kind, "roster"))),
          ),
        ),
      )
      .groupBy(shiftAssignments.userId)
      .as("recent")
  );
}

/** Every active member of the department with their count, none left out for having none. */
export async function fairnessOverview(db: Db, deptId: string, now: Date): Promise<FairnessOverview> {
  const recent = recentExtraCounts(db, now);
  const people = await db
    .select({
      userId: staff.userId,
      name: sql<string>`coalesce(${profiles.fullName}, ${user.name})`,
      avatarUrl: avatarUrlSql(profiles),
      count: sql<number>`coalesce(${recent.count}, 0)::int`,
    })
    .from(staff)
    .innerJoin(user, eq(user.id, staff.userId))
    .leftJoin(profiles, eq(profiles.userId, staff.userId))
    .leftJoin(recent, eq(recent.userId, staff.userId))
    .where(and(eq(staff.deptId, deptId), eq(staff.isActive, true)))
    .orderBy(asc(sql`lower(coalesce(${profiles.fullName}, ${user.name}))`), asc(staff.userId));
  return { deptId, windowDays: fairnessWindowDays, people };
}
