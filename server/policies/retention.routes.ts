/**
 * Access matrix rows (see `server/test/access-matrix.ts`) of `retention.ts`. Columns:
 * anonymous, Kari, Ola, leader, admin (A), Per, leader B; a cell is `A|B` when the two
 * departments differ.
 */
import type { RouteTable, Row } from "../test/access-matrix.ts";

/** An admin screen: refused with 403 (everyone knows departments exist); admins everywhere. */
const adminsOnly: Row = ["401", "403", "403", "403", "ok", "403", "403"];

export const retentionRoutes: RouteTable = {
  "GET /api/admin/departments/:deptId/retention": adminsOnly,
  "PUT /api/admin/departments/:deptId/retention": adminsOnly,
};
