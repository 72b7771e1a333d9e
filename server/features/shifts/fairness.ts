/**
 * The fairness value (spec §9, decisions.md § What counts for fairness): how many extra
 * shifts a person holds that were assigned to them in the last 90 days, across all their
 * departments. Roster shifts never count. One grouped count serves the allocation (for
 * its candidates), the leaders' overview (for the whole department) and 'Din plass i
 * køen' (the department's queue).
 *
 * Beside it, what everyone can see (issue 28): the nights, weekends and public holidays a
 * person worked (common/domain/unsocial.ts), also across all their departments, as the
 * fairness value is.
 */
import { and, asc, eq, gt, inArray, isNotNull, lte, or, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { fairnessWindowDays } from "../../../common/domain/fairness.ts";
import { countUnsocial, unsocialReadFrom } from "../../../common/domain/unsocial.ts";
import type { Interval } from "../../../common/domain/working-time.ts";
import { isPartTime } from "../../../common/domain/working-time.ts";
import type { FairnessOverview } from "../../../common/schemas/shifts.ts";
import type { FairnessFigures, MyFairness } from "../../../common/schemas/work.ts";
import type { Db, Tx } from "../../db/client.ts";
import {
  departments,
  fairnessCounts,
  fairnessWindow,
  profiles,
  shiftAssignments,
  shifts,
  staff,
  user,
} from "../../db/schema.ts";
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

/** The user ids of the department's active members, as SQL to select by. */
const activeMembersOf = (db: Db, deptId: string) =>
  db
    .select({ userId: staff.userId })
    .from(staff)
    .where(and(eq(staff.deptId, deptId), eq(staff.isActive, true)));

/**
 * The shifts of `people` that count as worked by `now`, by person: extra shifts they hold
 * and roster shifts they got in a swap, started, and ending after the earliest instant a
 * window looks at. One read for everyone; unsocial.ts classifies them in TypeScript, by
 * the same Oslo rules (time zone, summer time, the computus) the swap wishes use, which
 * SQL would have to repeat.
 */
async function workedShifts(
  db: Db,
  people: string | SQLWrapper,
  now: Date,
): Promise<Map<string, Interval[]>> {
  const rows = await db
    .select({ userId: shiftAssignments.userId, startsAt: shifts.startsAt, endsAt: shifts.endsAt })
    .from(shiftAssignments)
    .innerJoin(shifts, eq(shifts.id, shiftAssignments.shiftId))
    .where(
      and(
        typeof people === "string"
          ? eq(shiftAssignments.userId, people)
          : inArray(shiftAssignments.userId, people),
        or(eq(shifts.kind, "extra"), eq(shiftAssignments.method, "swap")),
        lte(shifts.startsAt, now),
        gt(shifts.endsAt, unsocialReadFrom(now)),
      ),
    );
  const byPerson = new Map<string, Interval[]>();
  for (const { userId, ...shift } of rows) {
    if (!userId) continue;
    const held = byPerson.get(userId);
    if (held) held.push(shift);
    else byPerson.set(userId, [shift]);
  }
  return byPerson;
}

const figuresOf = (count: number, worked: Interval[] | undefined, now: Date): FairnessFigures => ({
  count,
  ...countUnsocial(worked ?? [], now),
});

/**
 * Every active member of the department with their count and unsocial shifts, none left
 * out for having none.
 */
export async function fairnessOverview(db: Db, deptId: string, now: Date): Promise<FairnessOverview> {
  const recent = recentExtraCounts(db, now);
  const [people, worked] = await Promise.all([
    db
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
      .orderBy(asc(sql`lower(${nameOf(user, profiles)})`), asc(staff.userId)),
    workedShifts(db, activeMembersOf(db, deptId), now),
  ]);
  return {
    deptId,
    windowDays: fairnessWindowDays,
    people: people.map((p) => ({ ...p, ...figuresOf(p.count, worked.get(p.userId), now) })),
  };
}

/** Where one stands in the assignment's order. */
export interface Standing {
  partTime: boolean;
  /** extra shifts in the fairness window */
  count: number;
}

/**
 * My place in the queue (common/domain/fairness.ts `rankCandidates`' order): 1 + how many
 * stand before me. With 'Deltid først' every part-timer stands before every full-timer;
 * within a group, fewer extra shifts stand first. Equals share a place: the draw between
 * them is made at each assignment, not here.
 */
export function queuePlace(me: Standing, everyone: readonly Standing[], partTimeFirst: boolean): number {
  const before = (other: Standing) =>
    partTimeFirst && other.partTime !== me.partTime ? other.partTime : other.count < me.count;
  return 1 + everyone.filter(before).length;
}

/**
 * 'Din plass i køen': my figures and place among the department's active members. The
 * caller is one of them (`shift.fairnessMine`).
 */
export async function myFairness(db: Db, deptId: string, userId: string, now: Date): Promise<MyFairness> {
  const members = activeMembersOf(db, deptId);
  // A select in a template is written in parentheses: `user_id in (select …)`.
  const recent = recentExtraCounts(db, now, sql`${members}`);
  const [queue, worked] = await Promise.all([
    db
      .select({
        userId: staff.userId,
        positionPercent: staff.positionPercent,
        fullTimeHours: staff.fullTimeHours,
        count: sql<number>`coalesce(${recent.count}, 0)::int`,
        partTimeFirst: departments.partTimeFirst,
      })
      .from(staff)
      .innerJoin(departments, eq(departments.id, staff.deptId))
      .leftJoin(recent, eq(recent.userId, staff.userId))
      .where(and(eq(staff.deptId, deptId), eq(staff.isActive, true))),
    workedShifts(db, userId, now),
  ]);
  const standings = queue.map((m) => ({ userId: m.userId, partTime: isPartTime(m), count: m.count }));
  const me = standings.find((m) => m.userId === userId);
  if (!me) throw new Error("myFairness: the caller is no active member of the department");
  const partTimeFirst = queue[0]!.partTimeFirst;
  return {
    deptId,
    windowDays: fairnessWindowDays,
    figures: figuresOf(me.count, worked.get(userId), now),
    place: queuePlace(me, standings, partTimeFirst),
    of: standings.length,
    partTimeFirst,
    partTime: me.partTime,
  };
}
