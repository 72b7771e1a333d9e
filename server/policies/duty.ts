/**
 * Duty roles ('Vaktroller', issue 26). A department's roles and who holds them now are
 * its active staff's to see (admins everywhere); another department's answer like
 * missing ones. Its leaders and admins define roles and set holders ahead; a staff
 * member on the block under way takes an unheld role, and whoever holds a role now hands
 * it on (its leaders may too). Whether the role is still free, or still theirs, is the
 * service's to say under the unique index (409), not the policy's.
 */
import { type Actor, activeIn, allow, isAdmin, leadsOrAdmins } from "./policy.ts";
import type { DutyRoleResource } from "./resources.ts";

const readsDept = (actor: Actor, deptId: string) => activeIn(actor, deptId) || isAdmin(actor);

allow("duty.read", (actor, dept) => readsDept(actor, dept.id), { refusal: "hide" });
allow("dutyRole.read", (actor, role) => readsDept(actor, role.deptId), { refusal: "hide" });

// 'Vaktroller' under Administrasjon: the grid, 'Ny vaktrolle', renaming, deleting, holders.
allow("duty.grid", (actor, dept) => leadsOrAdmins(actor, dept.id));
allow("dutyRole.create", (actor, dept) => leadsOrAdmins(actor, dept.id));
allow("dutyRole.rename", (actor, role) => leadsOrAdmins(actor, role.deptId));
allow("dutyRole.delete", (actor, role) => leadsOrAdmins(actor, role.deptId));
allow("dutyRole.assign", (actor, role) => leadsOrAdmins(actor, role.deptId));

/** On the block under way: a shift of theirs covers now, or they hold a role now. */
const onBlock = (actor: Actor, role: DutyRoleResource) => role.onBlock.includes(actor.userId);

// 'Ta rollen': active staff of the department who are on the block under way.
allow("dutyRole.take", (actor, role) => activeIn(actor, role.deptId) && onBlock(actor, role));

// 'Overlever til …': its holder now, while active there; the department's leaders and admins.
allow(
  "dutyRole.handOver",
  (actor, role) =>
    (role.holderId === actor.userId && activeIn(actor, role.deptId)) || leadsOrAdmins(actor, role.deptId),
);
