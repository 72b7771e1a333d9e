/**
 * The fairness value (spec §9, decisions.md § What counts for fairness): how many extra
 * shifts a person holds that were assigned to them in the last 90 days, across all their
 * departments. Roster shifts never count. One grouped count serves the allocation (for
 * its candidates) and the leaders' overview (for the whole department).
 */
import { and, asc, eq, isNotNull, type SQL, sql } from "drizzle-orm";
import { fairnessWindowDays } from "../../../common/domain/fairness.ts";
import type { FairnessOverview } from "../../../common/schemas/shifts.ts";
import type { Db, Tx } from "../../db/client.ts";
import { fairnessCounts, fairnessWindow, profiles, shiftAssignments, staff, user } from "../../db/schema.ts";
import { avatarUrlSql } from "../../platform/avatars.ts";
import { nameOf } from "../../platform/people.ts";

const dayMs = 86_400_000;

/**
 * Per person: their extra shifts assigned in the 90 days before `now` (a subquery); the
 * allocation's prepared read gives the window's start as a placeholder (`countsSince`).
 */
export const recentExtraCounts = (db: Db | Tx, now: Date, among?: SQL) =>
  countsSince(db, sql`${fairnessWindowStart(now).toISOString()}::timestamptz`, among);

/**
 * Per person: their extra shifts assigned after `since`, the window's start (a
 * timestamptz in SQL). `fairness_counts` holds the count from where the window
 * last moved to (the hourly job); what was assigned between that instant and `since` is
 * added or taken away here, a few rows, not the window's every assignment. `among` (a
 * set of user ids, as SQL) counts only those people, read before the grouping rather
 * than filtered after it.
 */
export function countsSince(db: Db | Tx, since: SQL, among?: SQL) {
  const assignedAt = shiftAssignments.assignedAt;
  const kept = db
    .select({ userId: fairnessCounts.userId, n: sql<number>`${fairnessCounts.count}`.as("n") })
    .from(fairnessCounts)
    .where(among && sql`${fairnessCounts.userId} in ${among}`);
  const between = db
    .select({
      // Never null here (the filter below); typed so, as the union's first half is.
      userId: sql<string>`${shiftAssignments.userId}`.as("user_id"),
      n: sql<number>`case when ${assignedAt} > ${since} then 1 else -1 end`.as("n"),
    })
    .from(shiftAssignments)
    .innerJoin(fairnessWindow, sql`true`)
    .where(
      and(
        eq(shiftAssignments.countsForFairness, true),
        isNotNull(shiftAssignments.userId),
        sql`${assignedAt} > least(${fairnessWindow.since}, ${since})`,
        sql`${assignedAt} <= greatest(${fairnessWindow.since}, ${since})`,
        among && sql`${shiftAssignments.userId} in ${among}`,
      ),
    );
  const all = kept.unionAll(between).as("fairness_all");
  return db
    .select({ userId: all.userId, count: sql<number>`sum(${all.n})::int`.as("count") })
    .from(all)
    .groupBy(all.userId)
    .as("recent");
}

/** Where the fairness window starts when counting at `now`. */
export const fairnessWindowStart = (now: Date) => new Date(now.getTime() - fairnessWindowDays * dayMs);

/**
 * Moves the start of what `fairness_counts` counts to 90 days before `now` (the hourly
 * job), so that readers have at most about an hour of assignments to add or take away.
 */
export async function moveFairnessWindow(tx: Tx, now: Date) {
  await tx.execute(sql`select fairness_window_move(${fairnessWindowStart(now).toISOString()}::timestamptz)`);
}

/** Every active member of the department with their count, none left out for having none. */
export async function fairnessOverview(db: Db, deptId: string, now: Date): Promise<FairnessOverview> {
  const recent = recentExtraCounts(db, now);
  const people = await db
    .select({
      userId: staff.userId,
      name: nameOf(user, profiles),
      avatarUrl: avatarUrlSql(profiles),
      count: sql<number>`coalesce(${recent.count}, 0)::int`,
    })
    .from(staff)
    .innerJoin(user, eq(user.id, staff.userId))
    .leftJoin(profiles, eq(profiles.userId, staff.userId))
    .leftJoin(recent, eq(recent.userId, staff.userId))
    .where(and(eq(staff.deptId, deptId), eq(staff.isActive, true)))
    .orderBy(asc(sql`lower(${nameOf(user, profiles)})`), asc(staff.userId));
  return { deptId, windowDays: fairnessWindowDays, people };
}
