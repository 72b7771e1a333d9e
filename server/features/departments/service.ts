/** Departments and a person's staff records in them (ensure_staff, current department). */
import { asc, eq } from "drizzle-orm";
import { topics } from "../../../common/schemas/realtime.ts";
import type { Db, Tx } from "../../db/client.ts";
import { departments, profiles, staff } from "../../db/schema.ts";
import { forbidden, notFound } from "../../platform/errors.ts";
import { type TxDeps, type TxEvents, withTx } from "../../platform/tx.ts";

export function listDepartments(db: Db) {
  return db
    .select({ id: departments.id, name: departments.name })
    .from(departments)
    .orderBy(asc(departments.name));
}

export async function departmentExists(db: Db, deptId: string): Promise<boolean> {
  const [dept] = await db.select({ id: departments.id }).from(departments).where(eq(departments.id, deptId));
  return dept !== undefined;
}

/**
 * ensure_staff for a person with no staff record yet (the policy lets only them in).
 * The profile row is locked first, so two joins by the same person at once (a double
 * click, two tabs) run one after the other: the second sees the first one's record and
 * answers 'existing' for the same department, or is refused for another.
 */
export async function joinDepartment(
  deps: TxDeps,
  userId: string,
  deptId: string,
): Promise<"created" | "existing"> {
  if (!(await departmentExists(deps.db, deptId))) throw notFound("department_not_found");
  return withTx(deps, async (tx, events) => {
    await tx
      .select({ userId: profiles.userId })
      .from(profiles)
      .where(eq(profiles.userId, userId))
      .for("update");
    const records = await tx.select({ deptId: staff.deptId }).from(staff).where(eq(staff.userId, userId));
    if (records.some((r) => r.deptId === deptId)) return "existing";
    if (records.length > 0) throw forbidden("department_join_refused");
    await tx.insert(staff).values({ userId, deptId, role: "staff" });
    await saveCurrentDepartment(tx, userId, deptId);
    sessionChanged(events, userId);
    return "created";
  });
}

export function setCurrentDepartment(deps: TxDeps, userId: string, deptId: string): Promise<void> {
  return withTx(deps, async (tx, events) => {
    await saveCurrentDepartment(tx, userId, deptId);
    sessionChanged(events, userId);
  });
}

async function saveCurrentDepartment(tx: Tx, userId: string, deptId: string) {
  await tx
    .update(profiles)
    .set({ currentDeptId: deptId, updatedAt: new Date() })
    .where(eq(profiles.userId, userId));
}

/** Every tab of the person reads its session again (department, role, abilities). */
function sessionChanged(events: TxEvents, userId: string) {
  events.publish(topics.user(userId), "session.changed");
}
