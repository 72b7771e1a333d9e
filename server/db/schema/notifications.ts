/**
 * Notifications to one person each; unread until they open them. The types and their
 * payloads are defined with the API schemas; the check constraint lists the same types.
 */
import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { broadcastTypes } from "../../../common/domain/broadcast.ts";
import { notificationTypes } from "../../../common/schemas/notifications.ts";
import { user } from "./auth.ts";
import { createdAt, inList, ts } from "./columns.ts";
import { departments } from "./people.ts";

/**
 * 'Send varsel til alle' (issue 26 item 4): one row per broadcast, so 'Sett av n av m'
 * counts its notifications (`notifications.broadcast_id`). The department is the
 * sender's when it was sent: its leaders see who has read it.
 */
export const broadcasts = pgTable(
  "broadcasts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** null once the sender is deleted */
    senderId: uuid("sender_id").references(() => user.id, { onDelete: "set null" }),
    deptId: uuid("dept_id").references(() => departments.id, { onDelete: "set null" }),
    type: text("type", { enum: broadcastTypes }).notNull(),
    title: text("title").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // 'Sendte varsler': the latest of a department, newest first.
    index("broadcasts_dept_created_idx").on(t.deptId, t.createdAt),
    index("broadcasts_sender_created_idx").on(t.senderId, t.createdAt),
    check("broadcasts_type_ck", inList("type", broadcastTypes)),
  ],
);

export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    recipientUserId: uuid("recipient_user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    type: text("type", { enum: notificationTypes }).notNull(),
    payload: jsonb("payload").notNull().default({}),
    createdAt: createdAt(),
    readAt: ts("read_at"),
    /** the broadcast it delivered; null for every other notice */
    broadcastId: uuid("broadcast_id").references(() => broadcasts.id, { onDelete: "cascade" }),
  },
  (t) => [
    // A broadcast's readers ('Sett av n av m').
    index("notifications_broadcast_idx").on(t.broadcastId).where(sql`broadcast_id is not null`),
    index("notifications_recipient_idx").on(t.recipientUserId, t.createdAt),
    index("notifications_unread_idx").on(t.recipientUserId).where(sql`read_at is null`),
    check("notifications_type_ck", inList("type", notificationTypes)),
  ],
);

/**
 * Notifications to many, written right after the commit of what they announce
 * (`features/notifications/outbox.ts`): a row here is written in that transaction, so
 * they are never lost, and delivered by whichever instance claims it first.
 */
export const notificationOutbox = pgTable("notification_outbox", {
  id: uuid("id").primaryKey().defaultRandom(),
  type: text("type", { enum: notificationTypes }).notNull(),
  payload: jsonb("payload").notNull(),
  recipients: uuid("recipients").array().notNull(),
  createdAt: createdAt(),
});
