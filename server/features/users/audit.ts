/**
 * 'Logg': the admin audit log, newest first, a page at a time. Rows hold ids only
 * (platform/audit.ts); names are looked up now, so a deleted person shows as nobody.
 */
import { and, asc, desc, eq, lt, or, type SQL, sql } from "drizzle-orm";
import { type AuditEntry, userLimits } from "../../../common/schemas/users.ts";
import type { Db } from "../../db/client.ts";
import { adminAuditLog, departments, profiles } from "../../db/schema.ts";

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
  const rows = await db
    .select({
      row: adminAuditLog,
      actorName: sql<
        string | null
      >`(select full_name from ${profiles} where user_id = ${adminAuditLog.actorUserId})`,
      userName: sql<
        string | null
      >`(select full_name from ${profiles} where ${adminAuditLog.targetType} = 'user' and user_id::text = ${adminAuditLog.targetId})`,
      deptName: sql<
        string | null
      >`(select name from ${departments} where ${adminAuditLog.targetType} = 'department' and id::text = ${adminAuditLog.targetId})`,
    })
    .from(adminAuditLog)
    .where(and(...where))
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(userLimits.auditPage + 1);
  const page = rows.slice(0, userLimits.auditPage);
  const actions = await db
    .selectDistinct({ action: adminAuditLog.action })
    .from(adminAuditLog)
    .orderBy(asc(adminAuditLog.action));
  const entries: AuditEntry[] = page.map(({ row, actorName, userName, deptName }) => ({
    id: row.id,
    at: row.createdAt.toISOString(),
    actor: row.actorUserId ? { userId: row.actorUserId, name: actorName ?? "" } : null,
    action: row.action,
    target: { type: row.targetType, id: row.targetId, name: userName ?? deptName },
    details: row.details as AuditEntry["details"],
  }));
  return {
    entries,
    next: rows.length > userLimits.auditPage ? page.at(-1)!.row.id : null,
    actions: actions.map((a) => a.action),
  };
}
