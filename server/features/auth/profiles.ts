/** The session a signed-in person sees (profile, memberships, role, abilities). */
import { eq } from "drizzle-orm";
import { effectiveRole, highestRole } from "../../../common/domain/roles.ts";
import type { Session } from "../../../common/schemas/auth.ts";
import type { Db } from "../../db/client.ts";
import { profiles, user } from "../../db/schema.ts";
import { loadActor } from "../../platform/actor.ts";
import { avatarUrlOf } from "../../platform/avatars.ts";
import { ensureProfile } from "../../platform/profiles.ts";
import { abilitiesOf, type PolicyEnv } from "../../policies/index.ts";

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
      avatarUrl: avatarUrlOf(profile),
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
