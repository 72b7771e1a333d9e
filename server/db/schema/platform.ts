/** Tables of the cross-cutting machinery: the mail outbox, rate limits, shared settings and stored files. */
import { sql } from "drizzle-orm";
import {
  bigint,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, ts, updatedAt } from "./columns.ts";

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

/** Fixed-window counters shared by every app instance; unlogged (migration 0031): worth nothing after a crash. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: ts("window_start").notNull(),
  count: integer("count").notNull(),
});

/** Small key/value settings the instances share (e.g. the staging auth secret). */
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: updatedAt(),
});

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

/**
 * Uploaded files when the instances share a PostgreSQL server (platform/pg-file-store.ts):
 * a key names one blob; a new upload under the key writes a new blob and swaps it in,
 * so a reader sees the old bytes or the new ones, never a part.
 */
export const storedFiles = pgTable(
  "stored_files",
  {
    key: text("key").primaryKey(),
    blobId: uuid("blob_id").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("stored_files_blob_uq").on(t.blobId)],
);

/** A blob's bytes in order, a chunk a row; chunks of no file (an upload cut short) are swept. */
export const storedFileChunks = pgTable(
  "stored_file_chunks",
  {
    blobId: uuid("blob_id").notNull(),
    n: integer("n").notNull(),
    data: bytea("data").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blobId, t.n] }), index("stored_file_chunks_created_idx").on(t.createdAt)],
);
