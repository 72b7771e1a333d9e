/**
 * User administration (decisions.md § Users). Admins create, edit and delete users in
 * every department, read the audit log and create or rename departments; leaders see
 * their department's users and may deactivate or reactivate staff there, nothing else.
 * (The last active admin is protected by the service, which knows how many there are.)
 */
import { type Actor, allow, isAdmin, leadsOrAdmins } from "./policy.ts";
import type { UserResource } from "./resources.ts";

/** Leads a department the person has a record in. */
const leadsOneOf = (actor: Actor, target: UserResource) =>
  target.memberships.some((m) => leadsOrAdmins(actor, m.deptId));

/**
 * Leads every department of the records concerned, all of them staff records. The
 * route passes only the department's record when it names one; without, every record
 * would change, so a leader must lead them all.
 */
const leadsStaffIn = (actor: Actor, target: UserResource) =>
  target.memberships.length > 0 &&
  target.memberships.every((m) => m.role === "staff" && leadsOrAdmins(actor, m.deptId));

allow("user.list", (actor, dept) => leadsOrAdmins(actor, dept.id));
allow("user.create", (actor, dept) => !!dept.id && isAdmin(actor));
// Whether an address has an account, and what creating it again would change: only for
// those who may create, so nobody else learns whether an address exists.
allow("user.preview", (actor, dept) => !!dept.id && isAdmin(actor));
// An admin screen: refused with 403 like the others, also for one's own row.
allow("user.read", (actor, target) => isAdmin(actor) || leadsOneOf(actor, target));
allow("user.edit", (actor, target) => !!target.id && isAdmin(actor));
// Leaders deactivate staff of their department, not other leaders or admins.
allow(
  "user.deactivate",
  (actor, target) => target.id !== actor.userId && (isAdmin(actor) || leadsStaffIn(actor, target)),
);
allow("user.delete", (actor, target) => target.id !== actor.userId && isAdmin(actor));
allow("audit.list", (actor) => isAdmin(actor));
allow("department.create", (actor) => isAdmin(actor));
allow("department.rename", (actor, dept) => !!dept.id && isAdmin(actor));
