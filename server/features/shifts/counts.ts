/**
 * The tab counts of my current department and the admin page's counters, in one scan:
 * each count uses the condition of its list, so a tab never says more or less than it
 * shows.
 */
import { eq, or, sql } from "drizzle-orm";
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
  const where = (view: ShiftView) => viewCondition(view, me, deptId);
  const count = (view: ShiftView) => sql<number>`(count(*) filter (where ${where(view)}))::int`;
  const [row] = await db
    .select({
      open: count("open"),
      waiting: count("waiting"),
      assigned: count("assigned"),
      drafts: count("drafts"),
      filled: count("filled"),
      interested: sql<number>`coalesce(sum(${interestCountSql}) filter (where ${where("open")}), 0)::int`,
    })
    .from(shifts)
    .leftJoin(shiftAssignments, eq(shiftAssignments.shiftId, shifts.id))
    .where(or(where("open"), where("assigned"), where("drafts"), where("filled")));
  // An aggregate without grouping has exactly one row.
  return { ...row!, drafts: withDrafts ? row!.drafts : null, filled: withDrafts ? row!.filled : null };
}
