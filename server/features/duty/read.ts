/**
 * What the duty screens read: a department's roles with who holds each in the block
 * under way ('Pågående vakt', the 'Informasjon' rail), and the leaders' grid of today and
 * the next 14 days. Who is on the block comes from the one roster read every feature
 * asks (`platform/roster.ts`).
 */
import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { dutyGrid, isOnBlock } from "../../../common/domain/duty.ts";
import type { ShiftBlock } from "../../../common/domain/shift-block.ts";
import type {
  DutyBlock,
  DutyGridDto,
  DutyNowDto,
  DutyPerson,
  DutyRoleDto,
} from "../../../common/schemas/duty.ts";
import type { Db, Tx } from "../../db/client.ts";
import { departments, dutyHoldings, dutyRoles, profiles, staff, user } from "../../db/schema.ts";
import { avatarUrlSql } from "../../platform/avatars.ts";
import { nameOf } from "../../platform/people.ts";
import { type DutyNow, dutyNow, onBlock } from "../../platform/roster.ts";
import type { Viewer } from "../../platform/viewer.ts";
import { abilitiesFor, may } from "../../policies/index.ts";
import type { DutyRoleResource } from "../../policies/resources.ts";

export async function departmentExists(db: Db, deptId: string): Promise<boolean> {
  const [row] = await db.select({ id: departments.id }).from(departments).where(eq(departments.id, deptId));
  return !!row;
}

/** The department's roles, by name whatever the case. */
export function rolesOf(db: Db | Tx, deptId: string): Promise<DutyRoleDto[]> {
  return db
    .select({ id: dutyRoles.id, name: dutyRoles.name })
    .from(dutyRoles)
    .where(eq(dutyRoles.deptId, deptId))
    .orderBy(sql`lower(${dutyRoles.name})`, asc(dutyRoles.id));
}

const personColumns = {
  userId: user.id,
  fullName: nameOf(user, profiles),
  avatarUrl: avatarUrlSql(profiles),
};

/** These people as the duty screens show them. */
async function peopleById(db: Db | Tx, ids: readonly string[]): Promise<Map<string, DutyPerson>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(personColumns)
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(inArray(user.id, [...new Set(ids)]));
  return new Map(rows.map((p) => [p.userId, p]));
}

/** The department's active staff, by name: whom a role may be given to. */
export function activeStaff(db: Db | Tx, deptId: string): Promise<DutyPerson[]> {
  return db
    .select(personColumns)
    .from(staff)
    .innerJoin(user, eq(user.id, staff.userId))
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(and(eq(staff.deptId, deptId), eq(staff.isActive, true)))
    .orderBy(asc(nameOf(user, profiles)), asc(user.id));
}

/** Whether the person has an active staff record in the department. */
export async function isActiveStaff(db: Db | Tx, deptId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.deptId, deptId), eq(staff.userId, userId), eq(staff.isActive, true)));
  return !!row;
}

export function blockDto(block: ShiftBlock): DutyBlock {
  return {
    kind: block.kind,
    name: block.name,
    range: block.range,
    start: block.start.toISOString(),
    end: block.end.toISOString(),
  };
}

/** The facts the policies judge a role by, from the block under way. */
export function roleResource(role: { id: string; deptId: string }, duty: DutyNow): DutyRoleResource {
  return {
    type: "dutyRole",
    id: role.id,
    deptId: role.deptId,
    holderId: duty.holders.find((h) => h.roleId === role.id)?.userId ?? null,
    onBlock: onBlock(duty),
  };
}

/** Whether the person is on the block under way (may take an unheld role). */
export function onBlockNow(duty: DutyNow, userId: string): boolean {
  return isOnBlock(userId, { onShift: duty.onShift, holders: duty.holders.map((h) => h.userId) });
}

/** 'Pågående vakt': every role of the department with its holder now and the viewer's abilities. */
export async function presentDutyNow(db: Db, viewer: Viewer, deptId: string): Promise<DutyNowDto> {
  const [roles, duty] = await Promise.all([rolesOf(db, deptId), dutyNow(db, deptId, viewer.now)]);
  const people = await peopleById(
    db,
    duty.holders.map((h) => h.userId),
  );
  return {
    deptId,
    block: blockDto(duty.block),
    roles: roles.map((role) => {
      const resource = roleResource({ id: role.id, deptId }, duty);
      const can = abilitiesFor(viewer.actor, resource, viewer.env, {
        take: "dutyRole.take",
        handOver: "dutyRole.handOver",
        manage: "dutyRole.assign",
      });
      return {
        ...role,
        holder: resource.holderId ? (people.get(resource.holderId) ?? null) : null,
        abilities: {
          take: can.take && resource.holderId === null,
          handOver: can.handOver && resource.holderId !== null,
          manage: can.manage,
        },
      };
    }),
    canManage: may(viewer.actor, "duty.grid", { type: "department", id: deptId }, viewer.env),
  };
}

/** 'Vaktroller': the blocks of today and the next 14 days, the roles and every holding among them. */
export async function presentGrid(db: Db, deptId: string, now: Date): Promise<DutyGridDto> {
  const blocks = dutyGrid(now);
  const first = blocks[0]!;
  const last = blocks[blocks.length - 1]!;
  const [roles, holdings, people] = await Promise.all([
    rolesOf(db, deptId),
    db
      .select({
        roleId: dutyHoldings.roleId,
        blockStart: dutyHoldings.blockStart,
        holder: personColumns,
      })
      .from(dutyHoldings)
      .innerJoin(user, eq(user.id, dutyHoldings.userId))
      .leftJoin(profiles, eq(profiles.userId, user.id))
      .where(
        and(
          eq(dutyHoldings.deptId, deptId),
          gte(dutyHoldings.blockStart, first.start),
          lt(dutyHoldings.blockStart, last.end),
        ),
      )
      .orderBy(asc(dutyHoldings.blockStart)),
    activeStaff(db, deptId),
  ]);
  return {
    deptId,
    now: now.toISOString(),
    blocks: blocks.map((b) => ({ ...blockDto(b), date: b.date, past: b.end.getTime() <= now.getTime() })),
    roles,
    holdings: holdings.map((h) => ({ ...h, blockStart: h.blockStart.toISOString() })),
    staff: people,
  };
}
