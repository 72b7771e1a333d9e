/**
 * The duty writes. Each runs in one transaction that publishes `duty.changed` on the
 * department's topic after it commits, so every open screen of every instance reads the
 * roles again. Leaders' actions (roles, holders set ahead, a handover of someone else's
 * role) leave an audit row of ids. Races are the database's to decide: the unique index
 * on (role, block) lets one of two takers in, and a handover changes the holding only
 * while it is still the holder's the request saw.
 */
import { and, count, eq, sql } from "drizzle-orm";
import { dutyLimits } from "../../../common/base/limits.ts";
import {
  assignableBlock,
  dutyRoleNameError,
  normaliseDutyRoleName,
  ongoingBlock,
} from "../../../common/domain/duty.ts";
import type { DutyHolderInput } from "../../../common/schemas/duty.ts";
import { topics } from "../../../common/schemas/realtime.ts";
import type { Tx } from "../../db/client.ts";
import { departments, dutyHoldings, dutyRoles } from "../../db/schema.ts";
import { isUniqueViolation } from "../../db/unique.ts";
import { recordAudit } from "../../platform/audit.ts";
import type { AppContext } from "../../platform/context.ts";
import { conflict, notFound, unprocessable } from "../../platform/errors.ts";
import { type TxEvents, withTx } from "../../platform/tx.ts";
import type { DutyRoleResource } from "../../policies/resources.ts";
import { isActiveStaff } from "./read.ts";

type Deps = Pick<AppContext, "db" | "bus" | "clock">;
interface Actor {
  userId: string;
}

const changed = (events: TxEvents, deptId: string) =>
  events.publish(topics.dept(deptId), "duty.changed", { deptId });

/** A name another role of the department has (whatever raced) answers 409. */
async function nameTaken<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict("duty_role_name_taken");
    throw err;
  }
}

/** The name as stored, or 422 with the rule it breaks (the taken rule is the index's). */
function validName(name: string): string {
  const rule = dutyRoleNameError(name);
  if (rule) throw unprocessable(rule);
  return normaliseDutyRoleName(name);
}

/** 'Ny vaktrolle'. */
export function createRole(deps: Deps, actor: Actor, deptId: string, input: { name: string }) {
  const name = validName(input.name);
  return nameTaken(() =>
    withTx(deps, async (tx, events) => {
      // One department's creations in turn, so the count below holds.
      await tx.execute(sql`select 1 from ${departments} where ${departments.id} = ${deptId} for update`);
      const [{ n } = { n: 0 }] = await tx
        .select({ n: count() })
        .from(dutyRoles)
        .where(eq(dutyRoles.deptId, deptId));
      if (n >= dutyLimits.rolesPerDepartment) throw conflict("duty_roles_full");
      const [role] = await tx
        .insert(dutyRoles)
        .values({ deptId, name })
        .onConflictDoNothing()
        .returning({ id: dutyRoles.id, name: dutyRoles.name });
      if (!role) throw conflict("duty_role_name_taken");
      await recordAudit(tx, actor, "dutyRole.create", { type: "dutyRole", id: role.id }, { deptId });
      changed(events, deptId);
      return role;
    }),
  );
}

export function renameRole(deps: Deps, actor: Actor, role: DutyRoleResource, input: { name: string }) {
  const name = validName(input.name);
  return nameTaken(() =>
    withTx(deps, async (tx, events) => {
      const [renamed] = await tx
        .update(dutyRoles)
        .set({ name })
        .where(and(eq(dutyRoles.id, role.id), eq(dutyRoles.deptId, role.deptId)))
        .returning({ id: dutyRoles.id, name: dutyRoles.name });
      if (!renamed) throw notFound("duty_role_not_found");
      await recordAudit(
        tx,
        actor,
        "dutyRole.rename",
        { type: "dutyRole", id: role.id },
        { deptId: role.deptId },
      );
      changed(events, role.deptId);
      return renamed;
    }),
  );
}

/** The role and every holding of it. */
export function deleteRole(deps: Deps, actor: Actor, role: DutyRoleResource) {
  return withTx(deps, async (tx, events) => {
    const [gone] = await tx
      .delete(dutyRoles)
      .where(and(eq(dutyRoles.id, role.id), eq(dutyRoles.deptId, role.deptId)))
      .returning({ id: dutyRoles.id });
    if (!gone) throw notFound("duty_role_not_found");
    await recordAudit(
      tx,
      actor,
      "dutyRole.delete",
      { type: "dutyRole", id: role.id },
      { deptId: role.deptId },
    );
    changed(events, role.deptId);
  });
}

async function mustBeActiveStaff(tx: Tx, deptId: string, userId: string) {
  if (!(await isActiveStaff(tx, deptId, userId))) throw unprocessable("duty_holder_not_in_department");
}

/** A leader sets (or clears) the holder of one block of the grid that is not over. */
export function assignHolder(deps: Deps, actor: Actor, role: DutyRoleResource, input: DutyHolderInput) {
  const now = deps.clock.now();
  const block = assignableBlock(new Date(input.blockStart), now);
  if (!block) throw unprocessable("duty_block_not_assignable");
  return withTx(deps, async (tx, events) => {
    const where = and(eq(dutyHoldings.roleId, role.id), eq(dutyHoldings.blockStart, block.start));
    if (input.userId === null) await tx.delete(dutyHoldings).where(where);
    else {
      await mustBeActiveStaff(tx, role.deptId, input.userId);
      await tx
        .insert(dutyHoldings)
        .values({
          roleId: role.id,
          deptId: role.deptId,
          blockStart: block.start,
          blockEnd: block.end,
          userId: input.userId,
          setBy: actor.userId,
        })
        .onConflictDoUpdate({
          target: [dutyHoldings.roleId, dutyHoldings.blockStart],
          set: { userId: input.userId, setBy: actor.userId, updatedAt: now },
        });
    }
    await recordAudit(
      tx,
      actor,
      "dutyRole.assign",
      { type: "dutyRole", id: role.id },
      { deptId: role.deptId, blockStart: block.start.toISOString(), userId: input.userId },
    );
    changed(events, role.deptId);
  });
}

/** 'Ta rollen': the role for the block under way, if nobody holds it yet (else 409). */
export function takeRole(deps: Deps, actor: Actor, role: DutyRoleResource) {
  const block = ongoingBlock(deps.clock.now());
  return withTx(deps, async (tx, events) => {
    // The unique index on (role, block) decides between two at once.
    const [taken] = await tx
      .insert(dutyHoldings)
      .values({
        roleId: role.id,
        deptId: role.deptId,
        blockStart: block.start,
        blockEnd: block.end,
        userId: actor.userId,
        setBy: actor.userId,
      })
      .onConflictDoNothing()
      .returning({ id: dutyHoldings.id });
    if (!taken) throw conflict("duty_role_taken");
    changed(events, role.deptId);
  });
}

/**
 * 'Overlever til …': the colleague holds the role for the rest of the block under way.
 * Only while it is still the holder's the request saw: another handover or a leader's
 * change in between answers 409.
 */
export function handOverRole(deps: Deps, actor: Actor, role: DutyRoleResource, to: string) {
  const now = deps.clock.now();
  const block = ongoingBlock(now);
  const from = role.holderId;
  if (from === null) throw conflict("duty_role_not_held");
  if (to === from) throw unprocessable("duty_handover_to_self");
  return withTx(deps, async (tx, events) => {
    await mustBeActiveStaff(tx, role.deptId, to);
    const [moved] = await tx
      .update(dutyHoldings)
      .set({ userId: to, setBy: actor.userId, updatedAt: now })
      .where(
        and(
          eq(dutyHoldings.roleId, role.id),
          eq(dutyHoldings.blockStart, block.start),
          eq(dutyHoldings.userId, from),
        ),
      )
      .returning({ id: dutyHoldings.id });
    if (!moved) throw conflict("duty_role_changed");
    // A leader handing on someone else's role acts as a leader.
    if (from !== actor.userId)
      await recordAudit(
        tx,
        actor,
        "dutyRole.handOver",
        { type: "dutyRole", id: role.id },
        { deptId: role.deptId, blockStart: block.start.toISOString(), userId: to },
      );
    changed(events, role.deptId);
  });
}
