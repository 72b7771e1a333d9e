import { describe } from "vitest";
import type { Role } from "../../common/domain/roles.ts";
import { me, no, ownOnly, production, someoneElse, table, yes } from "./matrix.test-support.ts";
import type { UserResource } from "./resources.ts";

const target =
  (role: Role, id = someoneElse) =>
  (deptId: string): UserResource => ({ type: "user", id, memberships: [{ deptId, role, isActive: true }] });
const app = () => ({ type: "app" as const });
const inactiveTarget = (deptId: string): UserResource => ({
  type: "user",
  id: someoneElse,
  memberships: [{ deptId, role: "staff", isActive: false }],
});
const noDepartment: UserResource = { type: "user", id: someoneElse, memberships: [] };

const admins = { admin: yes, leader: no, staff: no, inactive: no, none: no };
const nobody = { admin: no, leader: no, staff: no, inactive: no, none: no };
const everybody = { admin: yes, leader: yes, staff: yes, inactive: yes, none: yes };
/** An active record in the owner's department; admins everywhere. */
const shareADepartment = { admin: yes, leader: ownOnly, staff: ownOnly, inactive: no, none: no };

describe("policies: avatars, 'Min Profil' and demo accounts", () => {
  table("user.avatar", "a staff member", target("staff"), admins);
  table("user.avatar", "myself", target("staff", me), everybody);
  table("avatar.read", "a staff member's", target("staff"), shareADepartment);
  table("avatar.read", "an admin's", target("admin"), shareADepartment);
  table("avatar.read", "my own", target("staff", me), everybody);
  table("avatar.read", "someone deactivated", inactiveTarget, shareADepartment);
  table("avatar.read", "someone in no department", () => noDepartment, admins);
  table("profile.edit", "myself", target("staff", me), everybody);
  table("profile.edit", "a staff member", target("staff"), nobody);
  table("profile.export", "myself", target("staff", me), everybody);
  table("profile.export", "a staff member", target("staff"), nobody);
  table("profile.alerts", "myself", target("staff", me), everybody);
  table("profile.alerts", "a staff member", target("staff"), nobody);
  table("user.createDemo", "staging", app, admins);
  table("user.createDemo", "production", app, nobody, production);
});
