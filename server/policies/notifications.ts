/**
 * Notifications (spec §3, §4): each belongs to its recipient alone. Reading them,
 * marking them read and following one's `user:{id}` realtime topic (which carries them
 * and the badge counts) are for that person only: not for leaders or admins, who may
 * read other people's user records (`user.read`) but not their notifications. Someone
 * else's notification is hidden (404), as if it did not exist. Broadcasting to everyone
 * is an admin's alone.
 */
import { type Actor, allow, isAdmin, leadsOrAdmins } from "./policy.ts";
import type { BroadcastResource, UserResource } from "./resources.ts";

const isRecipient = (actor: Actor, recipient: UserResource) => recipient.id === actor.userId;

allow("notification.list", isRecipient);
allow("notification.markRead", isRecipient, { refusal: "hide" });
allow("notification.subscribe", isRecipient);

// 'Send varsel til alle' reaches every active user of the installation: admins only (spec §6).
allow("notification.broadcast", (actor) => isAdmin(actor));

// 'Sett av n av m' (issue 26 item 4): who has read a broadcast is for its sender and the
// leaders and admins of the department it was sent from; to anyone else it is not there.
const leadsSomewhere = (actor: Actor) =>
  isAdmin(actor) || actor.memberships.some((m) => m.isActive && m.role === "leader");
allow("broadcast.list", leadsSomewhere);
allow(
  "broadcast.readers",
  (actor, b: BroadcastResource) =>
    b.senderId === actor.userId || isAdmin(actor) || leadsOrAdmins(actor, b.deptId),
  { refusal: "hide" },
);
