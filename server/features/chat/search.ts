/**
 * Search: messages, files and colleagues that match a query, in what the caller may read.
 *
 * Matching is the database's, on text folded by `search_fold` (æøå and their
 * substitutes made one). A word matches a message when it is one of its words or an
 * inflection of one (Norwegian full-text search: 'vakter' finds 'vakt'), or part of one
 * ('pumpe' in 'pumpeinstruks'): the department's words that hold it are looked up first
 * (`wordsFor`, a trigram index over the words written), then asked of the messages'
 * full-text index with the term itself. A query finds messages with all its words. Only
 * when that finds nothing are small typos forgiven: the words close to a term (trigram
 * similarity) are asked as well. "Quoted phrases" match those words in that order.
 *
 * Ranking: of the newest `candidatesMax` matches, the best first, where a message whose
 * words all match as words (or inflections) beats one matched by parts of words, and
 * either fades with age (halved after two weeks). The newest matches are where a ward
 * looks; a search wider than that asks to be narrowed (`moreMessages`).
 */
import { and, asc, eq, inArray, type Placeholder, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AttachmentKind } from "../../../common/domain/attachments.ts";
import { osloHourToInstant } from "../../../common/domain/oslo-time.ts";
import {
  isEmptyQuery,
  matchRanges,
  type ParsedQuery,
  parseSearchQuery,
  searchLimits,
  snippetOf,
} from "../../../common/domain/search.ts";
import type { ShiftBlockKind } from "../../../common/domain/shift-block.ts";
import type { ThreadKind } from "../../../common/schemas/chat.ts";
import type {
  FileHit,
  MessageHit,
  PersonHit,
  SearchResults,
  SearchThread,
} from "../../../common/schemas/search.ts";
import type { Db } from "../../db/client.ts";
import { namedStatement } from "../../db/prepared.ts";
import {
  chatMessageAttachments,
  chatMessages,
  chatThreadMembers,
  chatThreads,
  departments,
  profiles,
  searchWords,
  staff,
} from "../../db/schema.ts";
import type { Viewer } from "../../platform/viewer.ts";
import { may } from "../../policies/index.ts";
import type { ThreadResource } from "../../policies/resources.ts";
import { searchScope } from "../../policies/search.ts";
import { person } from "./present.ts";

/** How many of the newest matches are ranked. */
export const candidatesMax = 40;

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

/** A phrase as a regular expression over folded text: its words in order, whole. */
const phrasePattern = (words: readonly string[]) => `\\m${words.join("\\W+")}\\M`;

/**
 * Whether the folded `text` (a file's name, a person's) has every word, as part of one,
 * and every phrase. Messages are matched by their full-text index instead (`messageQuery`).
 */
function nameMatches(query: ParsedQuery, text: SQL): SQL[] {
  const terms = query.terms.map((term) =>
    // A word part needs three letters to mean anything (and to have a trigram).
    term.length >= 3
      ? sql`${folded(text)} like ${`%${term}%`}`
      : sql`${folded(text)} ~ ${phrasePattern([term])}`,
  );
  const phrases = query.phrases.map((words) => sql`${folded(text)} ~ ${phrasePattern(words)}`);
  return [...terms, ...phrases];
}

const rowsOf = <R>(result: unknown) => (result as { rows: R[] }).rows;

/** How many of a department's words one term may stand for: the closest (shortest) first. */
const wordsPerTerm = 60;

/**
 * How alike a typo and a word must be (pg_trgm word similarity: 'pasinet' and 'pasient'
 * share half their trigrams). The operator `<%` reads the threshold from a setting,
 * set for the fuzzy statement alone. (`%`, plain similarity, is not used: PGlite's
 * trigram index stops answering after it.)
 */
const typoSimilarity = 0.5;

/**
 * The words the departments have written that each term (three letters or more) is
 * part of ('pumpe': 'pumpeinstruksen', 'infusjonspumpe'), or, `fuzzy`, is a small typo
 * of ('pasinet': 'pasient'). One statement for every term, on the words' trigram index.
 */
export async function wordsFor(
  db: Db,
  deptIds: readonly string[],
  terms: readonly string[],
  fuzzy: boolean,
): Promise<Map<string, string[]>> {
  const looked = terms.filter((term) => term.length >= (fuzzy ? 4 : 3));
  if (looked.length === 0 || deptIds.length === 0) return new Map();
  // Terms are letters and digits only (wordsOf), so none holds a LIKE wildcard.
  const near = fuzzy
    ? sql`q.term <% w.word group by w.word order by word_similarity(q.term, w.word) desc, w.word`
    : sql`w.word like '%' || q.term || '%' group by w.word order by length(w.word), w.word`;
  const statement = sql`
    select q.term, found.word from unnest(${sql.param(looked)}::text[]) as q(term)
    cross join lateral (
      select w.word from ${searchWords} w
      where w.dept_id in ${deptIds} and ${near}
      limit ${wordsPerTerm}
    ) found`;
  const result = fuzzy
    ? await db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local pg_trgm.word_similarity_threshold = ${typoSimilarity}`));
        return tx.execute(statement);
      })
    : await db.execute(statement);
  const words = new Map<string, string[]>();
  for (const row of rowsOf<{ term: string; word: string }>(result))
    words.set(row.term, [...(words.get(row.term) ?? []), row.word]);
  return words;
}

/** A word as a `to_tsquery` operand: quoted, so the parser reads it as text. */
const operand = (word: string) => `'${word.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`;

/**
 * The full-text query of a search, for `to_tsquery('norwegian', …)`: every term, as
 * itself (its inflections too: the parser stems both sides) or any word it stands
 * for, and every phrase's words in a row. Stop words drop out, as in the text.
 */
export function messageQuery(query: ParsedQuery, words: Map<string, string[]>): string {
  const terms = query.terms.map((term) => `(${[term, ...(words.get(term) ?? [])].map(operand).join(" | ")})`);
  const phrases = query.phrases.map((phrase) => `(${phrase.map(operand).join(" <-> ")})`);
  return [...terms, ...phrases].join(" & ");
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

const author = alias(profiles, "author");
const other = alias(profiles, "other");

/**
 * What a hit says of its thread, read with the hit: its name as the chat shows it, and
 * what `thread.read` decides on: department, kind, public, and whether the caller `me`
 * is a member (all the policy asks of the members). Over `t`, the thread; the
 * departments and the other person of a direct thread joined by `threadJoins`.
 */
const threadFields = (me: string | Placeholder) => sql`
  t.id as "threadId", t.kind as "threadKind", t.dept_id as "deptId", t.is_public as "isPublic",
  t.name as "threadName", ${departments.name} as "deptName", t.shift_block as "shiftBlock",
  t.shift_date::text as "shiftDate", ${other.fullName} as "otherName",
  exists (select 1 from ${chatThreadMembers} tm where tm.thread_id = t.id and tm.user_id = ${me})
    as "isMember"`;

const threadJoins = (me: string | Placeholder) => sql`
  join ${departments} on ${departments.id} = t.dept_id
  left join ${profiles} "other" on ${other.userId} =
    case when t.direct_low_id = ${me} then t.direct_high_id else t.direct_low_id end`;

interface ThreadFields {
  threadId: string;
  threadKind: ThreadKind;
  deptId: string;
  isPublic: boolean;
  threadName: string | null;
  deptName: string;
  shiftBlock: ShiftBlockKind | null;
  shiftDate: string | null;
  otherName: string | null;
  isMember: boolean;
}

function hitThread(row: ThreadFields): SearchThread {
  const kind = row.threadKind;
  const name =
    kind === "department" ? row.deptName : kind === "direct" ? (row.otherName ?? "") : (row.threadName ?? "");
  return {
    id: row.threadId,
    kind,
    deptId: row.deptId,
    name,
    shift: row.shiftBlock && row.shiftDate ? { block: row.shiftBlock, date: row.shiftDate } : null,
  };
}

/** The thread as the policies see it; of its members, the caller, where a member. */
const threadResource = (row: ThreadFields, me: string): ThreadResource => ({
  type: "thread",
  id: row.threadId,
  deptId: row.deptId,
  kind: row.threadKind,
  isPublic: row.isPublic,
  memberIds: row.isMember ? [me] : [],
});

/** A hit with the thread its policy is asked of. */
export interface Found<H> {
  hit: H;
  thread: ThreadResource;
}

/** An instant as the database sends it in milliseconds (float8: a number in both drivers). */
const epochMs = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::float8`;

/**
 * The ids of the best messages, best first, and how many matched (up to
 * `candidatesMax`): of the newest matches, those whose words all match as words (or
 * inflections) first, fading with age. Where the full-text query is a common word, the
 * database walks the department's newest messages until enough have matched; where it
 * is rare, it takes its few matches from the full-text index. Which, it decides from
 * the query itself (its statistics of each word), so the query goes to it as a value
 * it plans with, each time.
 */
async function rankMessages(
  db: Db,
  viewer: Viewer,
  request: SearchRequest,
  query: ParsedQuery,
  words: Map<string, string[]>,
): Promise<{ ids: string[]; candidates: number }> {
  const where = [
    sql`m.deleted_at is null`,
    readableThread(viewer, request.kinds, sql`m.dept_id`),
    ...query.phrases.map((words) => sql`${folded(sql`m.content`)} ~ ${phrasePattern(words)}`),
    ...filtersOn(request, { author: sql`m.author_id`, thread: sql`m.thread_id`, at: sql`m.created_at` }),
  ];
  if (!isEmptyQuery(query))
    where.push(sql`m.search_vector @@ to_tsquery('norwegian', ${messageQuery(query, words)})`);
  if (request.hasFile)
    where.push(sql`exists (select 1 from ${chatMessageAttachments} a where a.message_id = m.id)`);
  const asWords = query.terms.map((term) => sql`plainto_tsquery('norwegian', ${term})`);
  // Words that match as words (or inflections) count double; a match fades with age.
  const relevance =
    asWords.length > 0
      ? sql`(case when c.search_vector @@ (${sql.join(asWords, sql` && `)}) then 2 else 1 end
          + ts_rank(c.search_vector, ${sql.join(asWords, sql` || `)}))`
      : sql`1`;
  const rows = rowsOf<{ id: string; candidates: number | string }>(
    await db.execute(sql`
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
    limit ${searchLimits.messages}`),
  );
  return { ids: rows.map((r) => r.id), candidates: Number(rows[0]?.candidates ?? 0) };
}

interface MessageRow extends ThreadFields {
  id: string;
  content: string | null;
  createdMs: number;
  authorId: string | null;
  authorName: string | null;
  authorAvatarUrl: string | null;
  fileCount: number;
}

// All a message hit shows, by the ranking's ids: one statement of one shape, so it is
// prepared (planned once per connection), unlike the ranking.
const messageDetails = namedStatement<MessageRow>("search_message_details", () => {
  const me = sql.placeholder("me");
  return sql`
    select m.id, m.content, ${epochMs(sql`m.created_at`)} as "createdMs",
      ${author.userId} as "authorId", ${author.fullName} as "authorName",
      ${person(author).avatarUrl} as "authorAvatarUrl",
      (select count(*)::int from ${chatMessageAttachments} a where a.message_id = m.id) as "fileCount",
      ${threadFields(me)}
    from ${chatMessages} m
      join ${chatThreads} t on t.id = m.thread_id
      ${threadJoins(me)}
      left join ${profiles} "author" on ${author.userId} = m.author_id
    where m.id = any(${sql.placeholder("ids")}::uuid[])`;
});

/**
 * The best messages, best first, each with the thread its policy is asked of, and how
 * many matched (up to `candidatesMax`).
 */
export async function findMessages(
  db: Db,
  viewer: Viewer,
  request: SearchRequest,
  query: ParsedQuery,
  words: Map<string, string[]>,
): Promise<{ found: Found<MessageHit>[]; candidates: number }> {
  const { ids, candidates } = await rankMessages(db, viewer, request, query, words);
  if (ids.length === 0) return { found: [], candidates };
  const me = viewer.actor.userId;
  const rows = await messageDetails(db, { ids, me });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const found = ids.flatMap((id): Found<MessageHit>[] => {
    const row = byId.get(id);
    if (!row) return [];
    const snippet = snippetOf(row.content ?? "", query);
    const hit: MessageHit = {
      id: row.id,
      thread: hitThread(row),
      author: row.authorId
        ? { userId: row.authorId, fullName: row.authorName ?? "", avatarUrl: row.authorAvatarUrl }
        : null,
      createdAt: new Date(row.createdMs).toISOString(),
      snippet: snippet.text,
      highlights: snippet.highlights,
      fileCount: row.fileCount,
    };
    return [{ hit, thread: threadResource(row, me) }];
  });
  return { found, candidates };
}

/** Files whose names have every word, newest first, with their threads: one statement. */
async function findFiles(
  db: Db,
  viewer: Viewer,
  request: SearchRequest,
  query: ParsedQuery,
): Promise<Found<FileHit>[]> {
  const where = [
    sql`a.message_id is not null`,
    sql`m.deleted_at is null`,
    readableThread(viewer, request.kinds, sql`a.dept_id`),
    ...nameMatches(query, sql`a.name`),
    ...filtersOn(request, { author: sql`a.uploaded_by`, thread: sql`a.thread_id`, at: sql`m.created_at` }),
  ];
  const rows = rowsOf<
    ThreadFields & {
      id: string;
      name: string;
      kind: AttachmentKind;
      size: number;
      messageId: string;
      createdMs: number;
    }
  >(
    await db.execute(sql`
    select a.id, a.name, a.kind, a.byte_size as size, a.message_id as "messageId",
      ${epochMs(sql`m.created_at`)} as "createdMs", ${threadFields(viewer.actor.userId)}
    from ${chatMessageAttachments} a
      join ${chatMessages} m on m.id = a.message_id
      join ${chatThreads} t on t.id = a.thread_id
      ${threadJoins(viewer.actor.userId)}
    where ${sql.join(where, sql` and `)}
    order by m.seq desc
    limit ${searchLimits.files}`),
  );
  return rows.map((row) => ({
    hit: {
      id: row.id,
      name: row.name,
      kind: row.kind,
      size: row.size,
      messageId: row.messageId,
      thread: hitThread(row),
      createdAt: new Date(row.createdMs).toISOString(),
      highlights: matchRanges(row.name, query),
    },
    thread: threadResource(row, viewer.actor.userId),
  }));
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
        ...nameMatches(query, sql`${profiles.fullName}`),
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
export function readableHits(viewer: Viewer, messages: Found<MessageHit>[], files: Found<FileHit>[]) {
  const reads = (thread: ThreadResource) => may(viewer.actor, "thread.read", thread, viewer.env);
  const opens = (file: Found<FileHit>) =>
    may(
      viewer.actor,
      "attachment.read",
      {
        type: "attachment",
        id: file.hit.id,
        thread: file.thread,
        uploadedBy: null,
        message: { authorId: null, deleted: false, undoable: false },
      },
      viewer.env,
    );
  return {
    messages: messages.filter((m) => reads(m.thread)).map((m) => m.hit),
    files: files.filter(opens).map((f) => f.hit),
  };
}

export async function search(db: Db, viewer: Viewer, request: SearchRequest): Promise<SearchResults> {
  const query = parseSearchQuery(request.q);
  const filtered = Boolean(
    request.from || request.thread || request.hasFile || request.before || request.after,
  );
  const { deptIds } = searchScope(viewer.actor);
  const messagesFound = async () => {
    const parts = await wordsFor(db, deptIds, query.terms, false);
    const first = await findMessages(db, viewer, request, query, parts);
    // Only when nothing matched are small typos forgiven.
    if (first.found.length > 0 || query.terms.length === 0) return first;
    const near = await wordsFor(db, deptIds, query.terms, true);
    if (near.size === 0) return first;
    for (const [term, words] of parts) near.set(term, [...(near.get(term) ?? []), ...words]);
    return findMessages(db, viewer, request, query, near);
  };
  const [messages, files, people] = await Promise.all([
    messagesFound(),
    // 'Har vedlegg' asks for messages; files are found by their names, so they need words.
    isEmptyQuery(query) && !request.hasFile ? [] : findFiles(db, viewer, request, query),
    filtered || isEmptyQuery(query) ? [] : peopleHits(db, viewer, query),
  ]);
  const readable = readableHits(viewer, messages.found, files);
  return {
    messages: readable.messages,
    moreMessages: messages.candidates > searchLimits.messages,
    files: readable.files,
    people,
  };
}
