/**
 * Access matrix rows (see `server/test/access-matrix.ts`) of `duty.ts`. In each
 * department the leader made two roles; the owner (Kari in A, Per in B) holds one in the
 * block under way, so the owner is on the block, and nobody holds the other. Columns:
 * anonymous, Kari, Ola, leader, admin (A), Per, leader B; a cell is `A|B` when the two
 * departments differ.
 */
import type { RouteTable, Row } from "../test/access-matrix.ts";

/** The department's active staff and admins; another department's roles are hidden. */
const department: Row = ["401", "ok|404", "ok|404", "ok|404", "ok", "404|ok", "404|ok"];
/** Its leaders and admins; its staff are refused, other departments see nothing. */
const leaders: Row = ["401", "403|404", "403|404", "ok|404", "ok", "404|403", "404|ok"];

export const dutyRoutes: RouteTable = {
  "GET /api/departments/:deptId/duty": department,
  "GET /api/departments/:deptId/duty/grid": leaders,
  "POST /api/departments/:deptId/duty/roles": leaders,
  "PATCH /api/departments/:deptId/duty/roles/:roleId": leaders,
  // One deletion per world: the next caller would find no role.
  "DELETE /api/departments/:deptId/duty/roles/:roleId": { row: leaders, isolate: true },
  "PUT /api/departments/:deptId/duty/roles/:roleId/holder": leaders,
  // Active staff on the block under way: the owner (who holds the other role); Ola, the
  // leader and the admin have no shift now and hold nothing.
  "POST /api/departments/:deptId/duty/roles/:roleId/take": [
    "401",
    "ok|404",
    "403|404",
    "403|404",
    "403",
    "404|ok",
    "404|403",
  ],
  // The holder now (the owner), and the department's leaders and admins.
  "POST /api/departments/:deptId/duty/roles/:roleId/handover": [
    "401",
    "ok|404",
    "403|404",
    "ok|404",
    "ok",
    "404|ok",
    "404|ok",
  ],
};
