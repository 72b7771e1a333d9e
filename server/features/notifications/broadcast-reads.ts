/**
 * 'Sett av {n} av {m}' for broadcasts (issue 26 item 4): of the people a broadcast
 * reached (its notifications, `notifications.broadcast_id`), how many have read it, and
 * who. Ordinary notices and messages show no read status (privacy; decisions.md).
 */
import { desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { quietLimits } from "../../../common/base/limits.ts";
import type { BroadcastReaders, SentBroadcast } from "../../../common/schemas/broadcast.ts";
import type { Db } from "../../db/client.ts";
import { broadcasts, notifications, profiles } from "../../db/schema.ts";
import { type Actor, isAdmin } from "../../policies/policy.ts";
import type { BroadcastResource } from "../../policies/resources.ts";

/** The broadcast for the policy; null when there is none. */
export async function broadcastOf(db: Db, id: string): Promise<BroadcastResource | null> {
  const [row] = await db
    .select({ id: broadcasts.id, deptId: broadcasts.deptId, senderId: broadcasts.senderId })
    .from(broadcasts)
    .where(eq(broadcasts.id, id));
  return row ? { type: "broadcast", ...row } : null;
}

/** Each broadcast with its counts, in one query (the counts by `notifications_broadcast_idx`). */
async function withCounts(db: Db, where: SQL | undefined, limit: number): Promise<SentBroadcast[]> {
  const rows = await db
    .select({
      id: broadcasts.id,
      type: broadcasts.type,
      title: broadcasts.title,
      createdAt: broadcasts.createdAt,
      senderId: broadcasts.senderId,
      senderName: profiles.fullName,
      reached: sql<number>`(select count(*) from ${notifications} n where n.broadcast_id = ${broadcasts.id})`,
      seen: sql<number>`(select count(*) from ${notifications} n
        where n.broadcast_id = ${broadcasts.id} and n.read_at is not null)`,
    })
    .from(broadcasts)
    .leftJoin(profiles, eq(profiles.userId, broadcasts.senderId))
    .where(where)
    .orderBy(desc(broadcasts.createdAt), desc(broadcasts.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    title: r.title,
    createdAt: r.createdAt.toISOString(),
    sender: r.senderId ? { id: r.senderId, fullName: r.senderName ?? "" } : null,
    reached: Number(r.reached),
    seen: Number(r.seen),
  }));
}

/**
 * 'Sendte varsler': the latest broadcasts I may see the readers of (policies/notifications.ts
 * `broadcast.readers`): all for admins; for a leader, mine and those of the departments I lead.
 */
export function sentBroadcasts(db: Db, actor: Actor): Promise<SentBroadcast[]> {
  const led = actor.memberships.filter((m) => m.isActive && m.role === "leader").map((m) => m.deptId);
  const where = isAdmin(actor)
    ? undefined
    : or(eq(broadcasts.senderId, actor.userId), led.length > 0 ? inArray(broadcasts.deptId, led) : undefined);
  return withCounts(db, where, quietLimits.sentBroadcastsListed);
}

/** Who has read the broadcast (first readers first) and who has not (by name). */
export async function broadcastReaders(db: Db, id: string): Promise<BroadcastReaders | null> {
  const [broadcast] = await withCounts(db, eq(broadcasts.id, id), 1);
  if (!broadcast) return null;
  const rows = await db
    .select({
      userId: notifications.recipientUserId,
      readAt: notifications.readAt,
      fullName: profiles.fullName,
    })
    .from(notifications)
    .leftJoin(profiles, eq(profiles.userId, notifications.recipientUserId))
    .where(eq(notifications.broadcastId, id));
  const byName = (a: { fullName: string }, b: { fullName: string }) =>
    a.fullName.localeCompare(b.fullName, "nb");
  const named = rows.map((r) => ({ ...r, fullName: r.fullName ?? "" }));
  return {
    broadcast,
    read: named
      .flatMap((r) => (r.readAt ? [{ userId: r.userId, fullName: r.fullName, readAt: r.readAt }] : []))
      .sort((a, b) => a.readAt.getTime() - b.readAt.getTime() || byName(a, b))
      .map((r) => ({ ...r, readAt: r.readAt.toISOString() })),
    unread: named
      .filter((r) => !r.readAt)
      .map((r) => ({ userId: r.userId, fullName: r.fullName }))
      .sort(byName),
  };
}
