/**
 * Push notifications on a person's devices (issue 27, decisions.md § Push notifications):
 * each device's subscription, the person's 'Vis innhold i varsler', and the queue of pushes
 * on their way to the push services.
 */
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { createdAt, ts, updatedAt } from "./columns.ts";

/**
 * One browser's subscription, as its Push API gave it. The endpoint is unique: a browser
 * that signs in as someone else moves its subscription to them. `browser` is a label made
 * from the User-Agent when it subscribed ('Chrome på Android'); the User-Agent itself is
 * never kept.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull().unique("push_subscriptions_endpoint_uq"),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    browser: text("browser").notNull(),
    createdAt: createdAt(),
  },
  // 'Min profil' lists mine newest first; a push looks them up by person.
  (t) => [index("push_subscriptions_user_idx").on(t.userId, t.createdAt)],
);

/** 'Vis innhold i varsler' (off unless a row says on). */
export const pushPreferences = pgTable("push_preferences", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  showContent: boolean("show_content").notNull().default(false),
  updatedAt: updatedAt(),
});

/**
 * Pushes waiting to be delivered, one row per device: written when what they announce
 * was published, deleted once delivered or given up. A sender claims due rows with
 * `FOR UPDATE SKIP LOCKED` and moves `next_attempt_at` on as it claims (a lease, then the
 * retry time), so two instances never send one row, and a restart loses none.
 */
export const pushQueue = pgTable(
  "push_queue",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: "cascade" }),
    /** common/schemas/push.ts `pushPayload`, checked before it was written */
    payload: jsonb("payload").notNull(),
    urgency: text("urgency", { enum: ["normal", "high"] })
      .notNull()
      .default("normal"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ts("next_attempt_at").notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index("push_queue_due_idx").on(t.nextAttemptAt),
    index("push_queue_subscription_idx").on(t.subscriptionId),
    check("push_queue_urgency_ck", sql`urgency in ('normal', 'high')`),
  ],
);
