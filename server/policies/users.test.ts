import { describe, expect, it } from "vitest";
import type { Role } from "../../common/domain/roles.ts";
import { may } from "./index.ts";
import { A, actor, B, me, no, ownOnly, someoneElse, staging, table, yes } from "./matrix.test-support.ts";
import type { UserResource } from "./resources.ts";

const target =
  (role: Role, id = someoneElse) =>
  (deptId: string): UserResource => ({ type: "user", id, memberships: [{ deptId, role, isActive: true }] });
const dept = (id: string) => ({ type: "department" as const, id });
const app = () => ({ type: "app" as const });

const managers = { admin: yes, leader: ownOnly, staff: no, inactive: no, none: no };
const admins = { admin: yes, leader: no, staff: no, inactive: no, none: no };
const nobody = { admin: no, leader: no, staff: no, inactive: no, none: no };

describe("policies: user administration", () => {
  table("user.list", "the department's users", dept, managers);
  table("user.create", "new user", dept, admins);
  table("user.preview", "an address that may have an account", dept, admins);
  table("user.read", "a staff member", target("staff"), managers);
  table("user.read", "myself", target("staff", me), managers);
  table("user.edit", "a staff member", target("staff"), admins);
  table("user.deactivate", "a staff member", target("staff"), managers);
  table("user.deactivate", "a leader", target("leader"), admins);
  table("user.deactivate", "myself", target("staff", me), nobody);
  table("user.delete", "a staff member", target("staff"), admins);
  table("user.delete", "myself", target("admin", me), nobody);
  table("audit.list", "the audit log", app, admins);
  table("department.create", "a new department", app, admins);
  table("department.rename", "a department", dept, admins);

  it("user.deactivate: a leader may not deactivate everywhere someone who also works in another department", () => {
    const both: UserResource = {
      type: "user",
      id: someoneElse,
      memberships: [
        { deptId: A, role: "staff", isActive: true },
        { deptId: B, role: "staff", isActive: true },
      ],
    };
    expect(may(actor("leader"), "user.deactivate", both, staging)).toBe(false);
    expect(may(actor("admin"), "user.deactivate", both, staging)).toBe(true);
  });

  it("user.read: admins read a person with no staff record yet, leaders do not", () => {
    const newcomer: UserResource = { type: "user", id: someoneElse, memberships: [] };
    expect(may(actor("admin"), "user.read", newcomer, staging)).toBe(true);
    expect(may(actor("leader"), "user.read", newcomer, staging)).toBe(false);
  });
});
