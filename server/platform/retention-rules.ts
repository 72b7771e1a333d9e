/**
 * A department's retention rules ('Oppbevaring', issue 30), every scope named, null
 * where there is no row ('Behold alt'). Read by the admin page's feature and by chat,
 * whose thread header says what a rule deletes.
 */
import { eq } from "drizzle-orm";
import { keepEverything, type RetentionRules } from "../../common/domain/retention.ts";
import type { Db, Tx } from "../db/client.ts";
import { retentionRules } from "../db/schema.ts";

export async function retentionRulesOf(db: Db | Tx, deptId: string): Promise<RetentionRules> {
  const rows = await db
    .select({ scope: retentionRules.scope, days: retentionRules.days })
    .from(retentionRules)
    .where(eq(retentionRules.deptId, deptId));
  return { ...keepEverything, ...Object.fromEntries(rows.map((r) => [r.scope, r.days])) };
}
