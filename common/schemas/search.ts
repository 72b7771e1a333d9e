/**
 * Search (issue: search in Norwegian): one box finds messages, files and colleagues in
 * every conversation the caller may read now. The words themselves are matched by the
 * database (Norwegian full-text search, trigrams for parts of words); what the caller
 * sees is a short piece of each message with the matched words marked.
 */
import { z } from "zod";
import { attachmentKinds } from "../domain/attachments.ts";
import { isOsloDate } from "../domain/oslo-time.ts";
import { hasSomethingToFind, searchLimits } from "../domain/search.ts";
import { chatPerson, shiftBlockKinds, threadKinds } from "./chat.ts";

const osloDate = z.string().refine(isOsloDate, "Ugyldig dato");

/**
 * GET /api/search. `q` may be empty when a filter says what to look for ('Fra',
 * 'I', 'Har vedlegg'): then the newest messages that pass the filters come first.
 * 'Før' and 'Etter' are Oslo dates, both exclusive: before 1 December is up to the end
 * of 30 November.
 */
export const searchQuery = z
  .object({
    q: z.string().max(searchLimits.queryMax).default(""),
    /** 'Fra': messages written (files sent) by this person */
    from: z.uuid().optional(),
    /** 'I': one thread */
    thread: z.uuid().optional(),
    /** 'Før': written before this Oslo date */
    before: osloDate.optional(),
    /** 'Etter': written after this Oslo date */
    after: osloDate.optional(),
    /** 'Har vedlegg': only messages with files */
    hasFile: z.stringbool().optional(),
  })
  .refine(hasSomethingToFind, {
    message: "Skriv minst to tegn",
    path: ["q"],
  });
export type SearchQuery = z.input<typeof searchQuery>;

/** [start, end) offsets of a matched word in the text they come with (UTF-16 units). */
export const highlightRanges = z.array(
  z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative()]),
);
export type HighlightRanges = z.infer<typeof highlightRanges>;

/** Where a hit was written, as its result row names it. */
export const searchThread = z.object({
  id: z.uuid(),
  kind: z.enum(threadKinds),
  deptId: z.uuid(),
  /** channel: its name; shift: the block's name; direct: the other person; department: the department */
  name: z.string(),
  /** shift threads: the block and the Oslo date it starts on */
  shift: z.object({ block: z.enum(shiftBlockKinds), date: z.string() }).nullable(),
});
export type SearchThread = z.infer<typeof searchThread>;

export const messageHit = z.object({
  id: z.uuid(),
  thread: searchThread,
  /** null: the author's account was deleted ('Slettet bruker') */
  author: chatPerson.nullable(),
  createdAt: z.string(),
  /** a few words around the first match, '…' where it was cut */
  snippet: z.string(),
  highlights: highlightRanges,
  fileCount: z.number().int().nonnegative(),
});
export type MessageHit = z.infer<typeof messageHit>;

export const fileHit = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: z.enum(attachmentKinds),
  size: z.number().int().nonnegative(),
  /** the message it was sent with */
  messageId: z.uuid(),
  thread: searchThread,
  createdAt: z.string(),
  /** in `name` */
  highlights: highlightRanges,
});
export type FileHit = z.infer<typeof fileHit>;

export const personHit = chatPerson.extend({
  /** in `fullName` */
  highlights: highlightRanges,
});
export type PersonHit = z.infer<typeof personHit>;

export const searchResults = z.object({
  messages: z.array(messageHit),
  /** more messages matched than `messages` holds: the screen asks to narrow the search */
  moreMessages: z.boolean(),
  files: z.array(fileHit),
  /** colleagues of my departments; empty when a filter is set */
  people: z.array(personHit),
});
export type SearchResults = z.infer<typeof searchResults>;
