import { describe } from "vitest";
import type { Role } from "../../common/domain/roles.ts";
import { me, no, someoneElse, table, yes } from "./matrix.test-support.ts";
import type { UserResource } from "./resources.ts";

const person =
  (role: Role, id: string) =>
  (deptId: string): UserResource => ({ type: "user", id, memberships: [{ deptId, role, isActive: true }] });
const app = () => ({ type: "app" as const });

const everybody = { admin: yes, leader: yes, staff: yes, inactive: yes, none: yes };
const nobody = { admin: no, leader: no, staff: no, inactive: no, none: no };
const admins = { admin: yes, leader: no, staff: no, inactive: no, none: no };

describe("policies: the access log", () => {
  table("accessLog.own", "my own rows", person("staff", me), everybody);
  // Another's rows are the admin log's, filtered to them; not the profile page's.
  table("accessLog.own", "a staff member's rows", person("staff", someoneElse), nobody);
  table("accessLog.own", "a leader's rows", person("leader", someoneElse), nobody);
  table("accessLog.list", "the whole log", app, admins);
});
