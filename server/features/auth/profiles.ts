/** ensure_profile and the session a signed-in person sees (memberships, role, abilities). */
import { asc, eq } from "drizzle-orm";
import { effectiveRole, highestRole, type Membership } from "../../../common/domain/roles.ts";
import type { Session } from "../../../common/schemas/auth.ts";
import type { Db } from "../../db/client.ts";
import { departments, profiles, staff, user } from "../../db/schema.ts";
import { type Actor, abilitiesOf, type PolicyEnv } from "../../policies/index.ts";

export function splitName(fullName: string): { firstName: string | null; lastName: string | null } {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return { firstName: null, lastName: null };
  if (parts.length === 1) return { firstName: parts[0]!, lastName: null };
  return { firstName: parts.slice(0, -1).join(" "), lastName: parts.at(-1)! };
}

/** Creates the profile from the account's name the first time a person signs in. */
export async function ensureProfile(db: Db, userId: string): Promise<void> {
  const [u] = await db.select({ name: user.name }).from(user).where(eq(user.id, userId));
  if (!u) return;
  await db
    .insert(profiles)
    .values({ userId, fullName: u.name, ...splitName(u.name) })
    .onConflictDoNothing();
}

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

export async function loadSession(db: Db, userId: string, env: PolicyEnv): Promise<Session | null> {
  await ensureProfile(db, userId);
  const [[row], actor] = await Promise.all([
    db
      .select({ user, profile: profiles })
      .from(user)
      .innerJoin(profiles, eq(profiles.userId, user.id))
      .where(eq(user.id, userId)),
    loadActor(db, userId),
  ]);
  if (!row) return null;
  const { profile } = row;
  return {
    user: {
      id: row.user.id,
      email: row.user.email,
      fullName: profile.fullName,
      firstName: profile.firstName,
      lastName: profile.lastName,
      phone: profile.phone,
      avatarUrl: profile.avatarPath,
      createdAt: profile.createdAt.toISOString(),
    },
    memberships: actor.memberships,
    currentDeptId: actor.currentDeptId,
    role: effectiveRole(actor.memberships, actor.currentDeptId),
    badgeRole: highestRole(actor.memberships.filter((m) => m.isActive).map((m) => m.role)),
    needsDepartment: actor.memberships.length === 0,
    abilities: abilitiesOf(actor, env),
  };
}
