/**
 * E-mail goes into the outbox table first; a background sender delivers it through
 * SMTP (SMTP_URL) or, without SMTP, leaves it in the dev mailbox. Writing to a table
 * keeps sign-in answers equally fast for known and unknown addresses, and no mail is
 * lost when the SMTP server is down.
 */
import { and, asc, desc, isNull, lt, sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import type { Db } from "../db/client.ts";
import { mailOutbox } from "../db/schema.ts";

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

export interface MailSenderOptions {
  db: Db;
  smtpUrl: string | null;
  from: string;
  log: { warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
  intervalMs?: number;
}

export class MailSender {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private readonly transport: Transporter | null;

  constructor(private readonly opts: MailSenderOptions) {
    this.transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  }

  start() {
    this.timer = setInterval(() => this.kick(), this.opts.intervalMs ?? 2000);
    this.timer.unref();
  }

  /** Deliver what is waiting now (called after enqueueing, and by the timer). */
  kick(): Promise<void> {
    this.running ??= this.deliverPending().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    await this.running;
    this.transport?.close();
  }

  private async deliverPending() {
    const { db } = this.opts;
    const pending = await db
      .select()
      .from(mailOutbox)
      .where(and(isNull(mailOutbox.sentAt), lt(mailOutbox.attempts, maxAttempts)))
      .orderBy(asc(mailOutbox.createdAt))
      .limit(20);
    for (const mail of pending) {
      // Claim the row first so that two instances never send the same mail.
      const claimed = await db
        .update(mailOutbox)
        .set({ attempts: sql`${mailOutbox.attempts} + 1` })
        .where(and(sql`${mailOutbox.id} = ${mail.id}`, sql`${mailOutbox.attempts} = ${mail.attempts}`))
        .returning({ id: mailOutbox.id });
      if (claimed.length === 0) continue;
      try {
        if (this.transport) {
          await this.transport.sendMail({
            from: this.opts.from,
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
          });
        }
        await db.update(mailOutbox).set({ sentAt: new Date(), lastError: null }).where(sql`id = ${mail.id}`);
      } catch (err) {
        this.opts.log.warn({ err, mailId: mail.id }, "mail delivery failed");
        await db
          .update(mailOutbox)
          .set({ lastError: String((err as Error).message ?? err) })
          .where(sql`id = ${mail.id}`);
      }
    }
  }
}
