/**
 * Access matrix rows (see `server/test/access-matrix.ts`) of `access-log.ts`. Columns:
 * anonymous, Kari, Ola, leader, admin (A), Per, leader B.
 */
import type { RouteTable } from "../test/access-matrix.ts";
import { signedIn } from "../test/access-matrix.ts";

export const accessLogRoutes: RouteTable = {
  // Always one's own rows: nobody's path or query names another person.
  "GET /api/profile/access-log": signedIn,
  // An admin screen, refused with 403 like 'Logg'.
  "GET /api/admin/access-log": ["401", "403", "403", "403", "ok", "403", "403"],
};
