/**
 * The chat API (spec §2–§7, decisions.md § Chat): threads of four kinds, messages with
 * replies and reactions, read positions and unread counts.
 *
 * Request schemas only bound what arrives (types, ids, sizes far above any rule); the
 * rules people meet while typing (empty, too long, no one chosen) are the shared
 * functions of `domain/chat-messages.ts`, answered with 422 and their own message.
 */
import { z } from "zod";
import { hasControlCharacters } from "../base/characters.ts";
import { limits } from "../base/limits.ts";
import { attachmentKinds } from "../domain/attachments.ts";
import type { ShiftBlockKind } from "../domain/shift-block.ts";

export const threadKinds = ["department", "shift", "direct", "channel"] as const;
export type ThreadKind = (typeof threadKinds)[number];

export const shiftBlockKinds = ["day", "evening", "night"] as const satisfies readonly ShiftBlockKind[];

/** Spec §9 has no page size for messages; 50 keeps a screenful and some history. */
export const messagePageSize = 50;

// NUL cannot be stored in a PostgreSQL text; line breaks and tabs are part of messages.
const storable = (max: number) =>
  z
    .string()
    .max(max)
    .refine((v) => !v.includes("\u0000"), "Ugyldige tegn");
// A name is one line.
const oneLine = (max: number) =>
  z
    .string()
    .max(max)
    .refine((v) => !hasControlCharacters(v), "Ugyldige tegn");

// Bounds of what is read at all; the rules' limits (4000, 50) are far below and answer 422.
const messageInputMax = 20_000;
const nameInputMax = 500;

export const threadParams = z.object({ threadId: z.uuid() });
export const messageParams = z.object({ messageId: z.uuid() });

/**
 * A page of a thread: the newest, the page `before` a message, what came `after` one, or
 * the messages `from` one onwards that changed since `changedSince` (an `asOf` it was given).
 */
export const messagePageQuery = z
  .object({
    before: z.uuid().optional(),
    after: z.uuid().optional(),
    changedSince: z.iso.datetime({ offset: true }).optional(),
    from: z.uuid().optional(),
  })
  .refine(
    (q) => [q.before, q.after, q.changedSince].filter(Boolean).length <= 1,
    "Bruk bare én av before, after og changedSince",
  )
  .refine((q) => !q.changedSince === !q.from, "changedSince og from hører sammen");

export const postMessageRequest = z.object({
  /** may be empty when files go with it */
  content: storable(messageInputMax),
  replyToId: z.uuid().optional(),
  /** files uploaded to the thread for this message, in the order shown */
  attachmentIds: z.array(z.uuid()).max(limits.attachmentsPerMessage).optional(),
  /**
   * made by the sender once per message and sent again with each retry: a post whose
   * answer was lost is not stored twice (the same key by the same author gives the first)
   */
  clientKey: z.uuid().optional(),
  /** 'Haster': department, shift and direct threads; recipients acknowledge it */
  urgent: z.boolean().optional(),
});
export const attachmentParams = z.object({ attachmentId: z.uuid() });
/** A signed file link: which version, its expiry (Unix seconds) and signature. */
export const fileQuery = z.object({
  variant: z.enum(["original", "thumbnail"]).default("original"),
  exp: z.string().max(16),
  sig: z.string().max(64),
});
export const editMessageRequest = z.object({ content: storable(messageInputMax) });
export const reactionRequest = z.object({ emoji: z.string().min(1).max(32) });
export const directThreadRequest = z.object({ userId: z.uuid() });
export const createChannelRequest = z.object({
  name: oneLine(nameInputMax),
  isPublic: z.boolean().default(true),
});
export const addMembersRequest = z.object({ userIds: z.array(z.uuid()).max(500) });
export const markReadRequest = z.object({ messageId: z.uuid() });

/** A person as the chat shows them. */
export const chatPerson = z.object({
  userId: z.uuid(),
  fullName: z.string(),
  avatarUrl: z.string().nullable(),
});
export type ChatPerson = z.infer<typeof chatPerson>;

export const reactionDto = z.object({
  emoji: z.string(),
  count: z.number().int().positive(),
  /** who reacted, first first */
  users: z.array(chatPerson.pick({ userId: true, fullName: true })),
  mine: z.boolean(),
});
export type ReactionDto = z.infer<typeof reactionDto>;

/**
 * A file sent with a message. `url` and `thumbnailUrl` are signed for the caller and
 * work until `expiresAt` (600 s); the client asks for the message again before then.
 */
export const attachmentDto = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: z.enum(attachmentKinds),
  mimeType: z.string(),
  size: z.number().int().nonnegative(),
  /** pictures shown inline: their size, so the list keeps their place before they load */
  width: z.number().int().positive().nullable(),
  height: z.number().int().positive().nullable(),
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type AttachmentDto = z.infer<typeof attachmentDto>;

export const reachVia = z.enum(["role", "name", "vakt", "dm", "block"]);

/** One person a message reached, as its sender and the department's leaders see it. */
export const reachedPerson = z.object({
  userId: z.uuid(),
  fullName: z.string(),
  via: reachVia,
  /** reached as holder of this role */
  roleName: z.string().nullable(),
  /** urgent messages: 'Bekreftet' and when */
  acknowledgedAt: z.string().nullable(),
  /** urgent messages: their read position in the thread is past the message ('Sett av') */
  seen: z.boolean(),
});
export type ReachedPerson = z.infer<typeof reachedPerson>;

/**
 * Whom the message reached at send time ('Nådde: …'), and for an urgent one 'Bekreftet
 * av n av m' and 'Sett av n av m': for its sender and the department's leaders only.
 */
export const messageReach = z.object({
  people: z.array(reachedPerson),
  acknowledged: z.number().int().nonnegative(),
  seen: z.number().int().nonnegative(),
});
export type MessageReach = z.infer<typeof messageReach>;

export const messageDto = z.object({
  id: z.uuid(),
  threadId: z.uuid(),
  /** null: the author's account is gone ('Ukjent bruker') */
  author: chatPerson.nullable(),
  /**
   * The text; null for a deleted message, except for its author during the undo window
   * (nobody else ever receives a deleted message's text).
   */
  content: z.string().nullable(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  deletedAt: z.string().nullable(),
  /** the quoted message: one line of at most 80 characters, or the deleted placeholder */
  replyTo: z
    .object({
      id: z.uuid(),
      author: chatPerson.nullable(),
      preview: z.string(),
      deleted: z.boolean(),
    })
    .nullable(),
  /** none on a deleted message */
  reactions: z.array(reactionDto),
  /** its files, for whoever may see its text (a deleted message's: the author during undo) */
  attachments: z.array(attachmentDto),
  /** what the caller may do with it; `undo` only while the deletion can be undone */
  abilities: z.object({
    edit: z.boolean(),
    delete: z.boolean(),
    react: z.boolean(),
    undo: z.boolean(),
    /** 'Bekreft': I am a recipient of this urgent message */
    acknowledge: z.boolean().optional(),
  }),
  /** 'HASTER' */
  urgent: z.boolean().optional(),
  /** urgent, and I am a recipient: when I acknowledged it (null: not yet) */
  acknowledgement: z.object({ acknowledgedAt: z.string().nullable() }).nullable().optional(),
  /** whom it reached: for the sender and the department's leaders (null for everyone else) */
  reach: messageReach.nullable().optional(),
});
export type MessageDto = z.infer<typeof messageDto>;

/**
 * Oldest first. `hasMore`: older messages exist (newest page, `before`), newer ones
 * (`after`), or more changed than one answer holds (`changedSince`: read everything again).
 * `asOf`: the database's clock when it was read, the next `changedSince`.
 */
export const messagePage = z.object({
  messages: z.array(messageDto),
  hasMore: z.boolean(),
  asOf: z.iso.datetime({ offset: true }),
});
export type MessagePage = z.infer<typeof messagePage>;

export const reactionsResponse = z.object({ reactions: z.array(reactionDto) });

/** The block of a shift thread ('Pågående vakt' header: name and start–end). */
export const shiftInfo = z.object({
  block: z.enum(shiftBlockKinds),
  name: z.string(),
  /** "07:00–15:00" */
  range: z.string(),
  /** the Oslo date the block starts on, yyyy-mm-dd */
  date: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** the block is under way (the header's green dot) */
  current: z.boolean(),
});

/** A thread's header: kind and badges, its name, its people, and what the caller may do. */
export const threadDto = z.object({
  id: z.uuid(),
  kind: z.enum(threadKinds),
  deptId: z.uuid(),
  /** channel: its name; shift: the block; direct: the other person; department: the department */
  name: z.string(),
  isPublic: z.boolean(),
  shift: shiftInfo.nullable(),
  /** direct threads: the other person */
  other: chatPerson.nullable(),
  /** department threads: its active staff; others: the member list */
  members: z.array(chatPerson),
  isMember: z.boolean(),
  abilities: z.object({ write: z.boolean(), join: z.boolean(), addMembers: z.boolean() }),
  /**
   * What the department's retention rules delete here ('Oppbevaring'): the days its
   * kind's messages are kept, and the attachments' days where files go sooner; null: kept.
   */
  retention: z.object({
    messages: z.number().int().positive().nullable(),
    attachments: z.number().int().positive().nullable(),
  }),
});
export type ThreadDto = z.infer<typeof threadDto>;

export const directThreadList = z.object({
  threads: z.array(
    z.object({
      threadId: z.uuid(),
      other: chatPerson,
      /** the last message that is not deleted */
      lastMessage: z
        .object({
          id: z.uuid(),
          authorId: z.uuid().nullable(),
          content: z.string(),
          createdAt: z.string(),
        })
        .nullable(),
      unread: z.number().int().nonnegative(),
    }),
  ),
});
export type DirectThreadList = z.infer<typeof directThreadList>;

export const channelList = z.object({
  channels: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      isPublic: z.boolean(),
      isMember: z.boolean(),
      memberCount: z.number().int().nonnegative(),
      /** 0 for channels one is not a member of: they have no read position */
      unread: z.number().int().nonnegative(),
    }),
  ),
});
export type ChannelList = z.infer<typeof channelList>;

/** The sidebar's badges: per kind, and per thread (each DM and channel). */
export const unreadCounts = z.object({
  department: z.number().int().nonnegative(),
  /** the thread of the block under way only */
  shift: z.number().int().nonnegative(),
  direct: z.number().int().nonnegative(),
  channels: z.number().int().nonnegative(),
  threads: z.array(
    z.object({ threadId: z.uuid(), kind: z.enum(threadKinds), unread: z.number().int().nonnegative() }),
  ),
});
export type UnreadCounts = z.infer<typeof unreadCounts>;

export const markReadResponse = z.object({ unread: z.number().int().nonnegative() });
export const addMembersResponse = z.object({ added: z.number().int().nonnegative() });

/** 'Bekreft': when I acknowledged the message (the first time: a second changes nothing). */
export const acknowledgeResponse = z.object({ acknowledgedAt: z.string() });

/** The composer's check before sending: the mentioned roles nobody holds now. */
export const reachCheckRequest = z.object({ content: storable(messageInputMax) });
export const reachCheckResponse = z.object({
  /** 'Ingen har rollen nå': the names of mentioned roles without a holder */
  unheldRoles: z.array(z.string()),
  /** who would be reached now, by name and why */
  people: z.array(reachedPerson.pick({ userId: true, fullName: true, via: true, roleName: true })),
});

/** What the composer offers after '@': the department's roles, 'vakt' and the thread's people. */
export const mentionOptions = z.object({
  roles: z.array(z.object({ id: z.uuid(), name: z.string(), held: z.boolean() })),
  people: z.array(z.object({ userId: z.uuid(), fullName: z.string() })),
});
export type MentionOptions = z.infer<typeof mentionOptions>;

/** The 'Haster' overview: a department's urgent messages of the last 24 hours. */
export const urgentOverviewItem = z.object({
  messageId: z.uuid(),
  threadId: z.uuid(),
  threadKind: z.enum(threadKinds),
  sender: chatPerson.nullable(),
  preview: z.string(),
  sentAt: z.string(),
  acknowledged: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  /** leaders were told a role holder had not acknowledged */
  escalatedAt: z.string().nullable(),
  people: z.array(reachedPerson),
});
export type UrgentOverviewItem = z.infer<typeof urgentOverviewItem>;
export const urgentOverview = z.object({ messages: z.array(urgentOverviewItem) });
export type UrgentOverview = z.infer<typeof urgentOverview>;
