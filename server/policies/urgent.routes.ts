/**
 * Access matrix rows (see `server/test/access-matrix.ts`) of `urgent.ts`. In each
 * department its owner (Kari in A, Per in B) got an urgent DM from their partner, and
 * sent an urgent message in the department thread that mentions the partner. Columns:
 * anonymous, Kari, Ola, leader, admin (A), Per, leader B; a cell is `A|B`.
 */
import type { RouteTable, Row } from "../test/access-matrix.ts";

const staffOfIt: Row = ["401", "ok|404", "ok|404", "ok|404", "ok|404", "404|ok", "404|ok"];

export const urgentRoutes: RouteTable = {
  "POST /api/chat/messages/:messageId/acknowledge": [
    // The DM's recipient alone; nobody else reads the DM.
    { label: "urgent DM to the owner", row: ["401", "ok|404", "404", "404", "404", "404|ok", "404"] },
    // Readers of the department thread who are not reached (the sender included) are refused.
    {
      label: "urgent in the department thread, reaching the partner",
      use: { messageId: "urgentMessage" },
      row: ["401", "403|404", "403|404", "403|404", "403|404", "404|403", "404|403"],
    },
  ],
  "GET /api/chat/threads/:threadId/mention-options": staffOfIt,
  "POST /api/chat/threads/:threadId/reach-check": staffOfIt,
  // The caller's current department: its leaders and admins.
  "GET /api/chat/urgent": ["401", "403", "403", "ok", "ok", "403", "ok"],
};
