/**
 * Search: messages, files and colleagues that match a query, in what the caller may read.
 *
 * Matching is the database's, on text folded by `search_fold` (æøå and their
 * substitutes made one). A word matches a message when it is one of its words or an
 * inflection of one (Norwegian full-text search: 'vakter' finds 'vakt'), or part of one
 * ('pumpe' in 'pumpeinstruks'): the department's words that hold it are looked up first
 * (`search_words`, a trigram index over the words written), then asked of the messages'
 * full-text index with the term itself. A query finds messages with all its words. Only
 * when that finds nothing are small typos forgiven: the words close to a term (trigram
 * similarity) are asked as well. "Quoted phrases" match those words in that order.
 *
 * Ranking: of the newest `candidatesMax` matches, the best first, where a message whose
 * words all match as words (or inflections) beats one matched by parts of words, and
 * either fades with age (halved after two weeks). The newest matches are where a ward
 * looks; a search wider than that asks to be narrowed (`moreMessages`).
 *
 * All of it is one call of the database's `search_hits` (migration 0030): one round
 * trip, its statements planned once per connection but the ranking's. What is read is
 * narrowed there by `searchScope`; here every hit is then asked `thread.read`.
 */
import { sql } from "drizzle-orm";
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
import { avatarUrlOf } from "../../platform/avatars.ts";
import type { Viewer } from "../../platform/viewer.ts";
import { may } from "../../policies/index.ts";
import type { ThreadResource } from "../../policies/resources.ts";
import { searchScope } from "../../policies/search.ts";

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

/** A phrase as a regular expression over folded text: its words in order, whole. */
const phrasePattern = (words: readonly string[]) => `\\m${words.join("\\W+")}\\M`;

/** A word as a `to_tsquery` operand: quoted, so the parser reads it as text (`search_operand` in SQL). */
const operand = (word: string) => `'${word.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`;

/** The phrases' part of the full-text query: each phrase's words in a row. */
const phraseQuery = (query: ParsedQuery) =>
  query.phrases.map((phrase) => `(${phrase.map(operand).join(" <-> ")})`).join(" & ");

/**
 * What a file's or a person's folded name must match, all of it: every word as part of
 * one, shorter words whole, and every phrase (regular expressions). A `like` pattern
 * for every word of three letters or more, the phrases' too (a part needs three letters
 * to mean anything, and to have a trigram); the longest first, since the trigram index
 * is asked for the first.
 */
function nameTests(query: ParsedQuery) {
  const words = new Set([...query.terms, ...query.phrases.flat()]);
  const long = [...words].filter((word) => word.length >= 3).sort((a, b) => b.length - a.length);
  const short = query.terms.filter((term) => term.length < 3);
  return {
    // Words are letters and digits only (wordsOf), so none holds a LIKE wildcard.
    likes: long.map((word) => `%${word}%`),
    patterns: [...short.map((term) => phrasePattern([term])), ...query.phrases.map(phrasePattern)],
  };
}

/** The instant an Oslo date begins. */
const osloDayStart = (date: string, addDaysCount = 0) => osloHourToInstant(date, 0, addDaysCount);

/** A hit's thread as `search_thread` gives it: its name's parts and what `thread.read` decides on. */
interface ThreadRow {
  id: string;
  kind: ThreadKind;
  deptId: string;
  isPublic: boolean;
  name: string | null;
  deptName: string;
  shiftBlock: ShiftBlockKind | null;
  shiftDate: string | null;
  otherName: string | null;
  isMember: boolean;
}

interface MessageRow {
  id: string;
  content: string | null;
  createdMs: number;
  authorId: string | null;
  authorName: string | null;
  authorAvatarPath: string | null;
  authorUpdatedMs: number | null;
  fileCount: number;
  thread: ThreadRow;
}

interface FileRow {
  id: string;
  name: string;
  kind: AttachmentKind;
  size: number;
  messageId: string;
  createdMs: number;
  thread: ThreadRow;
}

interface PersonRow {
  userId: string;
  fullName: string;
  avatarPath: string | null;
  updatedMs: number;
}

interface HitsRow {
  messages: MessageRow[];
  candidates: number;
  files: FileRow[];
  people: PersonRow[];
}

function hitThread(row: ThreadRow): SearchThread {
  const kind = row.kind;
  const name =
    kind === "department" ? row.deptName : kind === "direct" ? (row.otherName ?? "") : (row.name ?? "");
  return {
    id: row.id,
    kind,
    deptId: row.deptId,
    name,
    shift: row.shiftBlock && row.shiftDate ? { block: row.shiftBlock, date: row.shiftDate } : null,
  };
}

/** The thread as the policies see it; of its members, the caller, where a member. */
const threadResource = (row: ThreadRow, me: string): ThreadResource => ({
  type: "thread",
  id: row.id,
  deptId: row.deptId,
  kind: row.kind,
  isPublic: row.isPublic,
  memberIds: row.isMember ? [me] : [],
});

const avatarOf = (userId: string, avatarPath: string | null, updatedMs: number | null) =>
  avatarUrlOf({ userId, avatarPath, updatedAt: new Date(updatedMs ?? 0) });

/** A hit with the thread its policy is asked of. */
export interface Found<H> {
  hit: H;
  thread: ThreadResource;
}

const arg = (name: string, type: string) =>
  sql`${sql.raw(name)} => ${sql.placeholder(name)}::${sql.raw(type)}`;

// One statement of one shape, so it is prepared (parsed once per connection).
const searchHits = namedStatement<{ hits: HitsRow }>("search_hits", () => {
  const args = [
    ["viewer", "uuid"],
    ["depts", "uuid[]"],
    ["all_staff_kinds", "text[]"],
    ["public_channels", "boolean"],
    ["member_kinds", "text[]"],
    ["terms", "text[]"],
    ["phrase_query", "text"],
    ["phrase_patterns", "text[]"],
    ["name_likes", "text[]"],
    ["name_patterns", "text[]"],
    ["by_author", "uuid"],
    ["in_thread", "uuid"],
    ["sent_before", "timestamptz"],
    ["sent_after", "timestamptz"],
    ["with_files", "boolean"],
    ["now_at", "timestamptz"],
    ["want_files", "boolean"],
    ["want_people", "boolean"],
    ["candidates_max", "integer"],
    ["messages_max", "integer"],
    ["files_max", "integer"],
    ["people_max", "integer"],
  ].map(([name, type]) => arg(name!, type!));
  return sql`select search_hits(${sql.join(args, sql`, `)}) as hits`;
});

/**
 * Everything that matches, before the policy's word on each hit: the best messages,
 * best first, and how many matched (up to `candidatesMax`); files; colleagues.
 */
export async function findHits(db: Db, viewer: Viewer, request: SearchRequest) {
  const query = parseSearchQuery(request.q);
  const me = viewer.actor.userId;
  const scope = searchScope(viewer.actor);
  const filtered = Boolean(
    request.from || request.thread || request.hasFile || request.before || request.after,
  );
  const names = nameTests(query);
  const [row] = await searchHits(db, {
    viewer: me,
    depts: scope.deptIds,
    all_staff_kinds: scope.readByAllStaff.filter((k) => request.kinds.includes(k)),
    public_channels: scope.publicChannels && request.kinds.includes("channel"),
    member_kinds: scope.membersOnly.filter((k) => request.kinds.includes(k)),
    terms: query.terms,
    phrase_query: phraseQuery(query),
    phrase_patterns: query.phrases.map(phrasePattern),
    name_likes: names.likes,
    name_patterns: names.patterns,
    by_author: request.from ?? null,
    in_thread: request.thread ?? null,
    sent_before: request.before ? osloDayStart(request.before) : null,
    sent_after: request.after ? osloDayStart(request.after, 1) : null,
    with_files: Boolean(request.hasFile),
    now_at: viewer.now,
    // 'Har vedlegg' asks for messages; files are found by their names, so they need words.
    want_files: !isEmptyQuery(query) || Boolean(request.hasFile),
    want_people: !filtered && !isEmptyQuery(query),
    candidates_max: candidatesMax,
    messages_max: searchLimits.messages,
    files_max: searchLimits.files,
    people_max: searchLimits.people,
  });
  const hits = row!.hits;
  const messages = hits.messages.map((m): Found<MessageHit> => {
    const snippet = snippetOf(m.content ?? "", query);
    const hit: MessageHit = {
      id: m.id,
      thread: hitThread(m.thread),
      author: m.authorId
        ? {
            userId: m.authorId,
            fullName: m.authorName ?? "",
            avatarUrl: avatarOf(m.authorId, m.authorAvatarPath, m.authorUpdatedMs),
          }
        : null,
      createdAt: new Date(m.createdMs).toISOString(),
      snippet: snippet.text,
      highlights: snippet.highlights,
      fileCount: m.fileCount,
    };
    return { hit, thread: threadResource(m.thread, me) };
  });
  const files = hits.files.map(
    (f): Found<FileHit> => ({
      hit: {
        id: f.id,
        name: f.name,
        kind: f.kind,
        size: f.size,
        messageId: f.messageId,
        thread: hitThread(f.thread),
        createdAt: new Date(f.createdMs).toISOString(),
        highlights: matchRanges(f.name, query),
      },
      thread: threadResource(f.thread, me),
    }),
  );
  const people = hits.people.map(
    (p): PersonHit => ({
      userId: p.userId,
      fullName: p.fullName,
      avatarUrl: avatarOf(p.userId, p.avatarPath, p.updatedMs),
      highlights: matchRanges(p.fullName, query),
    }),
  );
  return { messages, candidates: hits.candidates, files, people };
}

/**
 * The full-text query `search_hits` asks the messages of `deptIds` for `q` (exact, not
 * the typos' pass): what the benchmark's bare baseline asks as well.
 */
export async function fullTextOf(db: Db, deptIds: readonly string[], q: string): Promise<string | null> {
  const query = parseSearchQuery(q);
  const result = await db.execute(
    sql`select search_full_text(${sql.param([...deptIds])}::uuid[], ${sql.param(query.terms)}::text[],
      ${phraseQuery(query)}, false) as q`,
  );
  return (result as unknown as { rows: { q: string | null }[] }).rows[0]?.q ?? null;
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
  const found = await findHits(db, viewer, request);
  const readable = readableHits(viewer, found.messages, found.files);
  return {
    messages: readable.messages,
    moreMessages: found.candidates > searchLimits.messages,
    files: readable.files,
    people: found.people,
  };
}
