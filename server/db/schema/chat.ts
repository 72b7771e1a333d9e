/**
 * Chat: threads of four kinds, their members with each one's read position, messages
 * and reactions. Unique indexes make every get-or-create safe when two requests race:
 * one department thread per department, one shift thread per department, block and
 * Oslo date, one direct thread per pair of people (stored sorted), channel names unique
 * per department whatever their case. Attachments get a table of their own that points
 * at `chat_messages`, which is why a message may have no text.
 */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { limits } from "../../../common/base/limits.ts";
import { attachmentKinds } from "../../../common/domain/attachments.ts";
import { shiftBlockKinds, threadKinds } from "../../../common/schemas/chat.ts";
import { user } from "./auth.ts";
import { createdAt, inList, ts } from "./columns.ts";
import { departments } from "./people.ts";

/** PostgreSQL's full-text document: read by the database only, never by the app. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * Search compares folded text (lower case, æøå and their substitutes made one):
 * `search_fold` is `foldNorwegian` of common/domain/search.ts, in SQL (migration 0026).
 */
const folded = (column: string) => sql.raw(`search_fold(${column})`);

export const chatThreads = pgTable(
  "chat_threads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: threadKinds }).notNull(),
    deptId: uuid("dept_id")
      .notNull()
      .references(() => departments.id, { onDelete: "cascade" }),
    /** channels: their name; shift threads: the block's name; otherwise null */
    name: text("name"),
    /** channels: listed to the whole department; every other kind: false */
    isPublic: boolean("is_public").notNull().default(false),
    // Shift threads: the block, the Oslo date it starts on, and its instants (the header
    // shows them, and the sidebar counts only the thread of the block under way).
    shiftBlock: text("shift_block", { enum: shiftBlockKinds }),
    shiftDate: date("shift_date", { mode: "string" }),
    shiftStartsAt: ts("shift_starts_at"),
    shiftEndsAt: ts("shift_ends_at"),
    // Direct threads: the two people, the lower id first, so a pair has one spelling.
    directLowId: uuid("direct_low_id").references(() => user.id, { onDelete: "cascade" }),
    directHighId: uuid("direct_high_id").references(() => user.id, { onDelete: "cascade" }),
    createdBy: uuid("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("chat_threads_department_uq").on(t.deptId).where(sql`kind = 'department'`),
    uniqueIndex("chat_threads_shift_uq").on(t.deptId, t.shiftBlock, t.shiftDate).where(sql`kind = 'shift'`),
    uniqueIndex("chat_threads_direct_uq").on(t.directLowId, t.directHighId).where(sql`kind = 'direct'`),
    uniqueIndex("chat_threads_channel_name_uq")
      .on(t.deptId, sql`lower(${t.name})`)
      .where(sql`kind = 'channel'`),
    // The channel list and the direct-message list of a department.
    index("chat_threads_dept_kind_idx").on(t.deptId, t.kind),
    check("chat_threads_kind_ck", inList("kind", threadKinds)),
    check("chat_threads_shift_block_ck", inList("shift_block", shiftBlockKinds)),
    check(
      "chat_threads_shift_ck",
      sql`(kind = 'shift') = (shift_block is not null and shift_date is not null
        and shift_starts_at is not null and shift_ends_at is not null)`,
    ),
    check(
      "chat_threads_direct_ck",
      sql`(kind = 'direct') = (direct_low_id is not null and direct_high_id is not null)
        and (direct_low_id is null or direct_low_id < direct_high_id)`,
    ),
    check("chat_threads_channel_name_ck", sql`kind <> 'channel' or name is not null`),
    check("chat_threads_public_ck", sql`kind = 'channel' or not is_public`),
  ],
);

export const chatThreadMembers = pgTable(
  "chat_thread_members",
  {
    threadId: uuid("thread_id")
      .notNull()
      .references(() => chatThreads.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    joinedAt: ts("joined_at").notNull().defaultNow(),
    /**
     * The read position: the `seq` of the last message read (0: none). It only moves
     * forward; what lies beyond it, written by others and not deleted, is unread.
     */
    lastReadSeq: bigint("last_read_seq", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.threadId, t.userId], name: "chat_thread_members_pk" }),
    // A person's threads: the DM list and the unread counts.
    index("chat_thread_members_user_idx").on(t.userId),
  ],
);

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /**
     * The order of messages, increasing with every message of any thread: paging
     * cursors and read positions compare it, so two messages written in the same instant
     * still have an order.
     */
    seq: bigint("seq", { mode: "number" }).notNull().generatedAlwaysAsIdentity(),
    threadId: uuid("thread_id")
      .notNull()
      .references(() => chatThreads.id, { onDelete: "cascade" }),
    /**
     * The thread's department, set by the database on insert (trigger
     * chat_messages_dept): search's indexes start with it, so a search reads one
     * department's messages, not every department's. No reference of its own: it is
     * the thread's, and the thread's deletion takes the message. The trigger fills
     * it; the null default only tells Drizzle that writers need not.
     */
    deptId: uuid("dept_id").notNull().default(sql`null`),
    /** null once the author's account is deleted ('Slettet bruker') */
    authorId: uuid("author_id").references(() => user.id, { onDelete: "set null" }),
    /** trimmed; null after a deleted message's text was purged */
    content: text("content"),
    createdAt: createdAt(),
    editedAt: ts("edited_at"),
    deletedAt: ts("deleted_at"),
    deletedBy: uuid("deleted_by").references(() => user.id, { onDelete: "set null" }),
    replyToId: uuid("reply_to_id").references((): AnyPgColumn => chatMessages.id, { onDelete: "set null" }),
    /**
     * When the message last changed in any way a reader sees (written, edited, deleted,
     * restored, purged, reacted to), by the server's clock: a client back from a drop
     * asks for what changed since it last read, instead of reading everything again.
     */
    revisedAt: ts("revised_at").notNull().defaultNow(),
    /**
     * The sender's own key for this message (the composer makes one per message): a post
     * repeated after a timeout with the same key answers the first message, not a second.
     */
    clientKey: text("client_key"),
    /**
     * The text as Norwegian full-text search reads it (inflections reduced to their
     * stem), kept by the database on every write; a purged text has none.
     */
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`to_tsvector('norwegian'::regconfig, coalesce(search_fold(content), ''))`,
    ),
  },
  (t) => [
    // Pages of a thread, the catch-up after a reconnect, unread counts, the last message.
    uniqueIndex("chat_messages_thread_seq_uq").on(t.threadId, t.seq),
    index("chat_messages_author_idx").on(t.authorId),
    uniqueIndex("chat_messages_client_key_uq").on(t.authorId, t.clientKey).where(sql`client_key is not null`),
    // What changed in a thread since a client last read it (the catch-up).
    index("chat_messages_thread_revised_idx").on(t.threadId, t.revisedAt),
    // Retention's daily job: a thread's messages written before a cutoff.
    index("chat_messages_thread_created_idx").on(t.threadId, t.createdAt),
    // Search, per department, of the messages not deleted: a rare word's few matches
    // from the full-text index; a common word's newest matches by walking the
    // department's newest messages, which stops as soon as enough have matched.
    index("chat_messages_search_idx").using("gin", t.deptId, t.searchVector).where(sql`deleted_at is null`),
    index("chat_messages_dept_seq_idx").on(t.deptId, t.seq).where(sql`deleted_at is null`),
    // The purge job finds deleted messages that still hold their text.
    index("chat_messages_purge_idx")
      .on(t.deletedAt)
      .where(sql`deleted_at is not null and content is not null`),
    check(
      "chat_messages_content_ck",
      sql`char_length(content) <= ${sql.raw(String(limits.messageMaxLength))}`,
    ),
    check("chat_messages_deleted_ck", sql`deleted_at is not null or content is not null`),
  ],
);

export const chatMessageReactions = pgTable(
  "chat_message_reactions",
  {
    messageId: uuid("message_id")
      .notNull()
      .references(() => chatMessages.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    emoji: text("emoji").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // One reaction per person, message and emoji; its first column serves a page's reactions.
    primaryKey({ columns: [t.messageId, t.userId, t.emoji], name: "chat_message_reactions_pk" }),
    index("chat_message_reactions_user_idx").on(t.userId),
  ],
);

/**
 * Files sent with messages. A file is uploaded before its message is sent, so it first
 * belongs to the thread and its uploader only (`message_id` null); sending the message
 * claims it, and a job deletes files never claimed. The bytes live in the file store
 * under `storage_key` (and a thumbnail under `thumbnail_key` for pictures); the kind was
 * decided from the bytes, never from the name or what the browser said.
 */
export const chatMessageAttachments = pgTable(
  "chat_message_attachments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    threadId: uuid("thread_id")
      .notNull()
      .references(() => chatThreads.id, { onDelete: "cascade" }),
    messageId: uuid("message_id").references(() => chatMessages.id, { onDelete: "cascade" }),
    /** the thread's department, set by the database on insert (as on `chat_messages`) */
    deptId: uuid("dept_id").notNull().default(sql`null`),
    uploadedBy: uuid("uploaded_by").references(() => user.id, { onDelete: "set null" }),
    storageKey: text("storage_key").notNull(),
    thumbnailKey: text("thumbnail_key"),
    /** the name reduced to letters, digits, dot and hyphen: shown and offered for download */
    name: text("name").notNull(),
    kind: text("kind", { enum: attachmentKinds }).notNull(),
    mimeType: text("mime_type").notNull(),
    byteSize: integer("byte_size").notNull(),
    /** pictures shown inline: the size of the stored (cleaned) image */
    width: integer("width"),
    height: integer("height"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("chat_message_attachments_key_uq").on(t.storageKey),
    // A page's files, in one query.
    index("chat_message_attachments_message_idx").on(t.messageId),
    // Files never claimed by a message, for the clean-up job.
    index("chat_message_attachments_unclaimed_idx").on(t.createdAt).where(sql`message_id is null`),
    index("chat_message_attachments_uploader_idx").on(t.uploadedBy),
    // Retention's daily job: a department's files uploaded before a cutoff.
    index("chat_message_attachments_dept_created_idx").on(t.deptId, t.createdAt),
    // Search of file names, parts of names included.
    index("chat_message_attachments_search_idx")
      .using("gin", t.deptId, sql`${folded("name")} gin_trgm_ops`)
      .where(sql`message_id is not null`),
    check("chat_message_attachments_kind_ck", inList("kind", attachmentKinds)),
    check("chat_message_attachments_size_ck", sql`byte_size >= 0`),
  ],
);

/**
 * The words written in a department's messages not deleted, folded, three letters or
 * more and not stop words: kept by the database (triggers on chat_messages, migration
 * 0029), never by the app. Search looks here for the words a part of a word is part
 * of ('pumpe': 'pumpeinstruksen', 'infusjonspumpe') and the words a typo is close to
 * ('pasinet': 'pasient'), on a trigram index, and then asks the messages' full-text
 * index for those words: one index for every kind of match.
 */
export const searchWords = pgTable(
  "search_words",
  {
    deptId: uuid("dept_id")
      .notNull()
      .references(() => departments.id, { onDelete: "cascade" }),
    word: text("word").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.deptId, t.word], name: "search_words_pk" }),
    index("search_words_trgm_idx").using("gin", t.deptId, sql`word gin_trgm_ops`),
  ],
);
