/**
 * 'Oppbevaring' on the admin page (issue 30): a department's rules as one set, saved
 * whole in one transaction with its audit row (the days per scope, nothing else). A
 * scope set to 'Behold alt' loses its row.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { retentionScopes } from "../../../common/domain/retention.ts";
import type { RetentionRulesDto, RetentionRulesInput } from "../../../common/schemas/retention.ts";
import type { Db } from "../../db/client.ts";
import { departments, retentionRules } from "../../db/schema.ts";
import { recordAudit } from "../../platform/audit.ts";
import type { AppContext } from "../../platform/context.ts";
import { retentionRulesOf } from "../../platform/retention-rules.ts";
import { withTx } from "../../platform/tx.ts";

export async function departmentExists(db: Db, deptId: string): Promise<boolean> {
  const [dept] = await db.select({ id: departments.id }).from(departments).where(eq(departments.id, deptId));
  return dept !== undefined;
}

export async function readRetention(db: Db, deptId: string): Promise<RetentionRulesDto> {
  return { deptId, rules: await retentionRulesOf(db, deptId) };
}

export function saveRetention(
  ctx: Pick<AppContext, "db" | "bus" | "clock">,
  actor: { userId: string },
  deptId: string,
  rules: RetentionRulesInput,
): Promise<RetentionRulesDto> {
  const kept = retentionScopes.filter((scope) => rules[scope] === null);
  const ruled = retentionScopes.flatMap((scope) => {
    const days = rules[scope];
    return days === null
      ? []
      : [{ deptId, scope, days, updatedBy: actor.userId, updatedAt: ctx.clock.now() }];
  });
  return withTx(ctx, async (tx) => {
    if (kept.length > 0)
      await tx
        .delete(retentionRules)
        .where(and(eq(retentionRules.deptId, deptId), inArray(retentionRules.scope, kept)));
    if (ruled.length > 0)
      await tx
        .insert(retentionRules)
        .values(ruled)
        .onConflictDoUpdate({
          target: [retentionRules.deptId, retentionRules.scope],
          set: { days: sql`excluded.days`, updatedBy: actor.userId, updatedAt: ctx.clock.now() },
        });
    await recordAudit(tx, actor, "retention.edit", { type: "department", id: deptId }, { ...rules });
    return { deptId, rules: await retentionRulesOf(tx, deptId) };
  });
}
