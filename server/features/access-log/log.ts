/**
 * Reading and keeping the access log ('Tilgangslogg', issue 30). Rows hold ids and an
 * action; names are looked up now, so someone whose account is gone reads as nobody
 * ('Slettet bruker' in the page's words). A page is newest first, `before` the last row
 * seen; every filter is an index's leading column (access-log schema).
 */
import { and, desc, eq, gte, lt, lte, or, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { accessLogCutoff } from "../../../common/domain/access-log.ts";
import { osloHourToInstant } from "../../../common/domain/oslo-time.ts";
import {
  type AdminAccessEntry,
  type AdminAccessQuery,
  accessLogLimits,
} from "../../../common/schemas/access-log.ts";
import type { Db, Tx } from "../../db/client.ts";
import { accessLog, profiles } from "../../db/schema.ts";

const actorProfile = alias(profiles, "actor_profile");
const subjectProfile = alias(profiles, "subject_profile");

/** The rows the query asks for, a page of them, with the id to ask the next page by. */
export async function accessPage(
  db: Db,
  query: Omit<AdminAccessQuery, "before"> & { before?: string | undefined },
): Promise<{ entries: AdminAccessEntry[]; next: string | null }> {
  const where: (SQL | undefined)[] = [
    query.subject ? eq(accessLog.subjectId, query.subject) : undefined,
    query.actor ? eq(accessLog.actorId, query.actor) : undefined,
    query.action ? eq(accessLog.action, query.action) : undefined,
    query.from ? gte(accessLog.createdAt, osloHourToInstant(query.from, 0)) : undefined,
    // `to` is the whole Oslo day: up to the next midnight.
    query.to ? lt(accessLog.createdAt, osloHourToInstant(query.to, 0, 1)) : undefined,
  ];
  if (query.before) {
    const [cursor] = await db
      .select({ at: accessLog.createdAt, id: accessLog.id })
      .from(accessLog)
      .where(eq(accessLog.id, query.before));
    if (cursor)
      where.push(
        lte(accessLog.createdAt, cursor.at),
        or(lt(accessLog.createdAt, cursor.at), lt(accessLog.id, cursor.id)),
      );
  }
  const rows = await db
    .select({
      id: accessLog.id,
      at: accessLog.createdAt,
      action: accessLog.action,
      actorId: accessLog.actorId,
      actorName: actorProfile.fullName,
      subjectId: accessLog.subjectId,
      subjectName: subjectProfile.fullName,
    })
    .from(accessLog)
    .leftJoin(actorProfile, eq(actorProfile.userId, accessLog.actorId))
    .leftJoin(subjectProfile, eq(subjectProfile.userId, accessLog.subjectId))
    .where(and(...where))
    .orderBy(desc(accessLog.createdAt), desc(accessLog.id))
    .limit(accessLogLimits.page + 1);
  const page = rows.slice(0, accessLogLimits.page);
  return {
    entries: page.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      action: r.action,
      actor: r.actorId ? { userId: r.actorId, name: r.actorName ?? "" } : null,
      subject: { userId: r.subjectId, name: r.subjectName ?? "" },
    })),
    next: rows.length > accessLogLimits.page ? page.at(-1)!.id : null,
  };
}

/** Rows older than two years go; run again, it finds none. */
export async function purgeAccessLog(tx: Tx, now: Date): Promise<void> {
  await tx.delete(accessLog).where(lt(accessLog.createdAt, accessLogCutoff(now)));
}
