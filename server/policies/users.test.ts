import { describe } from "vitest";
import type { Role } from "../../common/domain/roles.ts";
import { me, no, ownOnly, someoneElse, table, yes } from "./matrix.ts";
import type { UserResource } from "./resources.ts";

const target =
  (role: Role, id = someoneElse) =>
  (deptId: string): UserResource => ({ type: "user", id, memberships: [{ deptId, role, isActive: true }] });
const dept = (id: string) => ({ type: "department" as const, id });

const managers = { admin: yes, leader: ownOnly, staff: no, inactive: no, none: no };
const admins = { admin: yes, leader: no, staff: no, inactive: no, none: no };
const nobody = { admin: no, leader: no, staff: no, inactive: no, none: no };

describe("policies: user administration", () => {
  table("user.list", "the department's users", dept, managers);
  table("user.create", "new user", dept, admins);
  table("user.read", "a staff member", target("staff"), managers);
  table("user.read", "myself", target("staff", me), {
    admin: yes,
    leader: yes,
    staff: yes,
    inactive: yes,
    none: yes,
  });
  table("user.edit", "a staff member", target("staff"), admins);
  table("user.deactivate", "a staff member", target("staff"), managers);
  table("user.deactivate", "a leader", target("leader"), admins);
  table("user.deactivate", "myself", target("staff", me), nobody);
  table("user.delete", "a staff member", target("staff"), admins);
  table("user.delete", "myself", target("admin", me), nobody);
});
