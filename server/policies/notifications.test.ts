import { describe } from "vitest";
import type { Role } from "../../common/domain/roles.ts";
import { me, no, ownOnly, someoneElse, table, yes } from "./matrix.test-support.ts";
import type { BroadcastResource, UserResource } from "./resources.ts";

const recipient =
  (id: string, role: Role = "staff") =>
  (deptId: string): UserResource => ({ type: "user", id, memberships: [{ deptId, role, isActive: true }] });

const everyone = { admin: yes, leader: yes, staff: yes, inactive: yes, none: yes };
const nobody = { admin: no, leader: no, staff: no, inactive: no, none: no };

describe("policies: notifications", () => {
  for (const action of ["notification.list", "notification.markRead", "notification.subscribe"] as const) {
    table(action, "my own", recipient(me), everyone);
    // Leaders may read a staff member's user record, never their notifications.
    table(action, "a staff member's", recipient(someoneElse), nobody);
    table(action, "a leader's", recipient(someoneElse, "leader"), nobody);
  }
  // An admin record in any department makes one admin everywhere; leaders and staff never broadcast.
  table("notification.broadcast", "to everyone", () => ({ type: "app" }), { ...nobody, admin: yes });

  // 'Sendte varsler': leaders and admins; staff never.
  table("broadcast.list", "sent broadcasts", () => ({ type: "app" }), { ...nobody, admin: yes, leader: yes });

  // Who has read a broadcast: its sender, and the leaders and admins of its department.
  const broadcast =
    (senderId: string | null) =>
    (deptId: string): BroadcastResource => ({ type: "broadcast", id: someoneElse, deptId, senderId });
  table("broadcast.readers", "another's, from a department", broadcast(someoneElse), {
    ...nobody,
    admin: yes,
    leader: ownOnly,
  });
  table("broadcast.readers", "my own", broadcast(me), everyone);
  table("broadcast.readers", "a deleted sender's", broadcast(null), {
    ...nobody,
    admin: yes,
    leader: ownOnly,
  });
  table(
    "broadcast.readers",
    "of a department that is gone",
    () => ({ type: "broadcast", id: someoneElse, deptId: null, senderId: someoneElse }),
    { ...nobody, admin: yes },
  );
});
