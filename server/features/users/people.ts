/**
 * People as 'Brukeroversikt' shows them: account, profile and staff records, with what
 * the caller may do with each (the policies decide). Lists are sorted admin, leader,
 * staff (by the highest active role), then by name.
 */
import { and, asc, eq, ilike, inArray, or, type SQL } from "drizzle-orm";
import { highestRole, roles } from "../../../common/domain/roles.ts";
import type { MembershipDto, UserRow } from "../../../common/schemas/users.ts";
import type { Db, Tx } from "../../db/client.ts";
import { departments, profiles, staff, user } from "../../db/schema.ts";
import { avatarUrlOf } from "../../platform/avatars.ts";
import type { Actor, PolicyEnv } from "../../policies/index.ts";
import { isAdmin, may } from "../../policies/index.ts";
import type { UserResource } from "../../policies/resources.ts";

export interface Person {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  fullName: string;
  phone: string | null;
  /** the versioned address (platform/avatars.ts), null without a picture */
  avatarUrl: string | null;
  createdAt: Date;
  memberships: MembershipDto[];
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** People matching the filter: in one of `deptIds` (all when absent), matching `search`. */
export async function loadPeople(
  db: Db | Tx,
  filter: { userIds?: string[]; deptIds?: string[]; search?: string },
): Promise<Person[]> {
  const where: SQL[] = [];
  if (filter.userIds) where.push(inArray(user.id, filter.userIds));
  if (filter.deptIds)
    where.push(
      inArray(
        user.id,
        db.select({ id: staff.userId }).from(staff).where(inArray(staff.deptId, filter.deptIds)),
      ),
    );
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`;
    where.push(
      or(ilike(profiles.fullName, pattern), ilike(user.email, pattern), ilike(profiles.phone, pattern))!,
    );
  }
  const rows = await db
    .select({
      userId: user.id,
      email: user.email,
      name: user.name,
      createdAt: user.createdAt,
      profile: profiles,
      deptId: staff.deptId,
      deptName: departments.name,
      role: staff.role,
      isActive: staff.isActive,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .leftJoin(staff, eq(staff.userId, user.id))
    .leftJoin(departments, eq(departments.id, staff.deptId))
    .where(and(...where))
    .orderBy(asc(departments.name));
  const people = new Map<string, Person>();
  for (const r of rows) {
    let p = people.get(r.userId);
    if (!p) {
      const fullName = r.profile?.fullName ?? r.name;
      p = {
        userId: r.userId,
        email: r.email,
        firstName: r.profile?.firstName ?? fullName,
        lastName: r.profile?.lastName ?? "",
        fullName,
        phone: r.profile?.phone ?? null,
        avatarUrl: r.profile ? avatarUrlOf(r.profile) : null,
        createdAt: r.createdAt,
        memberships: [],
      };
      people.set(r.userId, p);
    }
    if (r.deptId && r.deptName && r.role && r.isActive !== null)
      p.memberships.push({ deptId: r.deptId, deptName: r.deptName, role: r.role, isActive: r.isActive });
  }
  return [...people.values()].sort(byRoleThenName);
}

const rank = (p: Person) => {
  const best = highestRole(p.memberships.filter((m) => m.isActive).map((m) => m.role));
  return best ? roles.indexOf(best) : roles.length;
};

function byRoleThenName(a: Person, b: Person): number {
  return rank(a) - rank(b) || a.fullName.localeCompare(b.fullName, "nb");
}

export const userResource = (p: Pick<Person, "userId" | "memberships">): UserResource => ({
  type: "user",
  id: p.userId,
  memberships: p.memberships,
});

/** The same person with only their record in one department (what a leader acts on). */
export const inDepartment = (p: Pick<Person, "userId" | "memberships">, deptId: string): UserResource => ({
  type: "user",
  id: p.userId,
  memberships: p.memberships.filter((m) => m.deptId === deptId),
});

export function present(p: Person, actor: Actor, env: PolicyEnv): UserRow {
  const whole = userResource(p);
  const edit = may(actor, "user.edit", whole, env);
  return {
    userId: p.userId,
    email: p.email,
    firstName: p.firstName,
    lastName: p.lastName,
    fullName: p.fullName,
    phone: p.phone,
    avatarUrl: p.avatarUrl,
    memberships: p.memberships,
    active: p.memberships.some((m) => m.isActive),
    createdAt: p.createdAt.toISOString(),
    can: {
      edit,
      // A leader acts on the record in their own department.
      deactivate:
        may(actor, "user.deactivate", whole, env) ||
        p.memberships.some((m) => may(actor, "user.deactivate", inDepartment(p, m.deptId), env)),
      delete: may(actor, "user.delete", whole, env),
      avatar: edit,
    },
  };
}

/** The departments whose people the actor manages: all for admins (null), else the ones they lead. */
export function managedDepartments(actor: Actor): string[] | null {
  if (isAdmin(actor)) return null;
  return actor.memberships.filter((m) => m.isActive && m.role === "leader").map((m) => m.deptId);
}
