/**
 * 'Last ned mine data' (the right of access, GDPR art. 15): everything the app holds
 * about the person, and nothing about anyone else. Each part is selected by the
 * person's own id; other people appear only as the ids the person's rows point at.
 */
import { desc, eq, or } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  chatMessageReactions,
  chatMessages,
  departments,
  notifications,
  presence,
  profiles,
  shiftAssignments,
  shiftInterests,
  shifts,
  staff,
  swapDeals,
  swapOffers,
  user,
} from "../../db/schema.ts";
import { avatarUrlOf } from "../../platform/avatars.ts";

const shiftCols = {
  shiftId: shifts.id,
  title: shifts.title,
  location: shifts.location,
  startsAt: shifts.startsAt,
  endsAt: shifts.endsAt,
  department: departments.name,
};

export async function myData(db: Db, userId: string, now: Date) {
  const [account] = await db
    .select({ id: user.id, email: user.email, createdAt: user.createdAt, profile: profiles })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(eq(user.id, userId));
  const p = account?.profile;
  const [records, messages, reactions, assignments, interests, offers, deals, notes, online] =
    await Promise.all([
      db
        .select({
          department: departments.name,
          role: staff.role,
          isActive: staff.isActive,
          since: staff.createdAt,
        })
        .from(staff)
        .innerJoin(departments, eq(departments.id, staff.deptId))
        .where(eq(staff.userId, userId)),
      db
        .select({
          id: chatMessages.id,
          threadId: chatMessages.threadId,
          text: chatMessages.content,
          createdAt: chatMessages.createdAt,
          editedAt: chatMessages.editedAt,
          deletedAt: chatMessages.deletedAt,
        })
        .from(chatMessages)
        .where(eq(chatMessages.authorId, userId))
        .orderBy(chatMessages.createdAt),
      db
        .select({
          messageId: chatMessageReactions.messageId,
          emoji: chatMessageReactions.emoji,
          at: chatMessageReactions.createdAt,
        })
        .from(chatMessageReactions)
        .where(eq(chatMessageReactions.userId, userId)),
      db
        .select({ ...shiftCols, assignedAt: shiftAssignments.assignedAt, method: shiftAssignments.method })
        .from(shiftAssignments)
        .innerJoin(shifts, eq(shifts.id, shiftAssignments.shiftId))
        .innerJoin(departments, eq(departments.id, shifts.deptId))
        .where(eq(shiftAssignments.userId, userId))
        .orderBy(shifts.startsAt),
      db
        .select({ ...shiftCols, registeredAt: shiftInterests.createdAt })
        .from(shiftInterests)
        .innerJoin(shifts, eq(shifts.id, shiftInterests.shiftId))
        .innerJoin(departments, eq(departments.id, shifts.deptId))
        .where(eq(shiftInterests.userId, userId)),
      db.select().from(swapOffers).where(eq(swapOffers.ownerId, userId)),
      db
        .select()
        .from(swapDeals)
        .where(or(eq(swapDeals.ownerId, userId), eq(swapDeals.proposerId, userId))),
      db
        .select({
          type: notifications.type,
          content: notifications.payload,
          createdAt: notifications.createdAt,
          readAt: notifications.readAt,
        })
        .from(notifications)
        .where(eq(notifications.recipientUserId, userId))
        .orderBy(desc(notifications.createdAt)),
      db.select({ lastSeenAt: presence.lastSeenAt }).from(presence).where(eq(presence.userId, userId)),
    ]);
  return {
    exportedAt: now.toISOString(),
    profile: {
      userId,
      email: account?.email ?? null,
      fullName: p?.fullName ?? null,
      firstName: p?.firstName ?? null,
      lastName: p?.lastName ?? null,
      phone: p?.phone ?? null,
      avatarUrl: p ? avatarUrlOf(p) : null,
      /** 'Stille når jeg ikke er på vakt'; null: never chosen (the default holds) */
      quietOffShift: p?.quietOffShift ?? null,
      createdAt: account?.createdAt.toISOString() ?? null,
    },
    staffRecords: records,
    messages,
    reactions,
    shifts: assignments,
    interests,
    swapOffers: offers,
    swapDeals: deals,
    notifications: notes,
    presence: online,
  };
}
