/**
 * Presence: a heartbeat records when a person was last seen; the status is computed
 * from that time (common/domain/presence.ts). Someone coming online (they were away or
 * offline) is announced on each of their departments' topics; going away and offline
 * need no event, since every client computes them from the time as it passes.
 */
import { and, eq, gt } from "drizzle-orm";
import { limits } from "../../../common/base/limits.ts";
import { presenceStatus } from "../../../common/domain/presence.ts";
import type { PresenceEntry } from "../../../common/schemas/presence.ts";
import { topics } from "../../../common/schemas/realtime.ts";
import type { Db } from "../../db/client.ts";
import { presence, staff } from "../../db/schema.ts";
import type { Clock } from "../../platform/clock.ts";
import { type TxDeps, withTx } from "../../platform/tx.ts";

export async function heartbeat(deps: TxDeps & { clock: Clock }, userId: string): Promise<void> {
  const now = deps.clock.now();
  await withTx(deps, async (tx, events) => {
    const [before] = await tx
      .select({ lastSeenAt: presence.lastSeenAt })
      .from(presence)
      .where(eq(presence.userId, userId))
      .for("update");
    await tx
      .insert(presence)
      .values({ userId, lastSeenAt: now })
      .onConflictDoUpdate({ target: presence.userId, set: { lastSeenAt: now } });
    if (presenceStatus(before?.lastSeenAt ?? null, now) === "online") return;
    const depts = await tx
      .select({ deptId: staff.deptId })
      .from(staff)
      .where(and(eq(staff.userId, userId), eq(staff.isActive, true)));
    for (const { deptId } of depts) {
      events.publish(topics.dept(deptId), "presence.online", { userId, lastSeenAt: now.toISOString() });
    }
  });
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
