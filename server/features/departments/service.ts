/** Departments and a person's staff records in them (ensure_staff, current department). */
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { departments, profiles, staff } from "../../db/schema.ts";
import { notFound } from "../../platform/errors.ts";

export function listDepartments(db: Db) {
  return db
    .select({ id: departments.id, name: departments.name })
    .from(departments)
    .orderBy(asc(departments.name));
}

/** ensure_staff: a staff record in the chosen department; an existing one is not an error. */
export async function joinDepartment(
  db: Db,
  userId: string,
  deptId: string,
): Promise<"created" | "existing"> {
  const [dept] = await db.select({ id: departments.id }).from(departments).where(eq(departments.id, deptId));
  if (!dept) throw notFound("department_not_found");
  const inserted = await db
    .insert(staff)
    .values({ userId, deptId, role: "staff" })
    .onConflictDoNothing()
    .returning({ id: staff.id });
  await setCurrentDepartment(db, userId, deptId);
  return inserted.length > 0 ? "created" : "existing";
}

export async function setCurrentDepartment(db: Db, userId: string, deptId: string) {
  await db
    .update(profiles)
    .set({ currentDeptId: deptId, updatedAt: new Date() })
    .where(eq(profiles.userId, userId));
}
