/**
 * Presence: a heartbeat records when a person was last seen; the status is computed
 * from that time (common/domain/presence.ts). Someone coming online (they were away or
 * offline) is announced on each of their departments' topics; going away and offline
 * need no event, since every client computes them from the time as it passes.
 */
import { and, eq, gt, sql } from "drizzle-orm";
import { limits } from "../../../common/base/limits.ts";
import { presenceStatus } from "../../../common/domain/presence.ts";
import type { PresenceEntry } from "../../../common/schemas/presence.ts";
import { topics } from "../../../common/schemas/realtime.ts";
import type { Db } from "../../db/client.ts";
import { namedStatement } from "../../db/prepared.ts";
import { presence, staff } from "../../db/schema.ts";
import type { Clock } from "../../platform/clock.ts";
import type { EventBus } from "../../platform/events.ts";

/**
 * Records a heartbeat and says when the person was seen before it (null: never), in one
 * statement: the busiest write of all (every open tab, every 30 s), so one round trip and
 * one commit, no transaction around it. Two heartbeats of one person at the same moment
 * (two tabs) may both find them away and both announce them: the same event twice,
 * which clients take as once.
 */
const recordHeartbeat = namedStatement<{ before: string | Date | null }>(
  "presence_heartbeat",
  () => sql`with before as (select ${presence.lastSeenAt} as seen from ${presence}
      where ${presence.userId} = ${sql.placeholder("userId")})
    insert into ${presence} (user_id, last_seen_at)
    values (${sql.placeholder("userId")}, ${sql.placeholder("now")}::timestamptz)
    on conflict (user_id) do update set last_seen_at = excluded.last_seen_at
    returning (select seen from before) as before`,
);

export async function heartbeat(
  deps: { db: Db; bus: EventBus; clock: Clock },
  userId: string,
): Promise<void> {
  const now = deps.clock.now();
  const [row] = await recordHeartbeat(deps.db, { userId, now: now.toISOString() });
  const before = row?.before == null ? null : new Date(row.before);
  if (presenceStatus(before, now) === "online") return;
  const depts = await deps.db
    .select({ deptId: staff.deptId })
    .from(staff)
    .where(and(eq(staff.userId, userId), eq(staff.isActive, true)));
  for (const { deptId } of depts) {
    await deps.bus.publish(topics.dept(deptId), "presence.online", { userId, lastSeenAt: now.toISOString() });
  }
}

/** The department's active people seen within the away window, one query over the primary key. */
export async function departmentPresence(db: Db, deptId: string, now: Date): Promise<PresenceEntry[]> {
  const since = new Date(now.getTime() - limits.presenceAwayMinutes * 60_000);
  const rows = await db
    .select({ userId: presence.userId, lastSeenAt: presence.lastSeenAt })
    .from(presence)
    .innerJoin(staff, eq(staff.userId, presence.userId))
    .where(and(eq(staff.deptId, deptId), eq(staff.isActive, true), gt(presence.lastSeenAt, since)));
  return rows.map((r) => ({ userId: r.userId, lastSeenAt: r.lastSeenAt.toISOString() }));
}
