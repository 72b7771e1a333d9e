/**
 * Notifications to one person each; unread until they open them. The types and their
 * payloads are defined with the API schemas; the check constraint lists the same types.
 */
import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { notificationTypes } from "../../../common/schemas/notifications.ts";
import { user } from "./auth.ts";
import { createdAt, inList, ts } from "./columns.ts";

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
  },
  (t) => [
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
