/**
 * User administration (decisions.md § Users). Admins create, edit and delete users in
 * every department; leaders see their department's users and may deactivate or
 * reactivate staff there, nothing else. (The last active admin is protected by the
 * service, which knows how many there are.)
 */
import { type Actor, allow, isAdmin, leadsOrAdmins } from "./policy.ts";
import type { UserResource } from "./resources.ts";

/** Leads a department the person has a record in. */
const leadsOneOf = (actor: Actor, target: UserResource) =>
  target.memberships.some((m) => leadsOrAdmins(actor, m.deptId));

allow("user.list", (actor, dept) => leadsOrAdmins(actor, dept.id));
allow("user.create", (actor, dept) => !!dept.id && isAdmin(actor));
allow("user.read", (actor, target) => target.id === actor.userId || leadsOneOf(actor, target), {
  refusal: "hide",
});
allow("user.edit", (actor, target) => !!target.id && isAdmin(actor));
// Leaders deactivate staff of their department, not other leaders or admins.
allow(
  "user.deactivate",
  (actor, target) =>
    target.id !== actor.userId &&
    (isAdmin(actor) || (leadsOneOf(actor, target) && target.memberships.every((m) => m.role === "staff"))),
);
allow("user.delete", (actor, target) => target.id !== actor.userId && isAdmin(actor));
