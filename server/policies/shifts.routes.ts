/**
 * Access matrix rows (see `server/test/access-matrix.ts`) of `shifts.ts`. In each
 * department: a draft, an open shift with the owner's interest (Kari in A, Per in B), a
 * shift assigned to the owner from that interest. Columns: anonymous, Kari, Ola, leader,
 * admin (A), Per, leader B; a cell is `A|B` when the two departments differ.
 */
import type { RouteTable, Row } from "../test/access-matrix.ts";
import { signedIn } from "../test/access-matrix.ts";

/** Drafts are their department's leaders' (and admins'); hidden from everyone else. */
const draftManagers: Row = ["401", "404", "404", "ok|404", "ok", "404", "404|ok"];
/** A published shift: its leaders manage it; its staff see it and are refused. */
const managers: Row = ["401", "403|404", "403|404", "ok|404", "ok", "404|403", "404|ok"];

export const shiftRoutes: RouteTable = {
  "GET /api/shifts": signedIn,
  "GET /api/shifts/counts": signedIn,
  "GET /api/shifts/fairness": ["401", "403", "403", "ok", "ok", "403", "ok"],
  // One's own place in one's current department's queue: every active member.
  "GET /api/shifts/fairness/me": signedIn,
  "POST /api/shifts": ["401", "403", "403", "ok|403", "ok", "403", "403|ok"],
  "PATCH /api/shifts/:shiftId": draftManagers,
  // Deleted by the first allowed caller, it would not be there for the next.
  "DELETE /api/shifts/:shiftId": { row: draftManagers, isolate: true },
  "POST /api/shifts/:shiftId/publish": draftManagers,
  "POST /api/shifts/:shiftId/close": managers,
  "POST /api/shifts/:shiftId/assign": managers,
  // What the assignment would decide on: asked by those who may run it.
  "GET /api/shifts/:shiftId/assignment-preview": managers,
  // Every active member, leaders included; admins see other departments' shifts but do not work there.
  "POST /api/shifts/:shiftId/interest": ["401", "ok|404", "ok|404", "ok|404", "ok|403", "404|ok", "404|ok"],
  "DELETE /api/shifts/:shiftId/interest": ["401", "ok|404", "ok|404", "ok|404", "ok|403", "404|ok", "404|ok"],
  // What the working-time rules say before 'Jeg er interessert': whoever may register it.
  "GET /api/shifts/:shiftId/eligibility": ["401", "ok|404", "ok|404", "ok|404", "ok|403", "404|ok", "404|ok"],
  // Its candidates (the owner) and its leaders; hidden from the rest.
  "GET /api/shifts/:shiftId/outcome": ["401", "ok|404", "404", "ok|404", "ok", "404|ok", "404|ok"],
  "GET /api/shifts/:shiftId/audit": ["401", "ok|404", "404", "ok|404", "ok", "404|ok", "404|ok"],
  // My own calendar feed.
  "GET /api/shifts/calendar": signedIn,
  "POST /api/shifts/calendar": signedIn,
  "DELETE /api/shifts/calendar": signedIn,
};
