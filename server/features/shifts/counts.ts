/**
 * The tab counts of my current department and the admin page's counters, in one
 * statement: each count uses the condition of its list, so a tab never says more or less
 * than it shows, and is its own subquery, so each reads by its list's index (one scan
 * under all five conditions at once could narrow by none of them: it joined every
 * shift of the department's years to its assignment).
 */
import { eq, sql } from "drizzle-orm";
import type { ShiftCounts, ShiftView } from "../../../common/schemas/shifts.ts";
import type { Db } from "../../db/client.ts";
import { shiftAssignments, shifts } from "../../db/schema.ts";
import type { Viewer } from "../../platform/viewer.ts";
import { interestCountSql, viewCondition } from "./present.ts";

/** `withDrafts`: whether I may see the drafts (and 'Tildelt'); else their counts are null. */
export async function countShifts(
  db: Db,
  me: Viewer,
  deptId: string,
  withDrafts: boolean,
): Promise<ShiftCounts> {
  const over = (view: ShiftView, value: ReturnType<typeof sql<number>>) =>
    sql<number>`(${db
      .select({ value })
      .from(shifts)
      .leftJoin(shiftAssignments, eq(shiftAssignments.shiftId, shifts.id))
      .where(viewCondition(view, me, deptId))})`;
  const count = (view: ShiftView) => over(view, sql<number>`count(*)::int`);
  const [row] = await db
    .select({
      open: count("open"),
      waiting: count("waiting"),
      assigned: count("assigned"),
      drafts: count("drafts"),
      filled: count("filled"),
      interested: over("open", sql<number>`coalesce(sum(${interestCountSql}), 0)::int`),
    })
    .from(sql`(values (1)) as one`);
  return { ...row!, drafts: withDrafts ? row!.drafts : null, filled: withDrafts ? row!.filled : null };
}
