/** The session a signed-in person sees (profile, memberships, role, abilities). */
import { effectiveRole, highestRole } from "../../../common/domain/roles.ts";
import type { Session } from "../../../common/schemas/auth.ts";
import type { Db } from "../../db/client.ts";
import { loadActor } from "../../platform/actor.ts";
import { ensureProfile, sessionUserOf } from "../../platform/profiles.ts";
import { abilitiesOf, type PolicyEnv } from "../../policies/index.ts";

export async function loadSession(db: Db, userId: string, env: PolicyEnv): Promise<Session | null> {
  await ensureProfile(db, userId);
  const [person, actor] = await Promise.all([sessionUserOf(db, userId), loadActor(db, userId)]);
  if (!person) return null;
  return {
    user: person,
    memberships: actor.memberships,
    currentDeptId: actor.currentDeptId,
    role: effectiveRole(actor.memberships, actor.currentDeptId),
    badgeRole: highestRole(actor.memberships.filter((m) => m.isActive).map((m) => m.role)),
    needsDepartment: actor.memberships.length === 0,
    abilities: abilitiesOf(actor, env),
  };
}
