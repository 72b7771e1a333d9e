/**
 * Access matrix rows (see `server/test/access-matrix.ts`) of `work.ts`. In each
 * department the leader made a competence and gave it to the owner (Kari in A, Per in
 * B) with an 80 % contract. Columns: anonymous, Kari, Ola, leader, admin (A), Per,
 * leader B; a cell is `A|B` when the two departments differ.
 */
import type { RouteTable, Row } from "../test/access-matrix.ts";

/** Its leaders and admins; its staff are refused, other departments see nothing. */
const leaders: Row = ["401", "403|404", "403|404", "ok|404", "ok", "404|403", "404|ok"];

export const workRoutes: RouteTable = {
  "GET /api/departments/:deptId/work-rules": leaders,
  "PUT /api/departments/:deptId/work-rules": leaders,
  "GET /api/departments/:deptId/competences": leaders,
  "POST /api/departments/:deptId/competences": leaders,
  "PATCH /api/departments/:deptId/competences/:competenceId": leaders,
  // One deletion per world: the next caller would find no competence.
  "DELETE /api/departments/:deptId/competences/:competenceId": { row: leaders, isolate: true },
  "GET /api/departments/:deptId/staff/:userId/work": leaders,
  "PUT /api/departments/:deptId/staff/:userId/work": leaders,
};
