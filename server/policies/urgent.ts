/**
 * Urgent messages and mentions (issue 26). Whom a message reached, and for an urgent one
 * who acknowledged it, is for its sender and the department's leaders and admins: the
 * people reached see their own 'Bekreft' and nothing of the others. Only a person it
 * reached acknowledges it. Both ask first whether the thread may be read at all (so a DM
 * stays its two people's: an admin is no reader of it, and sees no list of it either).
 */
import { activeIn, allow, leadsOrAdmins, may } from "./policy.ts";

allow(
  "message.acknowledge",
  (actor, m, env) =>
    m.urgent &&
    !m.deleted &&
    m.recipientIds.includes(actor.userId) &&
    may(actor, "thread.read", m.thread, env),
  { refusal: "forbid" },
);

allow(
  "message.viewReach",
  (actor, m, env) =>
    may(actor, "thread.read", m.thread, env) &&
    (m.authorId === actor.userId || (activeIn(actor, m.deptId) && leadsOrAdmins(actor, m.deptId))),
);

// The 'Haster' overview of a department: its leaders and admins.
allow("urgent.overview", (actor, dept) => activeIn(actor, dept.id) && leadsOrAdmins(actor, dept.id));
