/**
 * Access matrix rows (see `server/test/access-matrix.ts`) of `profile.ts`. The person of
 * a department is its owner (Kari in A, Per in B), who has an avatar. Columns:
 * anonymous, Kari, Ola, leader, admin (A), Per, leader B; a cell is `A|B` when the two
 * departments differ.
 */
import type { RouteTable } from "../test/access-matrix.ts";
import { signedIn } from "../test/access-matrix.ts";

export const profileRoutes: RouteTable = {
  // My own avatar; admins anyone's.
  "PUT /api/users/:userId/avatar": ["401", "ok|403", "403", "403", "ok", "403|ok", "403"],
  "DELETE /api/users/:userId/avatar": ["401", "ok|403", "403", "403", "ok", "403|ok", "403"],
  // A face is personal data: people who share a department with its owner, and admins.
  "GET /api/avatars/:userId": ["401", "ok|404", "ok|404", "ok|404", "ok", "404|ok", "404|ok"],
  "PATCH /api/profile": signedIn,
  "GET /api/profile/export": signedIn,
  "GET /api/me/alerts": signedIn,
  "PUT /api/me/alerts": signedIn,
};
