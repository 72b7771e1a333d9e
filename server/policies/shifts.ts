/**
 * Extra shifts (decisions.md § Extra shifts). Admins and leaders of the department run
 * them; drafts are theirs alone (hidden from staff); every active member may register
 * interest in an open shift; an outcome is seen by its candidates and the leaders.
 *
 * Two kinds of rule. The gates of the routes that change a shift (`shift.manage`,
 * `shift.participate`) say who may ask; whether the shift's state allows it right now is
 * the service's answer (409 with the reason: 'Bare utkast kan …', 'Ekstravakten er ikke
 * åpen lenger', or the earlier result of an assignment), decided under the row's lock.
 * The abilities (`shift.edit` … `shift.interest`) say who may do what in the shift's
 * present state: what each shift's `can` tells the web app, so no button offers a
 * refusal.
 */
import { type Actor, activeIn, allow, isAdmin, leadsOrAdmins } from "./policy.ts";
import type { ShiftResource } from "./resources.ts";

const manages = (actor: Actor, shift: ShiftResource) => leadsOrAdmins(actor, shift.deptId);
/**
 * Could work the shift: an active staff record in its department. A leader or an admin
 * who runs the shift is not offered 'Jeg er interessert' unless that is what they are
 * there too (an admin elsewhere who is staff here).
 */
const worksIn = (actor: Actor, shift: ShiftResource) =>
  actor.memberships.some((m) => m.deptId === shift.deptId && m.isActive && m.role === "staff");
/** Takes interest and an assignment: open, and not started (decisions.md § Lifecycle). */
const takesPeople = (shift: ShiftResource) => shift.status === "open" && !shift.started;

// The department's lists; drafts and the fairness picture are its leaders'.
allow("shift.list", (actor, dept) => activeIn(actor, dept.id) || isAdmin(actor));
allow("shift.listDrafts", (actor, dept) => leadsOrAdmins(actor, dept.id));
allow("shift.fairness", (actor, dept) => leadsOrAdmins(actor, dept.id));
// 'Din plass i køen' (issue 28): one's own figures, for the department one works in.
allow("shift.fairnessMine", (actor, dept) => activeIn(actor, dept.id));

allow(
  "shift.read",
  (actor, shift) =>
    shift.status === "draft" ? manages(actor, shift) : activeIn(actor, shift.deptId) || isAdmin(actor),
  { refusal: "hide" },
);

allow("shift.create", (actor, dept) => leadsOrAdmins(actor, dept.id));

// Gates: edit, delete, publish, close and assign are the leaders'; interest is every
// active member's, leaders included.
allow("shift.manage", (actor, shift) => manages(actor, shift));
allow("shift.participate", (actor, shift) => activeIn(actor, shift.deptId));

// Abilities in the present state.
allow("shift.edit", (actor, shift) => shift.status === "draft" && manages(actor, shift));
allow("shift.publish", (actor, shift) => shift.status === "draft" && !shift.started && manages(actor, shift));
allow("shift.delete", (actor, shift) => shift.status === "draft" && manages(actor, shift));
allow("shift.close", (actor, shift) => shift.status === "open" && manages(actor, shift));
allow("shift.assign", (actor, shift) => takesPeople(shift) && manages(actor, shift));
allow(
  "shift.interest",
  (actor, shift) =>
    takesPeople(shift) && activeIn(actor, shift.deptId) && (!manages(actor, shift) || worksIn(actor, shift)),
);

allow(
  "shift.viewOutcome",
  (actor, shift) =>
    shift.status === "assigned" &&
    shift.kind === "extra" &&
    ((activeIn(actor, shift.deptId) && shift.candidateIds.includes(actor.userId)) || manages(actor, shift)),
  { refusal: "hide" },
);

// My calendar feed: mine alone, while I work somewhere.
allow(
  "shift.calendar",
  (actor, owner) => owner.id === actor.userId && actor.memberships.some((m) => m.isActive),
);
