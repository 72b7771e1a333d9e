/**
 * From what was published to the push queue. Each instance hears only what it publishes
 * itself (the bus's tap, app.ts), so each push is queued by one instance only. A tick's
 * events are taken together: one query finds which of their people have a device at all
 * (most have none, and then nothing else is read); for those who do, quiet hours decide
 * the ordinary kinds, and a preview is added for those who asked for one. One row per
 * device, written in one statement, then delivered at once in the background.
 */
import { and, desc, eq, inArray, isNull, ne } from "drizzle-orm";
import { pushLimits } from "../../../common/base/limits.ts";
import { type AlertReasons, shouldAlert } from "../../../common/domain/quiet.ts";
import type { Membership } from "../../../common/domain/roles.ts";
import type { AlertsState } from "../../../common/schemas/alerts.ts";
import { type PushPayload, pushPayload } from "../../../common/schemas/push.ts";
import { parseTopic, type RealtimeEventBody } from "../../../common/schemas/realtime.ts";
import { ui } from "../../../common/texts/index.ts";
import type { Db } from "../../db/client.ts";
import {
  chatMessageReach,
  chatMessages,
  notifications,
  profiles,
  pushPreferences,
  pushQueue,
  pushSubscriptions,
  staff,
} from "../../db/schema.ts";
import type { AppContext } from "../../platform/context.ts";
import { type HeardEvent, type PushCandidate, pushCandidates } from "./kinds.ts";

/** 'Stille når jeg ikke er på vakt' as the profile feature answers it (features/profile/alerts.ts). */
export type AlertsOf = (
  db: Db,
  me: { userId: string; memberships: readonly Membership[] },
  at: Date,
) => Promise<AlertsState>;

export interface PushQueueDeps {
  alertsOf: AlertsOf;
  /** after rows were queued: deliver them */
  kick(): Promise<void>;
}

/**
 * What the tap hands over: each published event on a `user:` topic is kept until the
 * tick ends (all of a commit's events are published within it), then queued together in
 * the background. The work is registered at the first event, so whoever waits for the
 * background (shutdown, tests) waits for it too.
 */
export function pushOnPublish(ctx: AppContext, deps: PushQueueDeps) {
  let heard: HeardEvent[] | null = null;
  return (topic: string, body: RealtimeEventBody) => {
    const parsed = parseTopic(topic);
    if (parsed?.kind !== "user") return;
    // Most events push nothing (a department thread's unread counts): no work for them.
    if (pushCandidates([{ userId: parsed.id, body }]).length === 0) return;
    if (heard) {
      heard.push({ userId: parsed.id, body });
      return;
    }
    heard = [{ userId: parsed.id, body }];
    ctx.background.run("push queue", async () => {
      await new Promise((resolve) => setImmediate(resolve));
      const events = heard ?? [];
      heard = null;
      if ((await queuePushes(ctx, deps, events)) > 0) await deps.kick();
    });
  };
}

/** Queues the pushes of these events; returns how many rows were written. */
export async function queuePushes(
  ctx: AppContext,
  deps: PushQueueDeps,
  events: HeardEvent[],
): Promise<number> {
  const candidates = pushCandidates(events);
  if (candidates.length === 0) return 0;
  const { db } = ctx;
  const people = [...new Set(candidates.map((c) => c.userId))];
  const devices = await db
    .select({
      id: pushSubscriptions.id,
      userId: pushSubscriptions.userId,
      showContent: pushPreferences.showContent,
    })
    .from(pushSubscriptions)
    .leftJoin(pushPreferences, eq(pushPreferences.userId, pushSubscriptions.userId))
    .where(inArray(pushSubscriptions.userId, people));
  if (devices.length === 0) return 0;
  const now = ctx.clock.now();
  const rows: (typeof pushQueue.$inferInsert)[] = [];
  for (const userId of new Set(devices.map((d) => d.userId))) {
    const theirs = devices.filter((d) => d.userId === userId);
    const showContent = theirs.some((d) => d.showContent === true);
    const wanted = await alerting(
      ctx,
      deps,
      candidates.filter((c) => c.userId === userId),
      now,
    );
    for (const c of wanted) {
      const payload = pushPayload.parse({
        kind: c.kind,
        id: c.id,
        ...(c.threadKind ? { threadKind: c.threadKind } : {}),
        ...(showContent ? await previewOf(db, c) : {}),
      } satisfies PushPayload);
      for (const d of theirs)
        rows.push({
          subscriptionId: d.id,
          payload,
          urgency: c.kind === "urgent" ? "high" : "normal",
          nextAttemptAt: now,
        });
    }
  }
  if (rows.length === 0) return 0;
  await db.insert(pushQueue).values(rows);
  return rows.length;
}

/**
 * Those of one person's pushes that reach them now: all of them unless they are quiet
 * (common/domain/quiet.ts); then only urgent ones and mentions by name or of a role they
 * hold ('@vakt' counts as one: it names whoever holds the block's roles or works it).
 */
async function alerting(
  ctx: AppContext,
  deps: PushQueueDeps,
  theirs: PushCandidate[],
  now: Date,
): Promise<PushCandidate[]> {
  if (theirs.every((c) => c.reasons.urgent)) return theirs;
  const { db } = ctx;
  const userId = theirs[0]!.userId;
  const memberships = await db
    .select({ deptId: staff.deptId, role: staff.role, isActive: staff.isActive })
    .from(staff)
    .where(eq(staff.userId, userId));
  const { quiet } = await deps.alertsOf(db, { userId, memberships }, now);
  if (!quiet) return theirs;
  const kept: PushCandidate[] = [];
  for (const c of theirs) {
    const reasons = c.kind === "mention" ? await mentionReasons(db, c) : c.reasons;
    if (shouldAlert(c.kind === "mention" || c.kind === "message" ? "message" : "notice", true, reasons))
      kept.push(c);
  }
  return kept;
}

/** How the message reached the person: by name, or by a role they hold ('@vakt' too). */
async function mentionReasons(db: Db, c: PushCandidate): Promise<AlertReasons> {
  if (!c.messageId) return {};
  const [row] = await db
    .select({ via: chatMessageReach.via })
    .from(chatMessageReach)
    .where(and(eq(chatMessageReach.messageId, c.messageId), eq(chatMessageReach.userId, c.userId)));
  return {
    mentionedByName: row?.via === "name",
    holdsMentionedRole: row?.via === "role" || row?.via === "vakt",
  };
}

/** Cut to `max` characters, with '…' when something was left out. */
const cut = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
};

/**
 * 'Vis innhold i varsler': the sender's name and the start of the message, or the
 * notice's heading and what it is about. Nothing when the message or notice is gone.
 */
async function previewOf(db: Db, c: PushCandidate): Promise<Pick<PushPayload, "preview">> {
  const preview = (title: string, body: string) => ({
    preview: { title: cut(title, pushLimits.previewTitleMax), body: cut(body, pushLimits.previewBodyMax) },
  });
  if (c.kind === "message" || c.kind === "mention" || c.kind === "urgent") {
    const message = db
      .select({ content: chatMessages.content, sender: profiles.fullName })
      .from(chatMessages)
      .leftJoin(profiles, eq(profiles.userId, chatMessages.authorId));
    // A direct message's event names no message: the newest from the other person.
    const [row] = c.messageId
      ? await message.where(and(eq(chatMessages.id, c.messageId), isNull(chatMessages.deletedAt)))
      : await message
          .where(
            and(
              eq(chatMessages.threadId, c.id),
              ne(chatMessages.authorId, c.userId),
              isNull(chatMessages.deletedAt),
            ),
          )
          .orderBy(desc(chatMessages.seq))
          .limit(1);
    if (!row?.content) return {};
    return preview(row.sender ?? ui.push.titles[c.kind], row.content);
  }
  const [notice] = await db
    .select({ payload: notifications.payload })
    .from(notifications)
    .where(eq(notifications.id, c.id));
  if (!notice) return {};
  const p = notice.payload as { title?: string; description?: string };
  if (c.kind === "broadcast") return preview(p.title ?? ui.push.titles.broadcast, p.description ?? "");
  return preview(ui.push.titles[c.kind], p.title ?? "");
}
