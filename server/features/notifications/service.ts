/**
 * Notifications: features that have something to tell write them with `notify`, inside
 * their own transaction; the recipient reads them and marks them read. Every change is
 * published on the recipient's `user:{id}` after the commit (a new one as "one more", a
 * read one with the new count), so the bell of every open tab follows at once (the
 * 30-second poll catches what a dropped socket missed).
 */
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { limits } from "../../../common/base/limits.ts";
import {
  type NotificationDto,
  type NotificationListResponse,
  type NotificationPayloadInput,
  type NotificationTarget,
  type NotificationType,
  notificationPayloads,
} from "../../../common/schemas/notifications.ts";
import { topics } from "../../../common/schemas/realtime.ts";
import type { Db, Tx } from "../../db/client.ts";
import { inIdList } from "../../db/id-list.ts";
import {
  notifications,
  shiftAllocationRuns,
  shiftInterests,
  shifts,
  staff,
  swapDeals,
  user,
} from "../../db/schema.ts";
import { notDeactivated } from "../../platform/actor.ts";
import { type TxDeps, type TxEvents, withTx } from "../../platform/tx.ts";
import type { Viewer } from "../../platform/viewer.ts";
import { abilitiesFor } from "../../policies/index.ts";
import type { ShiftResource, UserResource } from "../../policies/resources.ts";

/**
 * Tells `recipients` (user ids) about something, in the caller's transaction: one row
 * each, in one statement that also leaves out who may not get it. A payload that does
 * not fit its type throws before anything is written (a caller's bug, not the user's).
 * Deactivated people get nothing (decisions.md), and ids of nobody are ignored. Returns
 * the rows written.
 */
export async function notify<T extends NotificationType>(
  tx: Tx,
  events: TxEvents,
  recipients: readonly string[],
  type: T,
  payload: NotificationPayloadInput<T>,
  options: NoticeOptions = {},
): Promise<{ id: string; recipientId: string }[]> {
  return writeNotifications(tx, events, recipients, type, notificationPayloads[type].parse(payload), options);
}

/**
 * What a notice carries besides its payload: the broadcast it delivers ('Sett av n av
 * m' counts its rows), and the marks that make it reach someone quiet off shift (an
 * urgent notice, a mention by name or of a role they hold: common/domain/quiet.ts),
 * announced with it.
 */
export interface NoticeOptions {
  broadcastId?: string;
  urgent?: boolean;
  mention?: "name" | "role";
}

/** `notify`'s writing, for a payload already checked against its type (the outbox's too). */
export async function writeNotifications(
  tx: Tx,
  events: TxEvents,
  recipients: readonly string[],
  type: NotificationType,
  valid: unknown,
  { broadcastId, urgent, mention }: NoticeOptions = {},
): Promise<{ id: string; recipientId: string }[]> {
  if (recipients.length === 0) return [];
  // The people and the payload as one parameter each: an assignment tells 500 people,
  // and a row of parameters per person cost more to build than the insert took.
  const result = (await tx.execute(sql`
    insert into ${notifications} (recipient_user_id, type, payload, broadcast_id)
    select ${user.id}, ${type}, ${JSON.stringify(valid)}::jsonb, ${broadcastId ?? null}::uuid from ${user}
    where ${inIdList(user.id, [...new Set(recipients)])} and ${notDeactivated(tx, user.id)}
    returning id, recipient_user_id as "recipientId"`)) as unknown as {
    rows: { id: string; recipientId: string }[];
  };
  const rows = result.rows;
  // "One more", not the new count: counting every recipient's unread rows inside the
  // sender's transaction grew with their backlog (an assignment tells 500 people, a
  // broadcast everyone). The bell adds it; the 30-second poll and every read answer
  // carry the exact count.
  for (const row of rows) {
    events.publish(topics.user(row.recipientId), "notification.created", {
      notificationId: row.id,
      added: 1,
      type,
      ...(urgent ? { urgent } : {}),
      ...(mention ? { mention } : {}),
    });
  }
  return rows;
}

/** My unread notifications: one count over the partial index of unread rows. */
export async function unreadCount(db: Db | Tx, userId: string): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.recipientUserId, userId), isNull(notifications.readAt)));
  return row?.unread ?? 0;
}

// The shift and the deal a notice names, joined by the ids in its payload (validated as
// uuids when written; a broadcast has neither, so its joins find nothing).
const shiftIdOf = sql`(${notifications.payload} ->> 'shiftId')::uuid`;
const dealIdOf = sql`(${notifications.payload} ->> 'dealId')::uuid`;

/**
 * My latest notifications, newest first (spec §9: 20), and how many are unread in all.
 * Each shift or swap notice carries what it points to as it is now, in the same query.
 */
export async function listNotifications(db: Db, me: Viewer): Promise<NotificationListResponse> {
  const userId = me.actor.userId;
  const [rows, unread] = await Promise.all([
    db
      .select({
        n: notifications,
        shift: {
          id: shifts.id,
          deptId: shifts.deptId,
          status: shifts.status,
          kind: shifts.kind,
          startsAt: shifts.startsAt,
          endsAt: shifts.endsAt,
        },
        dealStatus: swapDeals.status,
        answered: sql<boolean>`exists (select 1 from ${shiftInterests} i
          where i.shift_id = ${shifts.id} and i.user_id = ${userId})`,
        candidate: sql<boolean>`exists (select 1 from ${shiftAllocationRuns} r
          where r.shift_id = ${shifts.id} and r.candidate_ids @> array[${userId}::uuid])`,
      })
      .from(notifications)
      .leftJoin(shifts, eq(shifts.id, shiftIdOf))
      .leftJoin(swapDeals, eq(swapDeals.id, dealIdOf))
      .where(eq(notifications.recipientUserId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limits.notificationPageSize),
    unreadCount(db, userId),
  ]);
  return {
    unreadCount: unread,
    // The payload was validated against its type when it was written.
    notifications: rows.map(
      ({ n, ...target }) =>
        ({
          id: n.id,
          type: n.type,
          payload: n.payload,
          createdAt: n.createdAt.toISOString(),
          readAt: n.readAt?.toISOString() ?? null,
          target: (n.payload as { shiftId?: string }).shiftId ? targetOf(me, target) : null,
        }) as NotificationDto,
    ),
  };
}

type TargetRow = {
  shift: {
    id: string;
    deptId: string;
    status: ShiftResource["status"];
    kind: ShiftResource["kind"];
    startsAt: Date;
    endsAt: Date;
  } | null;
  dealStatus: NotificationTarget["dealStatus"];
  answered: boolean;
  candidate: boolean;
};

/** What a notice's shift (and deal) is now, and what the policies let me do with it. */
function targetOf(me: Viewer, { shift, dealStatus, answered, candidate }: TargetRow): NotificationTarget {
  const can = shift
    ? abilitiesFor(me.actor, shiftResource(me, shift, candidate), me.env, {
        interest: "shift.interest",
        viewOutcome: "shift.viewOutcome",
      })
    : { interest: false, viewOutcome: false };
  return {
    shiftStatus: shift?.status ?? null,
    startsAt: shift?.startsAt.toISOString() ?? null,
    endsAt: shift?.endsAt.toISOString() ?? null,
    dealStatus,
    answered: shift ? answered : false,
    can,
  };
}

const shiftResource = (
  me: Viewer,
  shift: NonNullable<TargetRow["shift"]>,
  candidate: boolean,
): ShiftResource => ({
  type: "shift",
  id: shift.id,
  deptId: shift.deptId,
  status: shift.status,
  kind: shift.kind,
  started: shift.startsAt <= me.now,
  candidateIds: candidate ? [me.actor.userId] : [],
});

/**
 * Whose notification this is, for the policy (with their staff records, as every user
 * resource carries them), in one query; null when there is no such notification.
 */
export async function recipientOf(db: Db, notificationId: string): Promise<UserResource | null> {
  const rows = await db
    .select({
      recipientId: notifications.recipientUserId,
      deptId: staff.deptId,
      role: staff.role,
      isActive: staff.isActive,
    })
    .from(notifications)
    .leftJoin(staff, eq(staff.userId, notifications.recipientUserId))
    .where(eq(notifications.id, notificationId));
  const [first] = rows;
  if (!first) return null;
  return {
    type: "user",
    id: first.recipientId,
    memberships: rows.flatMap((r) =>
      r.deptId && r.role && r.isActive !== null
        ? [{ deptId: r.deptId, role: r.role, isActive: r.isActive }]
        : [],
    ),
  };
}

/** Marks one of my notifications read; marking it again changes nothing. Returns my unread count. */
export function markRead(deps: TxDeps, userId: string, notificationId: string, now: Date): Promise<number> {
  return withTx(deps, async (tx, events) => {
    const changed = await tx
      .update(notifications)
      .set({ readAt: now })
      .where(
        and(
          eq(notifications.id, notificationId),
          eq(notifications.recipientUserId, userId),
          isNull(notifications.readAt),
        ),
      )
      .returning({ id: notifications.id });
    return afterReading(tx, events, userId, changed.length, { notificationId });
  });
}

/** 'Merk alle som lest'. Returns my unread count (0, unless one arrived meanwhile). */
export function markAllRead(deps: TxDeps, userId: string, now: Date): Promise<number> {
  return withTx(deps, async (tx, events) => {
    const changed = await tx
      .update(notifications)
      .set({ readAt: now })
      .where(and(eq(notifications.recipientUserId, userId), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    return afterReading(tx, events, userId, changed.length, {});
  });
}

/** The new unread count; the other tabs hear of it when something was actually read. */
async function afterReading(
  tx: Tx,
  events: TxEvents,
  userId: string,
  changed: number,
  detail: { notificationId?: string },
): Promise<number> {
  const unread = await unreadCount(tx, userId);
  if (changed > 0)
    events.publish(topics.user(userId), "notification.read", { ...detail, unreadCount: unread });
  return unread;
}

/**
 * Raises these notices again (an urgent message's repeat, issue 26): unread and at the
 * top of the list, at `now`. A bell hears "one more" for each that had been read; one
 * still unread keeps its count.
 */
export async function raiseAgain(tx: Tx, events: TxEvents, ids: readonly string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  const result = (await tx.execute(sql`
    with old as (select id, read_at from ${notifications} where ${inIdList(sql`id`, [...new Set(ids)])} for update)
    update ${notifications} n set read_at = null, created_at = ${now.toISOString()}::timestamptz
    from old where n.id = old.id
    returning n.id, n.type, n.recipient_user_id as "recipientId", old.read_at is not null as "wasRead"`)) as unknown as {
    rows: { id: string; type: NotificationType; recipientId: string; wasRead: boolean }[];
  };
  // A notice raised again is one that must reach: quiet hours do not hold it back.
  for (const row of result.rows)
    if (row.wasRead)
      events.publish(topics.user(row.recipientId), "notification.created", {
        notificationId: row.id,
        added: 1,
        type: row.type,
        urgent: true,
      });
}

/** Marks these notices of one person read (what they were about is done: 'Bekreft'). */
export async function markNoticesRead(
  tx: Tx,
  events: TxEvents,
  userId: string,
  ids: readonly string[],
  now: Date,
): Promise<void> {
  if (ids.length === 0) return;
  const changed = await tx
    .update(notifications)
    .set({ readAt: now })
    .where(
      and(
        inIdList(notifications.id, [...ids]),
        eq(notifications.recipientUserId, userId),
        isNull(notifications.readAt),
      ),
    )
    .returning({ id: notifications.id });
  const [first] = changed;
  if (first) await afterReading(tx, events, userId, changed.length, { notificationId: first.id });
}
