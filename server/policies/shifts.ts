/**
 * Extra shifts (decisions.md § Extra shifts). Admins and leaders of the department run
 * them; drafts are theirs alone (hidden from staff); every active member may register
 * interest in an open shift; an outcome is seen by its candidates and the leaders.
 */
import { type Actor, activeIn, allow, isAdmin, leadsOrAdmins } from "./policy.ts";
import type { ShiftResource } from "./resources.ts";

const manages = (actor: Actor, shift: ShiftResource) => leadsOrAdmins(actor, shift.deptId);

allow("shift.list", (actor, dept) => activeIn(actor, dept.id) || isAdmin(actor));

allow(
  "shift.read",
  (actor, shift) =>
    shift.status === "draft" ? manages(actor, shift) : activeIn(actor, shift.deptId) || isAdmin(actor),
  { refusal: "hide" },
);

allow("shift.create", (actor, dept) => leadsOrAdmins(actor, dept.id));
allow("shift.edit", (actor, shift) => shift.status === "draft" && manages(actor, shift));
allow("shift.publish", (actor, shift) => shift.status === "draft" && manages(actor, shift));
allow("shift.delete", (actor, shift) => shift.status === "draft" && manages(actor, shift));
allow("shift.close", (actor, shift) => shift.status === "open" && manages(actor, shift));
allow("shift.assign", (actor, shift) => shift.status === "open" && manages(actor, shift));

// Leaders register interest too (decisions.md); nobody after the shift is no longer open.
allow("shift.interest", (actor, shift) => shift.status === "open" && activeIn(actor, shift.deptId));

allow(
  "shift.viewOutcome",
  (actor, shift) =>
    shift.status === "assigned" &&
    ((activeIn(actor, shift.deptId) && shift.candidateIds.includes(actor.userId)) || manages(actor, shift)),
  { refusal: "hide" },
);
