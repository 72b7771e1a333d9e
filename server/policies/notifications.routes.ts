/**
 * Access matrix rows (see `server/test/access-matrix.ts`) of `notifications.ts`: each
 * notification is its recipient's (Kari's in A, Per's in B), hidden from everyone else,
 * leaders and admins included. Columns: anonymous, Kari, Ola, leader, admin (A), Per,
 * leader B; a cell is `A|B` when the two departments differ.
 */
import { type RouteTable, signedIn } from "../test/access-matrix.ts";

export const notificationRoutes: RouteTable = {
  "GET /api/notifications": signedIn,
  "GET /api/notifications/unread-count": signedIn,
  "POST /api/notifications/:id/read": ["401", "ok|404", "404", "404", "404", "404|ok", "404"],
  "POST /api/notifications/read-all": signedIn,
  "POST /api/notifications/broadcast": ["401", "403", "403", "403", "ok", "403", "403"],
  // 'Sendte varsler': leaders and admins. Who read one: the sender (A's admin) and the
  // leaders and admins of its department (each department has one, sent from it).
  "GET /api/notifications/broadcasts": ["401", "403", "403", "ok", "ok", "403", "ok"],
  "GET /api/notifications/broadcasts/:broadcastId": ["401", "404", "404", "ok|404", "ok", "404", "404|ok"],
};
