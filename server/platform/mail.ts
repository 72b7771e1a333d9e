/**
 * E-mail goes into the outbox table first; a sender delivers it through SMTP (SMTP_URL)
 * or, without SMTP, leaves it in the dev mailbox. Writing to a table keeps sign-in
 * answers equally fast for known and unknown addresses, and no mail is lost when the
 * SMTP server is down.
 *
 * Several instances send from one outbox. A sender claims a batch of due mails in one
 * statement (`FOR UPDATE SKIP LOCKED`: two senders never take the same row and never
 * wait for each other) and counts the attempt as it claims, so a claimed mail is not due
 * again until its retry time (see below). `kick()` delivers right after enqueueing; the
 * jobs runner drives the retries through `deliveryJob()`.
 */
import { and, asc, desc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import type { Db } from "../db/client.ts";
import { mailOutbox } from "../db/schema.ts";
import { type Clock, systemClock } from "./clock.ts";
import type { Job } from "./jobs.ts";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export async function enqueueMail(db: Db, mail: OutgoingMail): Promise<void> {
  await db.insert(mailOutbox).values(mail);
}

export async function listMailbox(db: Db, limit = 100) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(limit);
}

const maxAttempts = 5;
const batchSize = 20;
/**
 * A new mail is due at once. Claiming the n-th attempt sets `next_attempt_at` to
 * 30 s × n later: a lease longer than any SMTP attempt may take (so no other instance
 * takes a mail that is still being sent), and the retry time if the attempt fails.
 */
const retryBaseSeconds = 30;

/** Each well below the first retry gap, so that an attempt has ended before the mail is due again. */
const smtpTimeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 15_000 };

type ClaimedMail = typeof mailOutbox.$inferSelect;

export interface MailSenderOptions {
  db: Db;
  smtpUrl: string | null;
  from: string;
  log: { warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
  /**
   * Keep the text of sent mail (the staging dev mailbox shows it). Otherwise a sent
   * mail's bodies are cleared: they hold sign-in links that must not outlive delivery.
   */
  keepBodies: boolean;
  clock?: Clock;
}

export class MailSender {
  private running: Promise<void> | null = null;
  private kicked = false;
  private stopped = false;
  private readonly transport: Transporter | null;
  private readonly clock: Clock;

  constructor(private readonly opts: MailSenderOptions) {
    this.transport = opts.smtpUrl ? nodemailer.createTransport({ url: opts.smtpUrl, ...smtpTimeouts }) : null;
    this.clock = opts.clock ?? systemClock;
  }

  /**
   * Delivers what is due now. Resolves when that is done (also what was enqueued while a
   * delivery was under way) and never rejects: callers do not wait for mail to go out.
   */
  kick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.kicked = true;
    this.running ??= this.drain();
    return this.running;
  }

  /**
   * Retries, and mail whose kick was lost (an instance stopped). The tick only kicks,
   * after its commit: every delivery of this sender goes through the one lane of
   * `kick()`, so a mail it is still sending is never claimed by it a second time.
   */
  deliveryJob(everyMs = 5_000): Job {
    return {
      name: "mail.deliver",
      everyMs,
      run: async ({ afterCommit }) => afterCommit(() => this.kick()),
    };
  }

  /** Claims nothing more; resolves when the delivery under way has finished. */
  async stop() {
    this.stopped = true;
    await this.running;
    this.transport?.close();
  }

  private async drain(): Promise<void> {
    while (this.kicked && !this.stopped) {
      this.kicked = false;
      try {
        let batch: ClaimedMail[];
        do {
          batch = await claimDue(this.opts.db, this.clock.now());
          await this.deliver(batch);
        } while (batch.length === batchSize && !this.stopped);
      } catch (err) {
        this.opts.log.error({ err }, "mail delivery failed");
      }
    }
    // In the same step as the last check above, so that no kick falls in between.
    this.running = null;
  }

  private async deliver(batch: ClaimedMail[]) {
    const { db } = this.opts;
    for (const mail of batch) {
      try {
        await this.transport?.sendMail({
          from: this.opts.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
        const cleared = this.opts.keepBodies ? {} : { text: "", html: "" };
        await db
          .update(mailOutbox)
          .set({ sentAt: this.clock.now(), lastError: null, ...cleared })
          .where(sql`id = ${mail.id}`);
      } catch (err) {
        this.opts.log.warn({ err, mailId: mail.id, attempt: mail.attempts }, "mail delivery failed");
        await db
          .update(mailOutbox)
          .set({ lastError: String((err as Error).message ?? err) })
          .where(sql`id = ${mail.id}`);
      }
    }
  }
}

/** One statement: takes the oldest due mails no other sender holds, counting the attempt. */
async function claimDue(db: Db, now: Date): Promise<ClaimedMail[]> {
  const attempts = mailOutbox.attempts;
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        isNull(mailOutbox.sentAt),
        lt(attempts, maxAttempts),
        // A new mail is due at once, whatever the app's clock says against the database's.
        or(eq(attempts, 0), lte(mailOutbox.nextAttemptAt, now)),
      ),
    )
    .orderBy(asc(mailOutbox.createdAt))
    .limit(batchSize)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(mailOutbox)
    .set({
      attempts: sql`${attempts} + 1`,
      nextAttemptAt: sql`${now.toISOString()}::timestamptz + make_interval(secs => ${retryBaseSeconds} * (${attempts} + 1))`,
    })
    .where(inArray(mailOutbox.id, due))
    .returning();
  return claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}
