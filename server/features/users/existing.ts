/**
 * 'Legg til ny bruker' for an address that already has an account: the call stays an
 * upsert (service.ts createUser), but what it would change of that person is shown to
 * the admin first ('Personen finnes allerede') and named, by field only, in its audit row.
 */
import { and, eq } from "drizzle-orm";
import type { Role } from "../../../common/domain/roles.ts";
import type { ExistingPersonChange } from "../../../common/schemas/users.ts";
import type { Db, Tx } from "../../db/client.ts";
import { departments, profiles, staff, user } from "../../db/schema.ts";
import { notFound } from "../../platform/errors.ts";

/** 'Legg til ny bruker': whom to create (service.ts createUser), or to find when they exist. */
export interface CreateUser {
  firstName: string;
  lastName: string;
  email: string;
  deptId: string;
  phone?: string | undefined;
  role: Role;
}

export interface ExistingPerson {
  userId: string;
  fullName: string;
  changes: ExistingPersonChange[];
}

/** The person at `input.email` and what creating them again would change; null: nobody has it. */
export async function existingPerson(db: Db | Tx, input: CreateUser): Promise<ExistingPerson | null> {
  const [dept] = await db
    .select({ name: departments.name })
    .from(departments)
    .where(eq(departments.id, input.deptId));
  if (!dept) throw notFound("department_not_found");
  const [found] = await db
    .select({ userId: user.id, name: user.name, verified: user.emailVerified, profile: profiles })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(eq(user.email, input.email));
  if (!found) return null;
  const [record] = await db
    .select({ role: staff.role, isActive: staff.isActive })
    .from(staff)
    .where(and(eq(staff.userId, found.userId), eq(staff.deptId, input.deptId)));

  const changes: ExistingPersonChange[] = [];
  const fullName = found.profile?.fullName ?? found.name;
  const newName = `${input.firstName} ${input.lastName}`;
  if (found.profile?.firstName !== input.firstName || found.profile?.lastName !== input.lastName)
    changes.push({ field: "name", from: fullName, to: newName });
  // No phone given keeps theirs; an empty one removes it.
  const phone = input.phone === undefined ? undefined : input.phone || null;
  const oldPhone = found.profile?.phone ?? null;
  if (phone !== undefined && phone !== oldPhone) changes.push({ field: "phone", from: oldPhone, to: phone });
  if (!record || record.role !== input.role || !record.isActive)
    changes.push({ field: "record", deptName: dept.name, from: record ?? null, to: input.role });
  if (!found.verified) changes.push({ field: "confirmation" });
  return { userId: found.userId, fullName, changes };
}
