/**
 * Access matrix rows (see `server/test/access-matrix.ts`) of `swaps.ts`. In each
 * department the owner (Kari in A, Per in B) offers a shift to the department; on it a
 * deal waits for her answer (Ola's in A, Per's colleague's in B), and on a second one a
 * deal she accepted waits for a leader. Columns: anonymous, Kari, Ola, leader, admin
 * (A), Per, leader B; a cell is `A|B` when the two departments differ.
 */
import type { RouteTable, Row } from "../test/access-matrix.ts";
import { signedIn } from "../test/access-matrix.ts";

/** The offer's owner; the department sees the offer, others do not. */
const offerOwner: Row = ["401", "ok|404", "403|404", "403|404", "403|404", "404|ok", "404|403"];
/** The owner answers a deal; the leaders (and admins, everywhere) see it and are refused. */
const dealOwner: Row = ["401", "ok|404", "403|404", "403|404", "403", "404|ok", "404|403"];
/** Leaders of the department (admins everywhere), never a party. */
const approver: Row = ["401", "403|404", "403|404", "ok|404", "ok", "404|403", "404|ok"];

export const swapRoutes: RouteTable = {
  "GET /api/swaps/offers/mine": signedIn,
  "GET /api/swaps/market": signedIn,
  "GET /api/swaps/assignments": signedIn,
  "GET /api/swaps/history": signedIn,
  "GET /api/swaps/counts": signedIn,
  "GET /api/swaps/deals": [
    { label: "waiting", row: signedIn },
    {
      // The leaders' queue, of a department one works in: the route asks `swapOffer.list`
      // first, so an admin of A has no queue of B (though `swapDeal.approve` lets them
      // decide B's deals by id).
      label: "approval queue",
      query: (w, dept) => ({ view: "approval", deptId: w.dept[dept].dept }),
      row: ["401", "403", "403", "ok|403", "ok|403", "403", "403|ok"],
    },
  ],
  // In a department one works in.
  "POST /api/swaps/offers": ["401", "ok|403", "ok|403", "ok|403", "ok|403", "403|ok", "403|ok"],
  "PATCH /api/swaps/offers/:offerId": offerOwner,
  "POST /api/swaps/offers/:offerId/cancel": offerOwner,
  // Anyone else working in the department (Ola has proposed already: 409, past the policy).
  "POST /api/swaps/offers/:offerId/deals": [
    "401",
    "403|404",
    "ok|404",
    "ok|404",
    "ok|404",
    "404|403",
    "404|ok",
  ],
  "POST /api/swaps/deals/:dealId/accept": dealOwner,
  "POST /api/swaps/deals/:dealId/decline": dealOwner,
  // The proposer (Ola in A; Per's colleague in B is no caller here).
  "POST /api/swaps/deals/:dealId/withdraw": [
    "401",
    "403|404",
    "ok|404",
    "403|404",
    "403",
    "404|403",
    "404|403",
  ],
  "POST /api/swaps/deals/:dealId/approve": approver,
  "POST /api/swaps/deals/:dealId/reject": approver,
  "POST /api/swaps/automatch": ["401", "403", "403", "ok|403", "ok", "403", "403|ok"],
};
