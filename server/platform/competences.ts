/**
 * Competences a request names (a shift's 'Krever kompetanse', a staff member's set,
 * issue 28) must be the department's. Shared by the features that store them.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { Tx } from "../db/client.ts";
import { competences } from "../db/schema.ts";
import { unprocessable } from "./errors.ts";

/**
 * `ids` without repeats, once each is known to be a competence of `deptId` (else 422).
 * Read under a share lock in the caller's transaction: a competence deleted meanwhile
 * waits for this write to commit (and then takes its rows with it) instead of failing
 * the write's foreign key.
 */
export async function departmentCompetences(tx: Tx, deptId: string, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await tx
    .select({ id: competences.id })
    .from(competences)
    .where(and(eq(competences.deptId, deptId), inArray(competences.id, unique)))
    .for("share");
  if (found.length !== unique.length) throw unprocessable("competence_not_in_department");
  return unique;
}
