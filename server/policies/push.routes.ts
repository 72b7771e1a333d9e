/**
 * Access matrix rows (see `server/test/access-matrix.ts`) of `push.ts`: each device is
 * its owner's (Kari's in A, Per's in B), hidden from everyone else, leaders and admins
 * included. Columns: anonymous, Kari, Ola, leader, admin (A), Per, leader B; a cell is
 * `A|B` when the two departments differ.
 */
import { type RouteTable, signedIn } from "../test/access-matrix.ts";

export const pushRoutes: RouteTable = {
  "GET /api/push": signedIn,
  "POST /api/push/subscriptions": signedIn,
  // Only the owner's call removes it; every other caller finds nothing either way.
  "DELETE /api/push/subscriptions/:deviceId": ["401", "ok|404", "404", "404", "404", "404|ok", "404"],
  "PUT /api/push/preference": signedIn,
};
