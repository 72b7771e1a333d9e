/**
 * Who is asking: a signed-in person with their staff records and the department the
 * app works in for them. Every feature's policies read this; it belongs to no feature.
 */
import { and, asc, eq, exists, notExists, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgSelect } from "drizzle-orm/pg-core";
import { highestRole, type Membership } from "../../common/domain/roles.ts";
import type { Db, Tx } from "../db/client.ts";
import { preparedOnce } from "../db/prepared.ts";
import { departments, profiles, staff, user } from "../db/schema.ts";
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

/** A person's staff records (one row each, or one empty row) and their saved department. */
export const actorColumns = {
  saved: profiles.currentDeptId,
  deptId: staff.deptId,
  deptName: departments.name,
  role: staff.role,
  isActive: staff.isActive,
};

/** `actorColumns`' tables joined to a select of `user` (or of what joins it), by department name. */
export const withActorRecords = <Q extends PgSelect>(query: Q) =>
  query
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .leftJoin(staff, eq(staff.userId, user.id))
    .leftJoin(departments, eq(departments.id, staff.deptId))
    .orderBy(asc(departments.name));

type ActorRow = { [K in keyof typeof actorColumns]: (typeof actorColumns)[K]["_"]["data"] | null };

/** The person as the policies see them, from the rows of `withActorRecords`. */
export function actorFromRows(
  userId: string,
  rows: readonly ActorRow[],
): Actor & { memberships: MembershipRow[] } {
  const memberships = rows.flatMap(({ deptId, deptName, role, isActive }) =>
    deptId && deptName && role && isActive !== null ? [{ deptId, deptName, role, isActive }] : [],
  );
  return {
    userId,
    memberships,
    currentDeptId: chooseCurrentDept(memberships, rows[0]?.saved ?? null),
  };
}

const actorRows = preparedOnce((db) =>
  withActorRecords(
    db
      .select(actorColumns)
      .from(user)
      .where(eq(user.id, sql.placeholder("userId")))
      .$dynamic(),
  ).prepare("actor_rows"),
);

/**
 * The person as the policies see them, in one query: their staff records (every one,
 * active or not, by department name) and the department saved as current.
 */
export async function loadActor(db: Db, userId: string): Promise<Actor & { memberships: MembershipRow[] }> {
  return actorFromRows(userId, await actorRows(db).execute({ userId }));
}

/** `notDeactivated` on records already loaded: some records, none of them active. */
export const isDeactivatedBy = (memberships: readonly Membership[]) =>
  memberships.length > 0 && !memberships.some((m) => m.isActive);

/**
 * SQL: the person (a user id, or a column holding one) is not deactivated: they have
 * no staff record yet (a newcomer) or an active one. Deactivated people cannot sign in,
 * lose their sessions and get no notifications (decisions.md § Accounts); every query
 * that asks uses this one condition.
 */
export function notDeactivated(db: Db | Tx, userId: string | AnyPgColumn): SQL {
  const records = db.select({ id: staff.id }).from(staff).where(eq(staff.userId, userId));
  const active = db
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.userId, userId), eq(staff.isActive, true)));
  return or(notExists(records), exists(active))!;
}

export async function isDeactivated(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ ok: sql<boolean>`${notDeactivated(db, userId)}` })
    .from(user)
    .where(eq(user.id, userId));
  return row !== undefined && !row.ok;
}
