/**
 * Mentions that follow the roster and urgent messages (issue 26, decisions.md § Urgent
 * messages). At send time a message's mentions are resolved against the department's
 * duty roles, its people and the roster (`dutyNow`), and whom it reached is stored; an
 * urgent one ('Haster') also tells each recipient (a notice in the bell and a realtime
 * event the client makes a toast with a sound), and waits for their 'Bekreft'. A job
 * repeats the notice every 2 minutes for 30 minutes until acknowledged and tells the
 * department's leaders on the block when a role holder is silent for 5 minutes.
 */
import { and, asc, desc, eq, gte, inArray, isNull, lte, ne, sql } from "drizzle-orm";
import { dutyLimits } from "../../../common/base/limits.ts";
import {
  type DutyView,
  findMentions,
  hasMentions,
  type MentionCandidates,
  type Mentions,
  type Reach,
  reachOf,
  unheldRoles,
} from "../../../common/domain/mentions.ts";
import { escalationAt, escalationDue, nextRepeatAt } from "../../../common/domain/urgent.ts";
import type {
  MentionOptions,
  ReachedPerson,
  ThreadKind,
  UrgentOverview,
} from "../../../common/schemas/chat.ts";
import { topics } from "../../../common/schemas/realtime.ts";
import { replyPreview } from "../../../common/texts/reply-preview.ts";
import type { Db, Tx } from "../../db/client.ts";
import { inIdList } from "../../db/id-list.ts";
import {
  chatMessageReach,
  chatMessages,
  chatThreads,
  chatUrgentMessages,
  dutyRoles,
  profiles,
  staff,
} from "../../db/schema.ts";
import { AppError, unprocessable } from "../../platform/errors.ts";
import type { Job } from "../../platform/jobs.ts";
import { enforceRateLimits } from "../../platform/rate-limit.ts";
import { dutyNow, onBlock } from "../../platform/roster.ts";
import { type TxDeps, type TxEvents, withTx } from "../../platform/tx.ts";
import type { ReachedMessageResource } from "../../policies/resources.ts";
import type { LoadedMessage, LoadedThread } from "./access.ts";
import { openKinds } from "./reading.ts";

type UrgentNoticeType = "urgent_message" | "urgent_unacknowledged";
type UrgentPayload = { threadId: string; messageId: string; threadKind: ThreadKind };

/** What the chat asks of the notifications feature (handed over in app.ts). */
export interface ChatNotices {
  notify(
    tx: Tx,
    events: TxEvents,
    recipients: readonly string[],
    type: UrgentNoticeType,
    payload: UrgentPayload | (UrgentPayload & { missing: number }),
    options: { urgent: true },
  ): Promise<{ id: string; recipientId: string }[]>;
  raiseAgain(tx: Tx, events: TxEvents, ids: readonly string[], now: Date): Promise<void>;
  markNoticesRead(tx: Tx, events: TxEvents, userId: string, ids: readonly string[], now: Date): Promise<void>;
}

/** Urgent messages go where someone must answer: not in channels. */
const urgentKinds: readonly ThreadKind[] = ["department", "shift", "direct"];

/** Whether a post must look at its mentions or urgency (most do not: no '@', not urgent). */
export const needsReach = (thread: LoadedThread, content: string, urgent: boolean) =>
  urgent || (openKinds.includes(thread.kind) && content.includes("@"));

/** Refuses an urgent post where it does not belong, or beyond the sender's rate (429). */
export async function checkUrgentPost(
  deps: TxDeps & { rateLimitSecret: string },
  thread: LoadedThread,
  senderId: string,
) {
  if (!urgentKinds.includes(thread.kind)) throw unprocessable("urgent_not_here");
  await enforceRateLimits(
    deps.db,
    [{ key: `urgent:${senderId}`, max: dutyLimits.urgentPerMinute }],
    60,
    deps.rateLimitSecret,
  );
}

/** The department's roles and the thread's people, as mentions are matched against. */
async function candidatesOf(db: Db | Tx, deptId: string): Promise<MentionCandidates> {
  const [roles, people] = await Promise.all([
    db.select({ id: dutyRoles.id, name: dutyRoles.name }).from(dutyRoles).where(eq(dutyRoles.deptId, deptId)),
    db
      .select({ userId: profiles.userId, fullName: profiles.fullName })
      .from(staff)
      .innerJoin(profiles, eq(profiles.userId, staff.userId))
      .where(and(eq(staff.deptId, deptId), eq(staff.isActive, true))),
  ]);
  return { roles, people };
}

const noMentions: Mentions = { vakt: false, roleIds: [], userIds: [] };
const noDuty: DutyView = { holders: [], onShift: [] };

/** Whom a message would reach now, and the mentioned roles nobody holds. */
async function resolve(
  db: Db | Tx,
  thread: LoadedThread,
  senderId: string,
  content: string,
  urgent: boolean,
  now: Date,
): Promise<{ reach: Reach[]; unheld: string[] }> {
  if (thread.kind === "direct") {
    const other = thread.memberIds.find((id) => id !== senderId) ?? null;
    return { reach: urgent ? reachOf(noMentions, noDuty, { senderId, directWith: other }) : [], unheld: [] };
  }
  if (!openKinds.includes(thread.kind)) return { reach: [], unheld: [] };
  const candidates = content.includes("@")
    ? await candidatesOf(db, thread.deptId)
    : { roles: [], people: [] };
  const mentions = findMentions(content, candidates);
  const askRoster = mentions.vakt || mentions.roleIds.length > 0 || (urgent && !hasMentions(mentions));
  const duty = askRoster ? await dutyNow(db, thread.deptId, now) : noDuty;
  return {
    reach: reachOf(mentions, duty, { senderId, urgent }),
    unheld: unheldRoles(mentions, candidates.roles, duty),
  };
}

/**
 * Stores whom the message reached, in the post's transaction, and tells them: an urgent
 * message's recipients get a notice and a `chat.urgent` event, a mention's a
 * `chat.mentioned`. Returns whether it is urgent (it is, when asked and allowed).
 */
export async function recordReach(
  tx: Tx,
  events: TxEvents,
  notices: ChatNotices,
  post: {
    thread: LoadedThread;
    messageId: string;
    senderId: string;
    content: string;
    urgent: boolean;
    now: Date;
  },
): Promise<void> {
  const { thread, messageId, senderId, urgent, now } = post;
  const { reach } = await resolve(tx, thread, senderId, post.content, urgent, now);
  if (urgent && reach.length === 0) throw unprocessable("urgent_no_recipients");
  if (reach.length === 0) return;
  const ref = { threadId: thread.id, messageId, kind: thread.kind };
  const firstRepeat = urgent ? nextRepeatAt(now, now) : null;
  await tx.insert(chatMessageReach).values(
    reach.map((r) => ({
      messageId,
      userId: r.userId,
      via: r.via,
      roleName: r.roleName ?? null,
      nextNoticeAt: firstRepeat,
      notices: urgent ? 1 : 0,
    })),
  );
  const recipients = reach.map((r) => r.userId);
  if (!urgent) {
    for (const userId of recipients) events.publish(topics.user(userId), "chat.mentioned", ref);
    return;
  }
  await tx.insert(chatUrgentMessages).values({
    messageId,
    threadId: thread.id,
    deptId: thread.deptId,
    senderId,
    sentAt: now,
    escalateAt: reach.some((r) => r.via === "role") ? escalationAt(now) : null,
  });
  const written = await notices.notify(
    tx,
    events,
    recipients,
    "urgent_message",
    { threadId: thread.id, messageId, threadKind: thread.kind },
    { urgent: true },
  );
  for (const n of written)
    await tx
      .update(chatMessageReach)
      .set({ notificationId: n.id })
      .where(and(eq(chatMessageReach.messageId, messageId), eq(chatMessageReach.userId, n.recipientId)));
  for (const userId of recipients)
    events.publish(topics.user(userId), "chat.urgent", { ...ref, notice: "sent" });
  events.publish(topics.dept(thread.deptId), "chat.urgentChanged", { deptId: thread.deptId });
}

/** The composer's check before sending: whom it would reach now, and the roles nobody holds. */
export async function checkReach(db: Db, thread: LoadedThread, senderId: string, content: string, now: Date) {
  const { reach, unheld } = await resolve(db, thread, senderId, content, false, now);
  const names = await namesOf(
    db,
    reach.map((r) => r.userId),
  );
  return {
    unheldRoles: unheld,
    people: reach.map((r) => ({
      userId: r.userId,
      fullName: names.get(r.userId) ?? "",
      via: r.via,
      roleName: r.roleName ?? null,
    })),
  };
}

async function namesOf(db: Db, userIds: readonly string[]) {
  if (userIds.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ userId: profiles.userId, fullName: profiles.fullName })
    .from(profiles)
    .where(inIdList(profiles.userId, [...userIds]));
  return new Map(rows.map((r) => [r.userId, r.fullName]));
}

/** What the composer offers after '@' in a department or shift thread. */
export async function mentionOptionsOf(db: Db, thread: LoadedThread, now: Date): Promise<MentionOptions> {
  if (!openKinds.includes(thread.kind)) return { roles: [], people: [] };
  const [candidates, duty] = await Promise.all([
    candidatesOf(db, thread.deptId),
    dutyNow(db, thread.deptId, now),
  ]);
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, "nb");
  return {
    roles: [...candidates.roles]
      .sort(byName)
      .map((r) => ({ ...r, held: duty.holders.some((h) => h.roleId === r.id) })),
    people: [...candidates.people].sort((a, b) => a.fullName.localeCompare(b.fullName, "nb")),
  };
}

// ── what a page of messages shows of it ────────────────────────────────────────

export type ReachRow = Omit<ReachedPerson, "acknowledgedAt"> & { acknowledgedAt: Date | null };

/**
 * Whom these messages reached, per message, with names, acknowledgements and whether each
 * read past it ('Sett av'): one query, whatever the number of messages.
 */
export async function reachOfMessages(db: Db | Tx, messageIds: readonly string[]) {
  const byMessage = new Map<string, ReachRow[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db
    .select({
      messageId: chatMessageReach.messageId,
      userId: chatMessageReach.userId,
      fullName: profiles.fullName,
      via: chatMessageReach.via,
      roleName: chatMessageReach.roleName,
      acknowledgedAt: chatMessageReach.acknowledgedAt,
      seen: sql<boolean>`exists (select 1 from chat_thread_members tm
        join ${chatMessages} m on m.id = ${chatMessageReach.messageId}
        where tm.thread_id = m.thread_id and tm.user_id = ${chatMessageReach.userId}
          and tm.last_read_seq >= m.seq)`,
    })
    .from(chatMessageReach)
    .innerJoin(profiles, eq(profiles.userId, chatMessageReach.userId))
    .where(inArray(chatMessageReach.messageId, [...messageIds]))
    .orderBy(asc(profiles.fullName));
  for (const { messageId, ...row } of rows)
    byMessage.set(messageId, [...(byMessage.get(messageId) ?? []), row]);
  return byMessage;
}

export const presentReached = (r: ReachRow): ReachedPerson => ({
  ...r,
  acknowledgedAt: r.acknowledgedAt?.toISOString() ?? null,
});

/** A message with whom it reached, as the urgent policies ask about it. */
export function reachedResource(
  message: { id: string; authorId: string | null; deleted: boolean; urgent: boolean },
  thread: LoadedThread | ReachedMessageResource["thread"],
  reach: readonly { userId: string }[],
): ReachedMessageResource {
  return {
    type: "reachedMessage",
    id: message.id,
    deptId: thread.deptId,
    authorId: message.authorId ?? "",
    deleted: message.deleted,
    thread,
    urgent: message.urgent,
    recipientIds: reach.map((r) => r.userId),
  };
}

/** The message to acknowledge, with whom it reached: what `message.acknowledge` decides on. */
export async function loadReachedMessage(db: Db, message: LoadedMessage): Promise<ReachedMessageResource> {
  const [reach, [urgent]] = await Promise.all([
    db
      .select({ userId: chatMessageReach.userId })
      .from(chatMessageReach)
      .where(eq(chatMessageReach.messageId, message.id)),
    db
      .select({ id: chatUrgentMessages.messageId })
      .from(chatUrgentMessages)
      .where(eq(chatUrgentMessages.messageId, message.id)),
  ]);
  return reachedResource({ ...message, urgent: !!urgent }, message.thread, reach);
}

// ── 'Bekreft' ───────────────────────────────────────────────────────────────────

/**
 * Acknowledges an urgent message for `userId`: the first call records the time, ends the
 * repeats and clears the notice; a second (or one racing it) changes nothing and answers
 * the same time. One row per person and message holds it (its primary key).
 */
export function acknowledge(
  deps: TxDeps,
  notices: ChatNotices,
  userId: string,
  message: LoadedMessage,
  now: Date,
): Promise<{ acknowledgedAt: string }> {
  return withTx(deps, async (tx, events) => {
    const mine = and(eq(chatMessageReach.messageId, message.id), eq(chatMessageReach.userId, userId));
    const [changed] = await tx
      .update(chatMessageReach)
      .set({ acknowledgedAt: now, nextNoticeAt: null })
      .where(and(mine, isNull(chatMessageReach.acknowledgedAt)))
      .returning({ notificationId: chatMessageReach.notificationId });
    const [row] = await tx
      .select({ acknowledgedAt: chatMessageReach.acknowledgedAt })
      .from(chatMessageReach)
      .where(mine);
    if (!row?.acknowledgedAt) throw new AppError(404, "message_not_found");
    if (changed) {
      if (changed.notificationId)
        await notices.markNoticesRead(tx, events, userId, [changed.notificationId], now);
      events.publish(topics.thread(message.thread.id), "message.acknowledged", {
        threadId: message.thread.id,
        messageId: message.id,
      });
      events.publish(topics.dept(message.thread.deptId), "chat.urgentChanged", {
        deptId: message.thread.deptId,
      });
    }
    return { acknowledgedAt: row.acknowledgedAt.toISOString() };
  });
}

// ── the 'Haster' overview ───────────────────────────────────────────────────────

const dayMs = 86_400_000;

/**
 * The department's urgent messages of the last 24 hours, newest first, with who
 * acknowledged them. Direct messages are their two people's and stay out of it, and a
 * deleted one was taken back.
 */
export async function urgentOverview(db: Db, deptId: string, now: Date): Promise<UrgentOverview> {
  const rows = await db
    .select({
      messageId: chatUrgentMessages.messageId,
      threadId: chatUrgentMessages.threadId,
      threadKind: chatThreads.kind,
      sentAt: chatUrgentMessages.sentAt,
      escalatedAt: chatUrgentMessages.escalatedAt,
      content: chatMessages.content,
      deletedAt: chatMessages.deletedAt,
      senderId: profiles.userId,
      senderName: profiles.fullName,
    })
    .from(chatUrgentMessages)
    .innerJoin(chatThreads, eq(chatThreads.id, chatUrgentMessages.threadId))
    .innerJoin(chatMessages, eq(chatMessages.id, chatUrgentMessages.messageId))
    .leftJoin(profiles, eq(profiles.userId, chatUrgentMessages.senderId))
    .where(
      and(
        eq(chatUrgentMessages.deptId, deptId),
        gte(chatUrgentMessages.sentAt, new Date(now.getTime() - dayMs)),
        ne(chatThreads.kind, "direct"),
        isNull(chatMessages.deletedAt),
      ),
    )
    .orderBy(desc(chatUrgentMessages.sentAt))
    .limit(200);
  const reach = await reachOfMessages(
    db,
    rows.map((r) => r.messageId),
  );
  return {
    messages: rows.map((r) => {
      const people = (reach.get(r.messageId) ?? []).map(presentReached);
      return {
        messageId: r.messageId,
        threadId: r.threadId,
        threadKind: r.threadKind,
        sender: r.senderId ? { userId: r.senderId, fullName: r.senderName ?? "", avatarUrl: null } : null,
        preview: replyPreview(r.deletedAt ? null : r.content),
        sentAt: r.sentAt.toISOString(),
        acknowledged: people.filter((p) => p.acknowledgedAt).length,
        total: people.length,
        escalatedAt: r.escalatedAt?.toISOString() ?? null,
        people,
      };
    }),
  };
}

// ── the job: repeats and escalations ─────────────────────────────────────────────

/**
 * Leaders to tell of silence: the department's leaders and admins on the ongoing block
 * (with a shift now or holding a role now), or when none is, all its active ones.
 */
async function leadersToTell(tx: Tx, deptId: string, now: Date, senderId: string | null) {
  const [leaders, duty] = await Promise.all([
    tx
      .select({ userId: staff.userId })
      .from(staff)
      .where(
        and(eq(staff.deptId, deptId), eq(staff.isActive, true), inArray(staff.role, ["leader", "admin"])),
      ),
    dutyNow(tx, deptId, now),
  ]);
  const all = leaders.map((l) => l.userId).filter((id) => id !== senderId);
  const onIt = new Set(onBlock(duty));
  const onBlockNow = all.filter((id) => onIt.has(id));
  return onBlockNow.length > 0 ? onBlockNow : all;
}

/**
 * One tick: claims the repeats due (a conditional UPDATE … RETURNING, so two instances
 * never send one twice), raises each notice again and plans the next; then claims the
 * escalations due and tells the leaders where a role holder is still silent.
 */
export async function runUrgentNotices(tx: Tx, events: TxEvents, notices: ChatNotices, now: Date) {
  const claimed = await tx
    .update(chatMessageReach)
    .set({ nextNoticeAt: null })
    .where(and(lte(chatMessageReach.nextNoticeAt, now), isNull(chatMessageReach.acknowledgedAt)))
    .returning({
      messageId: chatMessageReach.messageId,
      userId: chatMessageReach.userId,
      notificationId: chatMessageReach.notificationId,
    });
  if (claimed.length > 0) {
    const messages = await tx
      .select({
        messageId: chatUrgentMessages.messageId,
        sentAt: chatUrgentMessages.sentAt,
        threadId: chatUrgentMessages.threadId,
        kind: chatThreads.kind,
        deletedAt: chatMessages.deletedAt,
      })
      .from(chatUrgentMessages)
      .innerJoin(chatThreads, eq(chatThreads.id, chatUrgentMessages.threadId))
      .innerJoin(chatMessages, eq(chatMessages.id, chatUrgentMessages.messageId))
      .where(inArray(chatUrgentMessages.messageId, [...new Set(claimed.map((c) => c.messageId))]));
    // A message deleted meanwhile asks nobody any more (its repeats end with the claim).
    for (const m of messages.filter((x) => x.deletedAt === null)) {
      const theirs = claimed.filter((c) => c.messageId === m.messageId);
      const next = nextRepeatAt(m.sentAt, now);
      await tx
        .update(chatMessageReach)
        .set({ nextNoticeAt: next, notices: sql`${chatMessageReach.notices} + 1` })
        .where(
          and(
            eq(chatMessageReach.messageId, m.messageId),
            inArray(
              chatMessageReach.userId,
              theirs.map((c) => c.userId),
            ),
            isNull(chatMessageReach.acknowledgedAt),
          ),
        );
      await notices.raiseAgain(
        tx,
        events,
        theirs.flatMap((c) => (c.notificationId ? [c.notificationId] : [])),
        now,
      );
      for (const c of theirs)
        events.publish(topics.user(c.userId), "chat.urgent", {
          threadId: m.threadId,
          messageId: m.messageId,
          kind: m.kind,
          notice: "repeat",
        });
    }
  }

  const due = await tx
    .update(chatUrgentMessages)
    .set({ escalateAt: null })
    .where(lte(chatUrgentMessages.escalateAt, now))
    .returning();
  for (const m of due) {
    const [message] = await tx
      .select({ deletedAt: chatMessages.deletedAt })
      .from(chatMessages)
      .where(eq(chatMessages.id, m.messageId));
    if (!message || message.deletedAt) continue;
    const recipients = await tx
      .select({
        userId: chatMessageReach.userId,
        via: chatMessageReach.via,
        acknowledgedAt: chatMessageReach.acknowledgedAt,
      })
      .from(chatMessageReach)
      .where(eq(chatMessageReach.messageId, m.messageId));
    if (!escalationDue(m.sentAt, recipients, null, now)) continue;
    const [thread] = await tx
      .select({ kind: chatThreads.kind })
      .from(chatThreads)
      .where(eq(chatThreads.id, m.threadId));
    if (!thread) continue;
    const leaders = await leadersToTell(tx, m.deptId, now, m.senderId);
    const missing = recipients.filter((r) => r.via === "role" && !r.acknowledgedAt).length;
    await notices.notify(
      tx,
      events,
      leaders,
      "urgent_unacknowledged",
      { threadId: m.threadId, messageId: m.messageId, threadKind: thread.kind, missing },
      { urgent: true },
    );
    await tx
      .update(chatUrgentMessages)
      .set({ escalatedAt: now })
      .where(eq(chatUrgentMessages.messageId, m.messageId));
    for (const userId of leaders)
      events.publish(topics.user(userId), "chat.urgent", {
        threadId: m.threadId,
        messageId: m.messageId,
        kind: thread.kind,
        notice: "escalation",
      });
    events.publish(topics.dept(m.deptId), "chat.urgentChanged", { deptId: m.deptId });
  }
}

export function urgentNoticesJob(everyMs: number, notices: ChatNotices): Job {
  return {
    name: "chat-urgent-notices",
    everyMs,
    run: ({ tx, events, clock }) => runUrgentNotices(tx, events, notices, clock.now()),
  };
}
