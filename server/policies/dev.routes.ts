/**
 * Access matrix rows (see `server/test/access-matrix.ts`) of the demo tools (staging
 * only; production does not register them). They reach the fixed demo accounts only:
 * an account someone created is not there for them. Columns: anonymous, Kari, Ola,
 * leader, admin (A), Per, leader B.
 */
import type { RouteTable } from "../test/access-matrix.ts";
import { everyone } from "../test/access-matrix.ts";

const adminsOnly = ["401", "403", "403", "403", "ok", "403", "403"] as const;

export const devRoutes: RouteTable = {
  "GET /api/dev/mailbox": everyone,
  "GET /api/dev/demo-users": everyone,
  "POST /api/dev/impersonate": [
    { label: "a demo account", row: everyone },
    {
      label: "a created account",
      body: (w) => ({ email: w.emails.kari }),
      row: ["404", "404", "404", "404", "404", "404", "404"],
    },
  ],
  "POST /api/dev/auto-sign-in": everyone,
  "POST /api/dev/bootstrap": everyone,
  // Only a server started with MOVABLE_CLOCK (browser tests) has a clock to move.
  "POST /api/dev/clock": ["404", "404", "404", "404", "404", "404", "404"],
  "POST /api/dev/demo-users": adminsOnly,
  "POST /api/dev/sign-in-link": [
    { label: "a demo account", row: adminsOnly },
    {
      label: "a created account",
      body: (w) => ({ email: w.emails.kari }),
      row: ["401", "403", "403", "403", "404", "403", "403"],
    },
  ],
};
