/** Departments and a person's staff records in them (ensure_staff, current department). */
import { asc, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { departments, profiles, staff } from "../../db/schema.ts";
import { forbidden, notFound } from "../../platform/errors.ts";

export function listDepartments(db: Db) {
  return db
    .select({ id: departments.id, name: departments.name })
    .from(departments)
    .orderBy(asc(departments.name));
}

/**
 * ensure_staff for a person with no staff record yet (the policy lets only them in).
 * The profile row is locked first, so two joins by the same person at once (a double
 * click, two tabs) run one after the other: the second sees the first one's record and
 * answers 'existing' for the same department, or is refused for another.
 */
export async function joinDepartment(
  db: Db,
  userId: string,
  deptId: string,
): Promise<"created" | "existing"> {
  const [dept] = await db.select({ id: departments.id }).from(departments).where(eq(departments.id, deptId));
  if (!dept) throw notFound("department_not_found");
  return db.transaction(async (tx) => {
    await tx
      .select({ userId: profiles.userId })
      .from(profiles)
      .where(eq(profiles.userId, userId))
      .for("update");
    const records = await tx.select({ deptId: staff.deptId }).from(staff).where(eq(staff.userId, userId));
    if (records.some((r) => r.deptId === deptId)) return "existing";
    if (records.length > 0) throw forbidden("department_join_refused");
    await tx.insert(staff).values({ userId, deptId, role: "staff" });
    await setCurrentDepartment(tx, userId, deptId);
    return "created";
  });
}

export async function setCurrentDepartment(db: Db | Tx, userId: string, deptId: string) {
  await db
    .update(profiles)
    .set({ currentDeptId: deptId, updatedAt: new Date() })
    .where(eq(profiles.userId, userId));
}
