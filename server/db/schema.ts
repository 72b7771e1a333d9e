/**
 * All tables. Names are snake_case in SQL, camelCase in TypeScript. Auth tables follow
 * better-auth's model (user, session, account, verification); a person's own data
 * (name parts, phone, avatar, current department) lives in `profiles`.
 * Later features add their tables here and by a new migration.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const createdAt = () => ts("created_at").notNull().defaultNow();

export const roleValues = ["admin", "leader", "staff"] as const;
export const notificationTypes = [
  "shift_published",
  "shift_won",
  "shift_awarded",
  "shift_awarded_other",
  "shift_assigned_winner",
  "shift_assigned_closed",
  "swap_matched_proposed",
  "swap_ready_for_leader",
  "swap_approved",
  "swap_rejected",
  "announcement",
  "maintenance",
  "update",
  "alert",
  "info",
] as const;

const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(", ")})`);

// ── auth (better-auth) ─────────────────────────────────────────────────────────

export const user = pgTable("user", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: createdAt(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

export const session = pgTable(
  "session",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    token: text("token").notNull().unique(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    expiresAt: ts("expires_at").notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    /** what the person last did (not polls); drives the idle timeout */
    lastActiveAt: ts("last_active_at").notNull().defaultNow(),
  },
  (t) => [index("session_user_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: ts("access_token_expires_at"),
    refreshTokenExpiresAt: ts("refresh_token_expires_at"),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [index("account_user_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: ts("expires_at").notNull(),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

// ── people and departments ─────────────────────────────────────────────────────

export const departments = pgTable("departments", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull().unique(),
  createdAt: createdAt(),
});

export const profiles = pgTable("profiles", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  fullName: text("full_name").notNull(),
  firstName: text("first_name"),
  lastName: text("last_name"),
  phone: text("phone"),
  avatarPath: text("avatar_path"),
  /** the department the app works in; null falls back to the highest-role record */
  currentDeptId: uuid("current_dept_id").references(() => departments.id, { onDelete: "set null" }),
  createdAt: createdAt(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

export const staff = pgTable(
  "staff",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    deptId: uuid("dept_id")
      .notNull()
      .references(() => departments.id, { onDelete: "cascade" }),
    role: text("role", { enum: roleValues }).notNull().default("staff"),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("staff_user_dept_uq").on(t.userId, t.deptId),
    index("staff_dept_idx").on(t.deptId, t.isActive),
    check("staff_role_ck", inList("role", roleValues)),
  ],
);

// ── platform ───────────────────────────────────────────────────────────────────

/** Every e-mail goes through here; a background sender delivers it. */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text_body").notNull(),
    html: text("html_body").notNull(),
    createdAt: createdAt(),
    sentAt: ts("sent_at"),
    attempts: integer("attempts").notNull().default(0),
    /** set when a sender claims the mail: not due again before (a lease, then the retry time) */
    nextAttemptAt: ts("next_attempt_at"),
    lastError: text("last_error"),
  },
  (t) => [
    index("mail_outbox_created_idx").on(t.createdAt),
    index("mail_outbox_pending_idx").on(t.createdAt).where(sql`sent_at is null`),
  ],
);

/** Fixed-window counters shared by every app instance. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: ts("window_start").notNull(),
  count: integer("count").notNull(),
});

export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorUserId: uuid("actor_user_id").references(() => user.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    details: jsonb("details").notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index("admin_audit_created_idx").on(t.createdAt)],
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
  },
  (t) => [
    index("notifications_recipient_idx").on(t.recipientUserId, t.createdAt),
    index("notifications_unread_idx").on(t.recipientUserId).where(sql`read_at is null`),
    check("notifications_type_ck", inList("type", notificationTypes)),
  ],
);

/** Small key/value settings the instances share (e.g. the staging auth secret). */
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

export const schema = {
  user,
  session,
  account,
  verification,
  departments,
  profiles,
  staff,
  mailOutbox,
  rateLimits,
  adminAuditLog,
  notifications,
  appSettings,
};
