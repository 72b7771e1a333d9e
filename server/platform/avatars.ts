/**
 * The address of a person's avatar, as every API gives it (`avatarUrl`). The stored key
 * (`profiles.avatar_path`) stays `avatars/{userId}/avatar.webp`; the address carries the
 * profile's `updated_at` as a version, so a new picture gets a new address and the
 * browser's long cache of the old one never shows it (decisions.md § Users). Served by
 * `GET /api/avatars/:userId` to the owner, their departments' people and admins.
 */
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";

export const avatarRoute = "/api/avatars";

/** The versioned address, or null when the person has no picture. */
export function avatarUrlOf(p: {
  userId: string;
  avatarPath: string | null;
  updatedAt: Date;
}): string | null {
  return p.avatarPath ? `${avatarRoute}/${p.userId}?v=${p.updatedAt.getTime()}` : null;
}

/** The same address computed in SQL, for selects of `profiles` or an alias of it (or raw columns). */
export function avatarUrlSql(p: {
  userId: SQLWrapper;
  avatarPath: SQLWrapper;
  updatedAt: SQLWrapper;
}): SQL<string | null> {
  return sql<string | null>`case when ${p.avatarPath} is null then null else
    ${`${avatarRoute}/`} || ${p.userId}::text || '?v=' || floor(extract(epoch from ${p.updatedAt}) * 1000)::bigint::text end`;
}
