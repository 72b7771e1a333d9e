/**
 * Whom a message reached (issue 26): the people its mentions named at send time ('@vakt',
 * '@role', '@name'), or for an urgent message ('Haster') everyone it must reach, with
 * their acknowledgement ('Bekreft') and the next time the notice comes again. Written
 * once, when the message is sent: the roster may change, what was reached stays.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { reachVias } from "../../../common/domain/mentions.ts";
import { user } from "./auth.ts";
import { chatMessages, chatThreads } from "./chat.ts";
import { createdAt, inList, ts } from "./columns.ts";
import { notifications } from "./notifications.ts";
import { departments } from "./people.ts";

/** An urgent message: when it was sent and whether the leaders were told of silence. */
export const chatUrgentMessages = pgTable(
  "chat_urgent_messages",
  {
    messageId: uuid("message_id")
      .primaryKey()
      .references(() => chatMessages.id, { onDelete: "cascade" }),
    threadId: uuid("thread_id")
      .notNull()
      .references(() => chatThreads.id, { onDelete: "cascade" }),
    deptId: uuid("dept_id")
      .notNull()
      .references(() => departments.id, { onDelete: "cascade" }),
    senderId: uuid("sender_id").references(() => user.id, { onDelete: "set null" }),
    sentAt: ts("sent_at").notNull(),
    /** when the leaders are told if a role holder is silent; null: nobody to wait for, or told */
    escalateAt: ts("escalate_at"),
    escalatedAt: ts("escalated_at"),
  },
  (t) => [
    // The 'Haster' overview: a department's last 24 hours.
    index("chat_urgent_messages_dept_sent_idx").on(t.deptId, t.sentAt),
    // The job's escalations due.
    index("chat_urgent_messages_escalate_idx").on(t.escalateAt).where(sql`escalate_at is not null`),
  ],
);

export const chatMessageReach = pgTable(
  "chat_message_reach",
  {
    messageId: uuid("message_id")
      .notNull()
      .references(() => chatMessages.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    via: text("via", { enum: reachVias }).notNull(),
    /** via a role: its name when sent (a role renamed or removed later keeps what it was) */
    roleName: text("role_name"),
    /** urgent messages only: the recipient's notice in the bell, raised again by repeats */
    notificationId: uuid("notification_id").references(() => notifications.id, { onDelete: "set null" }),
    /** urgent messages only: 'Bekreft' (null until then) */
    acknowledgedAt: ts("acknowledged_at"),
    /** urgent messages only: the next repeat of the notice; null when there is none */
    nextNoticeAt: ts("next_notice_at"),
    notices: integer("notices").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    // One record per person and message, whatever raced: two acknowledgements are one.
    primaryKey({ columns: [t.messageId, t.userId] }),
    // The job's repeats due.
    index("chat_message_reach_next_notice_idx").on(t.nextNoticeAt).where(sql`next_notice_at is not null`),
    // What reached a person (their acknowledgements, a purge).
    index("chat_message_reach_user_idx").on(t.userId),
    check("chat_message_reach_via_ck", inList("via", reachVias)),
  ],
);
