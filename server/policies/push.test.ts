import { describe, expect, it } from "vitest";
import type { Role } from "../../common/domain/roles.ts";
import { refusalOf } from "./index.ts";
import { me, no, someoneElse, table, yes } from "./matrix.test-support.ts";
import type { UserResource } from "./resources.ts";

const owner =
  (id: string, role: Role = "staff") =>
  (deptId: string): UserResource => ({ type: "user", id, memberships: [{ deptId, role, isActive: true }] });

const everybody = { admin: yes, leader: yes, staff: yes, inactive: yes, none: yes };
const nobody = { admin: no, leader: no, staff: no, inactive: no, none: no };
const actions = ["push.read", "push.subscribe", "push.remove", "push.preference"] as const;

describe("policies: push notifications", () => {
  for (const action of actions) {
    table(action, "my own devices", owner(me), everybody);
    // Not an admin's nor a leader's either: where my pushes go is mine.
    table(action, "a staff member's devices", owner(someoneElse), nobody);
    table(action, "an admin's devices", owner(someoneElse, "admin"), nobody);
  }

  it("hides someone else's device (404), as if it did not exist", () => {
    expect(refusalOf("push.remove")).toBe("hide");
  });
});
