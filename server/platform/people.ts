/**
 * Reads about people that several features share: who leads a department (and so hears
 * of its drafts and decides its deals), and how a person is named, also once their
 * account is gone ('Slettet bruker'). Kept here so that each feature asks the same way.
 */
import { and, eq, inArray, or, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { PersonRef } from "../../common/schemas/shifts.ts";
import { ui } from "../../common/texts/index.ts";
import type { Db, Tx } from "../db/client.ts";
import { profiles, staff, user } from "../db/schema.ts";

/**
 * The active leaders of the department (or of any department `depts` selects) and every
 * active admin, each once.
 */
export async function leadersAndAdminsOf(db: Db | Tx, depts: string | SQLWrapper): Promise<string[]> {
  const inDepts = typeof depts === "string" ? eq(staff.deptId, depts) : inArray(staff.deptId, depts);
  const rows = await db
    .selectDistinct({ userId: staff.userId })
    .from(staff)
    .where(
      and(eq(staff.isActive, true), or(eq(staff.role, "admin"), and(inDepts, eq(staff.role, "leader")))),
    );
  return rows.map((r) => r.userId);
}

/** How a person whose account is gone is named; their rows keep the history. */
const deletedUserName = ui.shifts.deletedUser;

/** A person's name as shown: the profile's full name, else the account's. */
export const nameOf = (u: { name: AnyPgColumn }, p: { fullName: AnyPgColumn }): SQL<string> =>
  sql<string>`coalesce(${p.fullName}, ${u.name})`;

/** The name of the person with this id, or 'Slettet bruker' when there is none. */
export async function nameOfUser(db: Db | Tx, userId: string): Promise<string> {
  const [row] = await db
    .select({ name: nameOf(user, profiles) })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(eq(user.id, userId));
  return row?.name ?? deletedUserName;
}

/** A person as lists show them; a name that was not found reads 'Slettet bruker'. */
export function personRef(userId: string, name: string | null, avatarUrl: string | null): PersonRef {
  return { userId, name: name ?? deletedUserName, avatarUrl };
}

/**
 * A person of a row that outlives them: for a deleted account ('Slettet bruker'), the
 * row's own id stands in for theirs, so lists keep a stable key that is nobody's id.
 */
export function personOf(
  userId: string | null,
  name: string | null,
  avatarUrl: string | null,
  rowId: string,
): PersonRef {
  return userId
    ? personRef(userId, name, avatarUrl)
    : { userId: rowId, name: deletedUserName, avatarUrl: null };
}
