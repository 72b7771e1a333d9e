/** ensure_profile and the session a signed-in person sees (memberships, role, abilities). */
import { eq } from "drizzle-orm";
import { effectiveRole, highestRole } from "../../../common/domain/roles.ts";
import type { Session } from "../../../common/schemas/auth.ts";
import type { Db } from "../../db/client.ts";
import { profiles, user } from "../../db/schema.ts";
import { loadActor } from "../../platform/actor.ts";
import { abilitiesOf, type PolicyEnv } from "../../policies/index.ts";

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
