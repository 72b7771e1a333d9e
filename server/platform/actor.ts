/**
 * Who is asking: a signed-in person with their staff records and the department the
 * app works in for them. Every feature's policies read this; it belongs to no feature.
 */
import { asc, eq } from "drizzle-orm";
import { highestRole, type Membership } from "../../common/domain/roles.ts";
import type { Db } from "../db/client.ts";
import { departments, profiles, staff } from "../db/schema.ts";
import type { Actor } from "../policies/index.ts";

export interface MembershipRow extends Membership {
  deptName: string;
}

export async function membershipsOf(db: Db, userId: string): Promise<MembershipRow[]> {
  return db
    .select({ deptId: staff.deptId, deptName: departments.name, role: staff.role, isActive: staff.isActive })
    .from(staff)
    .innerJoin(departments, eq(departments.id, staff.deptId))
    .where(eq(staff.userId, userId))
    .orderBy(asc(departments.name));
}

/** The saved current department when it is still an active record, else the highest-role one. */
export function chooseCurrentDept(memberships: readonly Membership[], saved: string | null): string | null {
  const active = memberships.filter((m) => m.isActive);
  if (saved && active.some((m) => m.deptId === saved)) return saved;
  const best = highestRole(active.map((m) => m.role));
  return active.find((m) => m.role === best)?.deptId ?? null;
}

export async function loadActor(db: Db, userId: string): Promise<Actor & { memberships: MembershipRow[] }> {
  const [memberships, [profile]] = await Promise.all([
    membershipsOf(db, userId),
    db.select({ currentDeptId: profiles.currentDeptId }).from(profiles).where(eq(profiles.userId, userId)),
  ]);
  return {
    userId,
    memberships,
    currentDeptId: chooseCurrentDept(memberships, profile?.currentDeptId ?? null),
  };
}
