/**
 * Delivering queued pushes to the push services (decisions.md § Push notifications).
 *
 * As the mail outbox does (platform/mail.ts): a sender claims a batch of due rows in one
 * statement (`FOR UPDATE SKIP LOCKED`: two instances never take the same row) and counts
 * the attempt as it claims, moving `next_attempt_at` to 30 s × 2^(attempts before): a
 * lease longer than a send may take, and the retry time should it fail. `kick()` delivers
 * right after something was queued; a job kicks again for the retries and for what an
 * instance that stopped left behind.
 *
 * What the push service answers decides: 2xx delivered (the row goes); 404 or 410 the
 * subscription is gone for good (it is deleted, its queue with it); 413 the payload is too
 * big, which no retry mends (logged and dropped); anything else, or no answer, is tried
 * again later, up to `maxAttempts`. The log names subscriptions by id only: never an
 * endpoint (it identifies the device), a key, a name or a message's text.
 */
import http from "node:http";
import https from "node:https";
import { asc, eq, inArray, lte, or, sql } from "drizzle-orm";
import webPush from "web-push";
import { pushPayload } from "../../../common/schemas/push.ts";
import type { Db } from "../../db/client.ts";
import { pushQueue, pushSubscriptions } from "../../db/schema.ts";
import type { Clock } from "../../platform/clock.ts";
import type { AppLog } from "../../platform/context.ts";
import type { Job } from "../../platform/jobs.ts";
import { endpointAllowed } from "./devices.ts";
import type { Vapid } from "./vapid.ts";

export const maxAttempts = 5;
const batchSize = 50;
const retryBaseSeconds = 30;
/** Well below the first lease, so an attempt has ended before its row is due again. */
const sendTimeoutMs = 10_000;
/**
 * How long a push service keeps a push for a device that is off: an urgent one is
 * noticed again every two minutes anyway, and news of a message hours old is no news.
 */
const ttlSeconds = { normal: 12 * 60 * 60, high: 15 * 60 } as const;

interface Claimed {
  id: string;
  attempts: number;
  payload: unknown;
  urgency: "normal" | "high";
  subscriptionId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushSenderDeps {
  db: Db;
  clock: Clock;
  log: AppLog;
  vapid: () => Promise<Vapid>;
  /** staging and tests: a push endpoint on this computer over http (devices.ts) */
  allowLoopbackHttp: boolean;
}

export class PushSender {
  private running: Promise<void> | null = null;
  private kicked = false;
  private stopped = false;

  constructor(private readonly deps: PushSenderDeps) {}

  /** Delivers what is due now; resolves when done (also what came meanwhile); never rejects. */
  kick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.kicked = true;
    this.running ??= this.drain();
    return this.running;
  }

  /** Retries and left-behind rows. Kicks after the tick's commit, through the one lane of `kick()`. */
  job(everyMs = 10_000): Job {
    return {
      name: "push.deliver",
      everyMs,
      run: async ({ afterCommit }) => afterCommit(() => this.kick()),
    };
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.running;
  }

  private async drain(): Promise<void> {
    while (this.kicked && !this.stopped) {
      this.kicked = false;
      try {
        let batch: Claimed[];
        do {
          batch = await claimDue(this.deps.db, this.deps.clock.now());
          // One device's slow push service must not hold up the others.
          await Promise.all(batch.map((row) => this.deliver(row)));
        } while (batch.length === batchSize && !this.stopped);
      } catch (err) {
        this.deps.log.error({ err }, "push delivery failed");
      }
    }
    this.running = null;
  }

  private async deliver(row: Claimed): Promise<void> {
    const { db, log } = this.deps;
    const payload = pushPayload.safeParse(row.payload);
    if (!payload.success || !endpointAllowed(row.endpoint, this.deps.allowLoopbackHttp)) {
      log.warn({ pushId: row.id, subscriptionId: row.subscriptionId }, "push dropped: not sendable");
      await db.delete(pushQueue).where(eq(pushQueue.id, row.id));
      return;
    }
    let status: number | null;
    try {
      status = await send(row, JSON.stringify(payload.data), await this.deps.vapid());
    } catch (err) {
      // No answer (refused, timed out): the error's code only, its message may hold the address.
      status = null;
      log.warn(
        { subscriptionId: row.subscriptionId, attempt: row.attempts, code: (err as { code?: string }).code },
        "push not answered",
      );
    }
    if (status !== null && status >= 200 && status < 300) {
      await db.delete(pushQueue).where(eq(pushQueue.id, row.id));
      return;
    }
    if (status === 404 || status === 410) {
      log.info({ subscriptionId: row.subscriptionId, status }, "push subscription gone: removed");
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, row.subscriptionId));
      return;
    }
    if (status === 413 || row.attempts >= maxAttempts) {
      log.warn({ subscriptionId: row.subscriptionId, status, attempt: row.attempts }, "push given up");
      await db.delete(pushQueue).where(eq(pushQueue.id, row.id));
      return;
    }
    // Due again at the time the claim set.
    if (status !== null)
      log.warn(
        { subscriptionId: row.subscriptionId, status, attempt: row.attempts },
        "push refused: retried later",
      );
  }
}

/** One statement: the oldest due rows no other sender holds, the attempt counted and the lease set. */
async function claimDue(db: Db, now: Date): Promise<Claimed[]> {
  const due = db
    .select({ id: pushQueue.id })
    .from(pushQueue)
    // A new row is due at once, whatever the app's clock says against the database's.
    .where(or(eq(pushQueue.attempts, 0), lte(pushQueue.nextAttemptAt, now)))
    .orderBy(asc(pushQueue.nextAttemptAt))
    .limit(batchSize)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(pushQueue)
    .set({
      attempts: sql`${pushQueue.attempts} + 1`,
      nextAttemptAt: sql`${now.toISOString()}::timestamptz + make_interval(secs => ${retryBaseSeconds} * power(2, ${pushQueue.attempts}))`,
    })
    .where(inArray(pushQueue.id, due))
    .returning({
      id: pushQueue.id,
      attempts: pushQueue.attempts,
      payload: pushQueue.payload,
      urgency: pushQueue.urgency,
      subscriptionId: pushQueue.subscriptionId,
    });
  if (claimed.length === 0) return [];
  const subscriptions = await db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(
      inArray(
        pushSubscriptions.id,
        claimed.map((c) => c.subscriptionId),
      ),
    );
  const byId = new Map(subscriptions.map((s) => [s.id, s]));
  return claimed.flatMap((c) => {
    const s = byId.get(c.subscriptionId);
    // Removed between the claim and now: its queue went with it.
    return s ? [{ ...c, endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth }] : [];
  });
}

/**
 * Encrypts (aes128gcm) and signs (VAPID) with web-push, and posts the request itself:
 * web-push always speaks https, and a staging or test push endpoint on this computer
 * speaks http. Resolves with the push service's status.
 */
function send(row: Claimed, body: string, vapid: Vapid): Promise<number> {
  const details = webPush.generateRequestDetails(
    { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
    body,
    {
      vapidDetails: vapid,
      TTL: ttlSeconds[row.urgency],
      urgency: row.urgency,
      contentEncoding: "aes128gcm",
      // A newer push about the same thread or notice replaces one still waiting on the service.
      topic: topicOf(row.payload),
    },
  );
  const url = new URL(details.endpoint);
  const request = url.protocol === "http:" ? http.request : https.request;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: details.method, headers: details.headers, timeout: sendTimeoutMs },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(Object.assign(new Error("push timed out"), { code: "ETIMEDOUT" })));
    req.on("error", reject);
    req.end(details.body ?? undefined);
  });
}

/** The id without its dashes: 32 url-safe characters, web-push's most for a topic. */
const topicOf = (payload: unknown) => (payload as { id: string }).id.replaceAll("-", "");
