/**
 * Messages as the API returns them: with their authors, the message they reply to and
 * its author (one query with joins, whatever the number of messages), their reactions
 * and who reacted, and their files with links signed for the caller (one query each),
 * and what the caller may do with each. A deleted
 * message's text goes to its author during the undo window and to nobody else.
 */
import { asc, eq, inArray, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { canUndo } from "../../../common/domain/chat-messages.ts";
import type { FeatureFlags } from "../../../common/schemas/brand.ts";
import type { AttachmentDto, MessageDto, ReactionDto } from "../../../common/schemas/chat.ts";
import { replyPreview } from "../../../common/texts/reply-preview.ts";
import type { Db } from "../../db/client.ts";
import { chatMessageReactions, chatMessages, chatUrgentMessages, profiles } from "../../db/schema.ts";
import { avatarUrlSql } from "../../platform/avatars.ts";
import { abilityBits, writtenOnce } from "../../platform/json-text.ts";
import type { Viewer } from "../../platform/viewer.ts";
import { abilitiesFor } from "../../policies/index.ts";
import type { ThreadResource } from "../../policies/resources.ts";
import { type AttachmentRow, attachmentsOf, presentAttachment } from "./attachments.ts";
import { presentReached, type ReachRow, reachedResource, reachOfMessages } from "./urgent.ts";

/** Who is looking, and when, and what the chat is switched on for: a message shows by all three. */
export interface ChatViewer extends Viewer {
  features: FeatureFlags;
  /** signs the links to files the viewer gets */
  fileUrlSecret: string;
}

const author = alias(profiles, "author");
const replied = alias(chatMessages, "replied");
const repliedAuthor = alias(profiles, "replied_author");

/** The columns of a person as the chat shows them, from `profiles` or an alias of it. */
export const person = <U extends SQLWrapper, F>(p: {
  userId: U;
  fullName: F;
  avatarPath: SQLWrapper;
  updatedAt: SQLWrapper;
}) => ({
  userId: p.userId,
  fullName: p.fullName,
  avatarUrl: avatarUrlSql(p),
});

/** 'HASTER': the message has its urgent record (the primary key's lookup). */
const urgentOf = (id: SQLWrapper) =>
  sql<boolean>`exists (select 1 from ${chatUrgentMessages} where ${chatUrgentMessages.messageId} = ${id})`;

/** The messages with their authors and the message each replies to, as one select. */
function messageSelect(db: Db) {
  return db
    .select({
      id: chatMessages.id,
      threadId: chatMessages.threadId,
      authorId: chatMessages.authorId,
      content: chatMessages.content,
      createdAt: chatMessages.createdAt,
      editedAt: chatMessages.editedAt,
      deletedAt: chatMessages.deletedAt,
      urgent: urgentOf(chatMessages.id),
      author: person(author),
      replyTo: { id: replied.id, content: replied.content, deletedAt: replied.deletedAt },
      replyAuthor: person(repliedAuthor),
    })
    .from(chatMessages)
    .leftJoin(author, eq(author.userId, chatMessages.authorId))
    .leftJoin(replied, eq(replied.id, chatMessages.replyToId))
    .leftJoin(repliedAuthor, eq(repliedAuthor.userId, replied.authorId));
}

export async function messageRows(db: Db, where: SQL | undefined, order: SQL, limit?: number) {
  const query = messageSelect(db).where(where).orderBy(order).$dynamic();
  return limit === undefined ? query : query.limit(limit);
}

export type MessageRow = Awaited<ReturnType<typeof messageRows>>[number];

/**
 * `messageSelect` over `written`, a CTE the statement before it names: the rows of
 * messages it has just inserted. A post reads its message back in the statement that
 * writes it, one round trip instead of two (bench/chat). Written out, because Drizzle
 * leaves a CTE's columns unqualified, and these would meet the same names in the joins.
 */
export const writtenMessageSelect = sql`select written.id, written.thread_id, written.author_id,
    written.content, written.created_at, written.edited_at, written.deleted_at, false as urgent,
    ${author.userId} as author_user_id, ${author.fullName} as author_name,
    ${avatarUrlSql(author)} as author_avatar_url,
    ${replied.id} as reply_id, ${replied.content} as reply_content, ${replied.deletedAt} as reply_deleted_at,
    ${repliedAuthor.userId} as reply_author_user_id, ${repliedAuthor.fullName} as reply_author_name,
    ${avatarUrlSql(repliedAuthor)} as reply_author_avatar_url
  from written
  left join ${profiles} ${author} on ${author.userId} = written.author_id
  left join ${chatMessages} ${replied} on ${replied.id} = written.reply_to_id
  left join ${profiles} ${repliedAuthor} on ${repliedAuthor.userId} = ${replied.authorId}`;

/** A row of `writtenMessageSelect`, as the database driver gives it (timestamps as text). */
export interface WrittenMessage {
  id: string;
  thread_id: string;
  author_id: string | null;
  content: string | null;
  created_at: string;
  edited_at: string | null;
  deleted_at: string | null;
  /** always false: an urgent record is written after the message */
  urgent: boolean;
  author_user_id: string | null;
  author_name: string | null;
  author_avatar_url: string | null;
  reply_id: string | null;
  reply_content: string | null;
  reply_deleted_at: string | null;
  reply_author_user_id: string | null;
  reply_author_name: string | null;
  reply_author_avatar_url: string | null;
}

// As Drizzle maps a timestamptz column: PostgreSQL's text, which Date reads.
const timestamp = (value: string) => new Date(value);
const maybeTimestamp = (value: string | null) => (value === null ? null : timestamp(value));

/** A written row as `messageSelect` maps it: a joined person or message that is not there is null. */
export function writtenMessageRow(w: WrittenMessage): MessageRow {
  return {
    id: w.id,
    threadId: w.thread_id,
    authorId: w.author_id,
    content: w.content,
    createdAt: timestamp(w.created_at),
    editedAt: maybeTimestamp(w.edited_at),
    deletedAt: maybeTimestamp(w.deleted_at),
    urgent: w.urgent,
    author: w.author_user_id
      ? { userId: w.author_user_id, fullName: w.author_name!, avatarUrl: w.author_avatar_url }
      : null,
    replyTo: w.reply_id
      ? { id: w.reply_id, content: w.reply_content, deletedAt: maybeTimestamp(w.reply_deleted_at) }
      : null,
    replyAuthor: w.reply_author_user_id
      ? {
          userId: w.reply_author_user_id,
          fullName: w.reply_author_name!,
          avatarUrl: w.reply_author_avatar_url,
        }
      : null,
  };
}

/** The reactions of these messages, per message, each emoji in the order it was first given. */
async function reactionsOf(db: Db, messageIds: readonly string[]) {
  const byMessage = new Map<string, Map<string, { userId: string; fullName: string }[]>>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db
    .select({
      messageId: chatMessageReactions.messageId,
      emoji: chatMessageReactions.emoji,
      userId: chatMessageReactions.userId,
      fullName: profiles.fullName,
    })
    .from(chatMessageReactions)
    .innerJoin(profiles, eq(profiles.userId, chatMessageReactions.userId))
    .where(inArray(chatMessageReactions.messageId, [...messageIds]))
    .orderBy(asc(chatMessageReactions.createdAt), asc(chatMessageReactions.userId));
  for (const { messageId, emoji, userId, fullName } of rows) {
    const emojis = byMessage.get(messageId) ?? new Map();
    byMessage.set(messageId, emojis);
    emojis.set(emoji, [...(emojis.get(emoji) ?? []), { userId, fullName }]);
  }
  return byMessage;
}

function presentReactions(
  emojis: Map<string, { userId: string; fullName: string }[]> | undefined,
  me: string,
): ReactionDto[] {
  return [...(emojis ?? [])].map(([emoji, users]) => ({
    emoji,
    count: users.length,
    users,
    mine: users.some((u) => u.userId === me),
  }));
}

/** What the viewer may do with the message, as it goes out with it. */
function messageAbilities(
  row: MessageRow,
  viewer: ChatViewer,
  thread: ThreadResource,
  reach: readonly ReachRow[] = [],
): MessageDto["abilities"] {
  const { actor, now, env, features } = viewer;
  const deleted = row.deletedAt !== null;
  const abilities = abilitiesFor(
    actor,
    { type: "message", id: row.id, authorId: row.authorId ?? "", deleted, thread },
    env,
    { edit: "message.edit", delete: "message.delete", react: "message.react", undo: "message.restore" },
  );
  const reached = reachedResource({ ...row, deleted }, thread, reach);
  return {
    ...abilities,
    react: abilities.react && features.chatReactions,
    undo: abilities.undo && undoable(row, now),
    ...(row.urgent || reach.length > 0
      ? abilitiesFor(actor, reached, env, {
          acknowledge: "message.acknowledge",
          viewReach: "message.viewReach",
        })
      : {}),
  };
}

/** What the viewer sees of whom the message reached: their own 'Bekreft', or the whole list. */
function presentReach(
  row: MessageRow,
  reach: readonly ReachRow[],
  viewer: ChatViewer,
  abilities: MessageDto["abilities"] & { viewReach?: boolean },
): Pick<MessageDto, "urgent" | "acknowledgement" | "reach"> {
  if (!row.urgent && reach.length === 0) return {};
  const mine = row.urgent ? reach.find((r) => r.userId === viewer.actor.userId) : undefined;
  const people = abilities.viewReach ? reach.map(presentReached) : null;
  return {
    urgent: row.urgent,
    acknowledgement: mine ? { acknowledgedAt: mine.acknowledgedAt?.toISOString() ?? null } : null,
    reach: people && {
      people,
      acknowledged: people.filter((p) => p.acknowledgedAt).length,
      seen: people.filter((p) => p.seen).length,
    },
  };
}

const undoable = (row: MessageRow, now: Date) =>
  row.deletedAt !== null && row.content !== null && canUndo(row.deletedAt, now);

function presentMessage(
  row: MessageRow,
  reactions: ReactionDto[],
  attachments: () => AttachmentDto[],
  viewer: ChatViewer,
  abilities: MessageDto["abilities"] & { viewReach?: boolean },
  reach: readonly ReachRow[] = [],
): MessageDto {
  const { viewReach: _, ...shown } = abilities;
  const deleted = row.deletedAt !== null;
  const visibleToMe = !deleted || (undoable(row, viewer.now) && row.authorId === viewer.actor.userId);
  return {
    id: row.id,
    threadId: row.threadId,
    author: row.author,
    content: visibleToMe ? row.content : null,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    deletedAt: row.deletedAt?.toISOString() ?? null,
    replyTo: row.replyTo && {
      id: row.replyTo.id,
      author: row.replyAuthor,
      preview: replyPreview(row.replyTo.deletedAt ? null : row.replyTo.content),
      deleted: row.replyTo.deletedAt !== null,
    },
    reactions: deleted ? [] : reactions,
    // The files go with the text: a deleted message's to its author during undo only.
    attachments: visibleToMe ? attachments() : [],
    abilities: shown,
    ...presentReach(row, reach, viewer, abilities),
  };
}

/** The reactions and files of these messages (two queries, whatever their number). */
export async function factsOf(db: Db, rows: readonly MessageRow[]) {
  const ids = rows.map((r) => r.id);
  const [reactions, files, reach] = await Promise.all([
    reactionsOf(db, ids),
    attachmentsOf(db, ids),
    reachOfMessages(db, ids),
  ]);
  return { reactions, files, reach };
}

export type MessageFacts = Awaited<ReturnType<typeof factsOf>>;

/** Rows of one thread, with their facts, as the caller sees them, in the rows' order. */
export function presentWithFacts(
  viewer: ChatViewer,
  thread: ThreadResource,
  rows: readonly MessageRow[],
  facts: MessageFacts,
): MessageDto[] {
  return rows.map((row) =>
    presentOne(viewer, row, facts, messageAbilities(row, viewer, thread, facts.reach.get(row.id))),
  );
}

function presentOne(
  viewer: ChatViewer,
  row: MessageRow,
  { reactions, files, reach }: MessageFacts,
  abilities: MessageDto["abilities"],
): MessageDto {
  return presentMessage(
    row,
    presentReactions(reactions.get(row.id), viewer.actor.userId),
    () => (files.get(row.id) ?? []).map((file) => presentAttachment(file, viewer)),
    viewer,
    abilities,
    reach.get(row.id),
  );
}

function reacted({ reactions }: MessageFacts, messageId: string, userId: string) {
  for (const users of reactions.get(messageId)?.values() ?? [])
    if (users.some((u) => u.userId === userId)) return true;
  return false;
}

/**
 * The same as `presentWithFacts`, as a JSON array, for the newest page many open between
 * two of the thread's events. A message that shows everyone the same (not theirs, none of
 * their reactions, no files: their links are signed per person) is written once for each
 * set of abilities and kept in `written`, which lives as long as the rows and facts it
 * came from; the viewer's own messages are written per request.
 */
export function presentAsJson(
  viewer: ChatViewer,
  thread: ThreadResource,
  rows: readonly MessageRow[],
  facts: MessageFacts,
  written: Map<string, string>,
): string {
  const me = viewer.actor.userId;
  const parts = rows.map((row) => {
    const reach = facts.reach.get(row.id);
    const abilities = messageAbilities(row, viewer, thread, reach);
    // Whom a message reached shows differently to its sender, leaders and recipients.
    const own =
      row.authorId === me ||
      row.urgent ||
      reach !== undefined ||
      (facts.files.get(row.id)?.length ?? 0) > 0 ||
      reacted(facts, row.id, me);
    if (own) return JSON.stringify(presentOne(viewer, row, facts, abilities));
    return writtenOnce(written, `${row.id} ${abilityBits(abilities)}`, () =>
      presentOne(viewer, row, facts, abilities),
    );
  });
  return `[${parts.join(",")}]`;
}

/** Rows of one thread as the caller sees them, in the rows' order. */
export async function presentMessages(
  db: Db,
  viewer: ChatViewer,
  thread: ThreadResource,
  rows: MessageRow[],
): Promise<MessageDto[]> {
  return presentWithFacts(viewer, thread, rows, await factsOf(db, rows));
}

/** A message just written, as its author gets it: no reactions yet, its files and reach known. */
export function presentNewMessage(
  row: MessageRow,
  files: readonly AttachmentRow[],
  viewer: ChatViewer,
  thread: ThreadResource,
  reach: readonly ReachRow[] = [],
): MessageDto {
  return presentMessage(
    row,
    [],
    () => files.map((file) => presentAttachment(file, viewer)),
    viewer,
    messageAbilities(row, viewer, thread, reach),
    reach,
  );
}

/** The reactions of one message, as the toggle answers them. */
export async function messageReactions(db: Db, messageId: string, me: string): Promise<ReactionDto[]> {
  return presentReactions((await reactionsOf(db, [messageId])).get(messageId), me);
}
