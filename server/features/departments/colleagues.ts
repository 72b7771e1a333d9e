/** list_staff_in_department: the colleagues of a department, for pickers and lists. */
import { and, asc, eq } from "drizzle-orm";
import type { Colleague } from "../../../common/schemas/departments.ts";
import type { Db } from "../../db/client.ts";
import { profiles, staff } from "../../db/schema.ts";
import { avatarUrlSql } from "../../platform/avatars.ts";

/**
 * The department's active staff, ordered by name, in one query (staff × profiles over
 * the department index). Deactivated records are left out: they do not count as members
 * (decisions.md).
 */
export function listColleagues(db: Db, deptId: string): Promise<Colleague[]> {
  return db
    .select({
      userId: staff.userId,
      fullName: profiles.fullName,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      avatarUrl: avatarUrlSql(profiles),
      role: staff.role,
    })
    .from(staff)
    .innerJoin(profiles, eq(profiles.userId, staff.userId))
    .where(and(eq(staff.deptId, deptId), eq(staff.isActive, true)))
    .orderBy(asc(profiles.fullName), asc(staff.userId));
}
