/**
 * Access matrix rows (see `server/test/access-matrix.ts`) of `departments.ts`, with
 * presence and the realtime connection. Columns: anonymous, Kari, Ola, leader, admin (A),
 * Per, leader B; a cell is `A|B` when the two departments differ.
 */
import { type RouteTable, signedIn } from "../test/access-matrix.ts";

export const departmentRoutes: RouteTable = {
  "GET /api/departments": signedIn,
  // A department's own data: its active staff; admins everywhere.
  "GET /api/departments/:deptId/staff": ["401", "ok|403", "ok|403", "ok|403", "ok", "403|ok", "403|ok"],
  "GET /api/departments/:deptId/presence": ["401", "ok|403", "ok|403", "ok|403", "ok", "403|ok", "403|ok"],
  // Only a person without any staff record chooses a department (departments.test.ts):
  // every caller here has one.
  "POST /api/me/departments": ["401", "403", "403", "403", "403", "403", "403"],
  // Working in a department needs an active record there, admins too.
  "PUT /api/me/current-department": ["401", "ok|403", "ok|403", "ok|403", "ok|403", "403|ok", "403|ok"],
  "POST /api/presence/heartbeat": signedIn,
  "GET /api/realtime": signedIn,
};
