/**
 * 'Logg': the admin audit log, newest first, a page at a time. Rows hold ids only
 * (platform/audit.ts); names are looked up now, so a deleted person shows as nobody, and
 * each row comes with its summary in words (audit-summary.ts).
 */
import { and, desc, eq, lt, or, type SQL, sql } from "drizzle-orm";
import { type AuditEntry, userLimits } from "../../../common/schemas/users.ts";
import type { Db } from "../../db/client.ts";
import { adminAuditLog, departments, profiles, swapDeals } from "../../db/schema.ts";
import { auditSummary } from "./audit-summary.ts";

/** A text that may hold an id, as a uuid; null when it holds none (a cast would fail). */
const asUuid = (text: SQL) =>
  sql`(case when ${text} ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then (${text})::uuid end)`;

export async function auditPage(db: Db, query: { before?: string | undefined; action?: string | undefined }) {
  const where: SQL[] = [];
  if (query.action) where.push(eq(adminAuditLog.action, query.action));
  if (query.before) {
    const [cursor] = await db
      .select({ at: adminAuditLog.createdAt, id: adminAuditLog.id })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.id, query.before));
    if (cursor)
      where.push(
        or(
          lt(adminAuditLog.createdAt, cursor.at),
          and(eq(adminAuditLog.createdAt, cursor.at), lt(adminAuditLog.id, cursor.id)),
        )!,
      );
  }
  // Every name a row needs comes in this one query (no lookup per row); a thing that is
  // gone has none. Details hold ids only (platform/audit.ts). Each is looked up by its
  // key as a uuid: compared as text, every row of the page read the table whole.
  const deptKey = sql`coalesce(${adminAuditLog.details}->>'deptId', case when jsonb_typeof(${adminAuditLog.details}->'deptIds') = 'array' and jsonb_array_length(${adminAuditLog.details}->'deptIds') = 1 then ${adminAuditLog.details}->'deptIds'->>0 end)`;
  const target = asUuid(sql`${adminAuditLog.targetId}`);
  const personName = (id: SQL) =>
    sql<string | null>`(select full_name from ${profiles} where user_id = ${id})`;
  const dealSide = (column: "owner_id" | "proposer_id") =>
    sql<
      string | null
    >`(select p.full_name from ${swapDeals} d join ${profiles} p on p.user_id = d.${sql.raw(column)} where ${adminAuditLog.targetType} = 'swapDeal' and d.id = ${target})`;
  const rows = await db
    .select({
      row: adminAuditLog,
      actorName: personName(sql`${adminAuditLog.actorUserId}`),
      userName: sql<
        string | null
      >`(select full_name from ${profiles} where ${adminAuditLog.targetType} = 'user' and user_id = ${target})`,
      deptName: sql<
        string | null
      >`(select name from ${departments} where ${adminAuditLog.targetType} = 'department' and id = ${target})`,
      detailDept: sql<string | null>`(select name from ${departments} where id = ${asUuid(deptKey)})`,
      detailPerson: personName(asUuid(sql`${adminAuditLog.details}->>'winnerId'`)),
      dealFrom: dealSide("owner_id"),
      dealTo: dealSide("proposer_id"),
    })
    .from(adminAuditLog)
    .where(and(...where))
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(userLimits.auditPage + 1);
  const page = rows.slice(0, userLimits.auditPage);
  // The filter's choices: the actions the log holds, one index probe each (a loose index
  // scan on admin_audit_action_idx), where DISTINCT would read the whole log.
  const actions = (await db.execute(sql`
    with recursive a(action) as (
      (select action from ${adminAuditLog} order by action limit 1)
      union all
      select (select l.action from ${adminAuditLog} l where l.action > a.action order by l.action limit 1)
      from a where a.action is not null
    )
    select action from a where action is not null`)) as unknown as { rows: { action: string }[] };
  const entries: AuditEntry[] = page.map(({ row, actorName, userName, deptName, ...more }) => ({
    id: row.id,
    at: row.createdAt.toISOString(),
    actor: row.actorUserId ? { userId: row.actorUserId, name: actorName ?? "" } : null,
    action: row.action,
    summary: auditSummary(row, {
      actor: row.actorUserId ? actorName : null,
      target: userName ?? deptName,
      dept: more.detailDept,
      person: more.detailPerson,
      dealFrom: more.dealFrom,
      dealTo: more.dealTo,
    }),
    target: { type: row.targetType, id: row.targetId, name: userName ?? deptName },
    details: row.details as AuditEntry["details"],
  }));
  return {
    entries,
    next: rows.length > userLimits.auditPage ? page.at(-1)!.row.id : null,
    actions: actions.rows.map((a) => a.action),
  };
}
