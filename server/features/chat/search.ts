/**
 * Search: messages, files and colleagues that match a query, in what the caller may read.
 *
 * Matching is the database's, on text folded by `search_fold` (æøå and their
 * substitutes made one). A word matches a message when it is one of its words or an
 * inflection of one (Norwegian full-text search: 'vakter' finds 'vakt'), or part of one
 * ('pumpe' in 'pumpeinstruks', trigram index); a query finds messages with all its words.
 * Only when that finds nothing are small typos forgiven (trigram word similarity).
 * "Quoted phrases" match those words in that order.
 *
 * Ranking: of the newest `candidatesMax` matches (looked for in the last days first:
 * `searchWindows`), the best first, where a message whose words all match as words (or
 * inflections) beats one matched by parts of words, and either fades with age (halved
 * after two weeks). The newest matches are where a ward looks; a search wider than that
 * asks to be narrowed (`moreMessages`).
 */
import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { osloHourToInstant } from "../../../common/domain/oslo-time.ts";
import {
  isEmptyQuery,
  matchRanges,
  type ParsedQuery,
  parseSearchQuery,
  searchLimits,
  snippetOf,
} from "../../../common/domain/search.ts";
import type { ThreadKind } from "../../../common/schemas/chat.ts";
import type {
  FileHit,
  MessageHit,
  PersonHit,
  SearchResults,
  SearchThread,
} from "../../../common/schemas/search.ts";
import type { Db } from "../../db/client.ts";
import {
  chatMessageAttachments,
  chatMessages,
  chatThreadMembers,
  chatThreads,
  departments,
  profiles,
  staff,
} from "../../db/schema.ts";
import type { Viewer } from "../../platform/viewer.ts";
import { may } from "../../policies/index.ts";
import { searchScope } from "../../policies/search.ts";
import { type LoadedThread, loadThreads } from "./access.ts";
import { person } from "./present.ts";

/** How many of the newest matches are ranked. */
export const candidatesMax = 100;

export interface SearchFilters {
  /** 'Fra' */
  from?: string;
  /** 'I' */
  thread?: string;
  /** 'Før', 'Etter': Oslo dates, exclusive */
  before?: string;
  after?: string;
  /** 'Har vedlegg' */
  hasFile?: boolean;
}

export interface SearchRequest extends SearchFilters {
  q: string;
  /** thread kinds switched on in this installation */
  kinds: readonly ThreadKind[];
}

const folded = (text: SQL) => sql`search_fold(${text})`;
const norwegian = (term: string) => sql`plainto_tsquery('norwegian', ${term})`;

/** A phrase as a regular expression over folded text: its words in order, whole. */
const phrasePattern = (words: readonly string[]) => `\\m${words.join("\\W+")}\\M`;

/**
 * Whether the folded `text` matches every word and phrase. `fuzzy`: a word may also be
 * a small typo of one of the text's words. `vector`: the text's full-text document, where
 * there is one (messages), for inflections.
 */
function matchesAll(query: ParsedQuery, text: SQL, vector: SQL | null, fuzzy: boolean): SQL[] {
  const terms = query.terms.map((term) => {
    const ways: SQL[] = [];
    if (vector) ways.push(sql`${vector} @@ ${norwegian(term)}`);
    // A word part needs three letters to mean anything (and to have a trigram).
    if (term.length >= 3) ways.push(sql`${folded(text)} like ${`%${term}%`}`);
    else if (!vector) ways.push(sql`${folded(text)} ~ ${phrasePattern([term])}`);
    if (fuzzy && term.length >= 4) ways.push(sql`${term} <% ${folded(text)}`);
    return sql`(${sql.join(ways, sql` or `)})`;
  });
  const phrases = query.phrases.map((words) => sql`${folded(text)} ~ ${phrasePattern(words)}`);
  return [...terms, ...phrases];
}

/** The instant an Oslo date begins. */
const osloDayStart = (date: string, addDaysCount = 0) => osloHourToInstant(date, 0, addDaysCount);

/** 'Fra', 'I', 'Før', 'Etter' on a table's author, thread and time columns. */
function filtersOn(filters: SearchFilters, cols: { author: SQL; thread: SQL; at: SQL }): SQL[] {
  const where: SQL[] = [];
  if (filters.from) where.push(sql`${cols.author} = ${filters.from}`);
  if (filters.thread) where.push(sql`${cols.thread} = ${filters.thread}`);
  if (filters.before) where.push(sql`${cols.at} < ${osloDayStart(filters.before)}`);
  if (filters.after) where.push(sql`${cols.at} >= ${osloDayStart(filters.after, 1)}`);
  return where;
}

/**
 * The threads the caller may read (policies/search.ts `searchScope`), as a condition on
 * a message's or file's thread `t`: their departments, the kinds every staff member
 * reads, public channels, and the direct threads and private channels they are in.
 */
function readableThread(viewer: Viewer, kinds: readonly ThreadKind[], deptId: SQL) {
  const scope = searchScope(viewer.actor);
  const allStaff = scope.readByAllStaff.filter((k) => kinds.includes(k));
  const memberKinds = scope.membersOnly.filter((k) => kinds.includes(k));
  const ways: SQL[] = [];
  if (allStaff.length > 0) ways.push(sql`t.kind in ${allStaff}`);
  if (scope.publicChannels && kinds.includes("channel")) ways.push(sql`(t.kind = 'channel' and t.is_public)`);
  if (memberKinds.length > 0)
    ways.push(sql`(t.kind in ${memberKinds} and exists (select 1 from ${chatThreadMembers} tm
      where tm.thread_id = t.id and tm.user_id = ${viewer.actor.userId}))`);
  if (ways.length === 0) return sql`false`;
  return sql`${deptId} in ${scope.deptIds} and (${sql.join(ways, sql` or `)})`;
}

interface Ranked {
  id: string;
  candidates: number;
}

/**
 * How far back each pass looks, in days; null: all of it. A common word ('vakt') has its
 * `candidatesMax` newest matches within the first; a rare one needs the whole history,
 * where it has few matches to read. Each pass reads only its days' matches from the
 * index (it starts with the department and the day).
 */
export const searchWindows = [2, 14, null] as const;

/** The ids of the best messages, best first, and how many matched (up to `candidatesMax`). */
export async function rankMessages(
  db: Db,
  viewer: Viewer,
  request: SearchRequest,
  query: ParsedQuery,
  fuzzy: boolean,
): Promise<Ranked[]> {
  let ranked: Ranked[] = [];
  for (const days of searchWindows) {
    ranked = await rankWithin(db, viewer, request, query, fuzzy, days);
    if ((ranked[0]?.candidates ?? 0) >= candidatesMax) break;
  }
  return ranked;
}

const dayMs = 86_400_000;

async function rankWithin(
  db: Db,
  viewer: Viewer,
  request: SearchRequest,
  query: ParsedQuery,
  fuzzy: boolean,
  days: number | null,
): Promise<Ranked[]> {
  const content = sql`m.content`;
  const where = [
    sql`m.deleted_at is null`,
    readableThread(viewer, request.kinds, sql`m.dept_id`),
    ...matchesAll(query, content, sql`m.search_vector`, fuzzy),
    ...filtersOn(request, { author: sql`m.author_id`, thread: sql`m.thread_id`, at: sql`m.created_at` }),
  ];
  // The day as search_day() counts it: days since 1970, UTC.
  if (days !== null) where.push(sql`m.search_day >= ${Math.floor(viewer.now.getTime() / dayMs) - days}`);
  if (request.hasFile)
    where.push(sql`exists (select 1 from ${chatMessageAttachments} a where a.message_id = m.id)`);
  const words = query.terms.map(norwegian);
  const all = words.length > 0 ? sql.join(words, sql` && `) : null;
  const any = words.length > 0 ? sql.join(words, sql` || `) : null;
  // Words that match as words (or inflections) count double; a match fades with age.
  const relevance =
    all && any
      ? sql`(case when c.search_vector @@ (${all}) then 2 else 1 end + ts_rank(c.search_vector, ${any}))`
      : sql`1`;
  const result = await db.execute(sql`
    with c as (
      select m.id, m.seq, m.created_at, m.search_vector
      from ${chatMessages} m join ${chatThreads} t on t.id = m.thread_id
      where ${sql.join(where, sql` and `)}
      order by m.seq desc
      limit ${candidatesMax}
    )
    select c.id, count(*) over () as candidates
    from c
    order by ${relevance} / (1 + extract(epoch from (${viewer.now} - c.created_at)) / ${14 * 86_400}) desc, c.seq desc
    limit ${searchLimits.messages}`);
  return (result as unknown as { rows: { id: string; candidates: number | string }[] }).rows.map(
    (r): Ranked => ({ id: r.id, candidates: Number(r.candidates) }),
  );
}

const author = alias(profiles, "author");
const other = alias(profiles, "other");

/** What a hit's row says of its thread: its name as the chat shows it. */
const threadColumns = {
  threadId: chatThreads.id,
  threadKind: chatThreads.kind,
  deptId: chatThreads.deptId,
  threadName: chatThreads.name,
  deptName: departments.name,
  shiftBlock: chatThreads.shiftBlock,
  shiftDate: chatThreads.shiftDate,
  otherName: other.fullName,
};

/** The other person of a direct thread, seen from `me`. */
const otherOf = (me: string) =>
  sql`${other.userId} = case when ${chatThreads.directLowId} = ${me} then ${chatThreads.directHighId} else ${chatThreads.directLowId} end`;

type ThreadColumns = { [K in keyof typeof threadColumns]: (typeof threadColumns)[K]["_"]["data"] | null };

function hitThread(row: ThreadColumns): SearchThread {
  const kind = row.threadKind as ThreadKind;
  const name =
    kind === "department"
      ? (row.deptName ?? "")
      : kind === "direct"
        ? (row.otherName ?? "")
        : (row.threadName ?? "");
  return {
    id: row.threadId as string,
    kind,
    deptId: row.deptId as string,
    name,
    shift: row.shiftBlock && row.shiftDate ? { block: row.shiftBlock, date: row.shiftDate } : null,
  };
}

async function messageHits(db: Db, viewer: Viewer, ids: string[], query: ParsedQuery) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: chatMessages.id,
      content: chatMessages.content,
      createdAt: chatMessages.createdAt,
      authorId: author.userId,
      authorName: author.fullName,
      authorAvatarUrl: person(author).avatarUrl,
      fileCount: sql<number>`(select count(*)::int from ${chatMessageAttachments} a where a.message_id = ${chatMessages.id})`,
      ...threadColumns,
    })
    .from(chatMessages)
    .innerJoin(chatThreads, eq(chatThreads.id, chatMessages.threadId))
    .innerJoin(departments, eq(departments.id, chatThreads.deptId))
    .leftJoin(author, eq(author.userId, chatMessages.authorId))
    .leftJoin(other, otherOf(viewer.actor.userId))
    .where(inArray(chatMessages.id, ids));
  return inOrder(ids, rows, (row) => {
    const snippet = snippetOf(row.content ?? "", query);
    const hit: MessageHit = {
      id: row.id,
      thread: hitThread(row),
      author: row.authorId
        ? { userId: row.authorId, fullName: row.authorName ?? "", avatarUrl: row.authorAvatarUrl }
        : null,
      createdAt: row.createdAt.toISOString(),
      snippet: snippet.text,
      highlights: snippet.highlights,
      fileCount: row.fileCount,
    };
    return [hit];
  });
}

/** The rows presented in the order of `ids` (the ranking's), each as `present` gives it. */
function inOrder<R extends { id: string }, H>(ids: string[], rows: R[], present: (row: R) => H[]): H[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? present(row) : [];
  });
}

async function fileHits(
  db: Db,
  viewer: Viewer,
  request: SearchRequest,
  query: ParsedQuery,
): Promise<FileHit[]> {
  const name = sql`a.name`;
  const where = [
    sql`a.message_id is not null`,
    sql`m.deleted_at is null`,
    readableThread(viewer, request.kinds, sql`a.dept_id`),
    ...matchesAll(query, name, null, false),
    ...filtersOn(request, { author: sql`a.uploaded_by`, thread: sql`a.thread_id`, at: sql`m.created_at` }),
  ];
  const result = await db.execute(sql`
    select a.id from ${chatMessageAttachments} a
      join ${chatMessages} m on m.id = a.message_id
      join ${chatThreads} t on t.id = a.thread_id
    where ${sql.join(where, sql` and `)}
    order by m.seq desc
    limit ${searchLimits.files}`);
  const ids = (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: chatMessageAttachments.id,
      name: chatMessageAttachments.name,
      kind: chatMessageAttachments.kind,
      size: chatMessageAttachments.byteSize,
      messageId: chatMessageAttachments.messageId,
      createdAt: chatMessages.createdAt,
      ...threadColumns,
    })
    .from(chatMessageAttachments)
    .innerJoin(chatMessages, eq(chatMessages.id, chatMessageAttachments.messageId))
    .innerJoin(chatThreads, eq(chatThreads.id, chatMessageAttachments.threadId))
    .innerJoin(departments, eq(departments.id, chatThreads.deptId))
    .leftJoin(other, otherOf(viewer.actor.userId))
    .where(inArray(chatMessageAttachments.id, ids));
  return inOrder(ids, rows, (row) => {
    if (!row.messageId) return [];
    return [
      {
        id: row.id,
        name: row.name,
        kind: row.kind,
        size: row.size,
        messageId: row.messageId,
        thread: hitThread(row),
        createdAt: row.createdAt.toISOString(),
        highlights: matchRanges(row.name, query),
      },
    ];
  });
}

/** Colleagues: active staff of the caller's departments whose name has every word. */
async function peopleHits(db: Db, viewer: Viewer, query: ParsedQuery): Promise<PersonHit[]> {
  const { deptIds } = searchScope(viewer.actor);
  const rows = await db
    .selectDistinct(person(profiles))
    .from(profiles)
    .innerJoin(staff, eq(staff.userId, profiles.userId))
    .where(
      and(
        inArray(staff.deptId, deptIds),
        eq(staff.isActive, true),
        sql`${profiles.userId} <> ${viewer.actor.userId}`,
        ...matchesAll(query, sql`${profiles.fullName}`, null, false),
      ),
    )
    .orderBy(asc(profiles.fullName), asc(profiles.userId))
    .limit(searchLimits.people);
  return rows.map((p) => ({ ...p, highlights: matchRanges(p.fullName, query) }));
}

/**
 * The policy's word on each hit: `thread.read` of its thread (and `attachment.read` of a
 * file, sent with a message not deleted). The query asked the same; this is the rule
 * itself, so no hit reaches the caller that the thread view would refuse.
 */
export async function readableHits(db: Db, viewer: Viewer, messages: MessageHit[], files: FileHit[]) {
  const threadIds = [...new Set([...messages, ...files].map((h) => h.thread.id))];
  const threads = new Map<string, LoadedThread>((await loadThreads(db, threadIds)).map((t) => [t.id, t]));
  const reads = (threadId: string) => {
    const thread = threads.get(threadId);
    return thread !== undefined && may(viewer.actor, "thread.read", thread, viewer.env);
  };
  return {
    messages: messages.filter((m) => reads(m.thread.id)),
    files: files.filter((f) => {
      const thread = threads.get(f.thread.id);
      return (
        thread !== undefined &&
        may(
          viewer.actor,
          "attachment.read",
          {
            type: "attachment",
            id: f.id,
            thread,
            uploadedBy: null,
            message: { authorId: null, deleted: false, undoable: false },
          },
          viewer.env,
        )
      );
    }),
  };
}

export async function search(db: Db, viewer: Viewer, request: SearchRequest): Promise<SearchResults> {
  const query = parseSearchQuery(request.q);
  const filtered = Boolean(
    request.from || request.thread || request.hasFile || request.before || request.after,
  );
  let ranked = await rankMessages(db, viewer, request, query, false);
  if (ranked.length === 0 && !isEmptyQuery(query))
    ranked = await rankMessages(db, viewer, request, query, true);
  const [messages, files, people] = await Promise.all([
    messageHits(
      db,
      viewer,
      ranked.map((r) => r.id),
      query,
    ),
    // 'Har vedlegg' asks for messages; files are found by their names, so they need words.
    isEmptyQuery(query) && !request.hasFile ? [] : fileHits(db, viewer, request, query),
    filtered || isEmptyQuery(query) ? [] : peopleHits(db, viewer, query),
  ]);
  const readable = await readableHits(db, viewer, messages, files);
  return {
    messages: readable.messages,
    moreMessages: (ranked[0]?.candidates ?? 0) > searchLimits.messages,
    files: readable.files,
    people,
  };
}
