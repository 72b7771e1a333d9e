/**
 * Access matrix rows (see `server/test/access-matrix.ts`) of `users.ts`. The person of
 * a department is its owner (Kari in A, Per in B). Columns: anonymous, Kari, Ola,
 * leader, admin (A), Per, leader B; a cell is `A|B` when the two departments differ.
 */
import type { RouteTable, Row } from "../test/access-matrix.ts";

/** Admins' screens: refused with 403 (everyone knows they exist). */
const adminsOnly: Row = ["401", "403", "403", "403", "ok", "403", "403"];
/** Leaders of the department, admins everywhere. */
const leaders: Row = ["401", "403", "403", "ok|403", "ok", "403", "403|ok"];

export const userRoutes: RouteTable = {
  "GET /api/admin/users": leaders,
  "POST /api/admin/users": adminsOnly,
  // Whether an address has an account is told to admins alone.
  "POST /api/admin/users/preview": adminsOnly,
  "GET /api/admin/users/:userId": leaders,
  "PATCH /api/admin/users/:userId": adminsOnly,
  // Leaders deactivate their department's staff; nobody themselves.
  "POST /api/admin/users/:userId/activation": leaders,
  "DELETE /api/admin/users/:userId": adminsOnly,
  "GET /api/admin/audit": adminsOnly,
  "POST /api/admin/departments": adminsOnly,
  "PATCH /api/admin/departments/:deptId": adminsOnly,
};
