/**
 * ensure_profile: a person's own data (name parts, phone, avatar, current department)
 * lives in `profiles`, made from the account's name the first time it is needed. Every
 * feature that meets a new person (sign-in, joining a department, the demo seed) uses it.
 * The session and 'Min Profil' show that data the same way (`sessionUserOf`).
 */
import { eq } from "drizzle-orm";
import type { Session } from "../../common/schemas/auth.ts";
import type { Db } from "../db/client.ts";
import { profiles, user } from "../db/schema.ts";
import { avatarUrlOf } from "./avatars.ts";

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

/** The signed-in person's account and profile as the API shows them; null without a profile. */
export async function sessionUserOf(db: Db, userId: string): Promise<Session["user"] | null> {
  const [row] = await db
    .select({ user, profile: profiles })
    .from(user)
    .innerJoin(profiles, eq(profiles.userId, user.id))
    .where(eq(user.id, userId));
  if (!row) return null;
  const { profile } = row;
  return {
    id: row.user.id,
    email: row.user.email,
    fullName: profile.fullName,
    firstName: profile.firstName,
    lastName: profile.lastName,
    phone: profile.phone,
    avatarUrl: avatarUrlOf(profile),
    createdAt: profile.createdAt.toISOString(),
  };
}
