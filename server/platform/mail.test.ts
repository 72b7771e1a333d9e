import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { type ParsedMail, simpleParser } from "mailparser";
import type pg from "pg";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mailOutbox } from "../db/schema.ts";
import { createTestApp, driver, type TestApp } from "../test/harness.ts";
import type { Clock } from "./clock.ts";
import { JobRunner } from "./jobs.ts";
import { enqueueMail, MailSender, type OutgoingMail } from "./mail.ts";

interface Received {
  to: string[];
  raw: Buffer;
}

/** A real SMTP server on a free local port, which may refuse a recipient or answer slowly. */
async function startSmtp() {
  const received: Received[] = [];
  const refuseNext = new Map<string, number>();
  let dataDelayMs = 0;
  const server = new SMTPServer({
    logger: false,
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    onRcptTo(address, _session, callback) {
      const left = refuseNext.get(address.address) ?? 0;
      if (left === 0) return callback();
      refuseNext.set(address.address, left - 1);
      callback(Object.assign(new Error("Postkassen er midlertidig utilgjengelig"), { responseCode: 451 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks) });
        setTimeout(() => callback(), dataDelayMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Refuses the next `times` deliveries to `address` with 451. */
    refuse(address: string, times: number) {
      refuseNext.set(address, times);
    },
    slowDown(ms: number) {
      dataDelayMs = ms;
    },
    reset() {
      received.length = 0;
      refuseNext.clear();
      dataDelayMs = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const parse = (r: Received): Promise<ParsedMail> => simpleParser(r.raw);
const silentLog = { warn() {}, error() {} };

describe("mail through SMTP, from the app", () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: "Vaktrom <no-reply@vaktrom.test>" });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it("delivers a magic link intact: subject, Norwegian text and the link", async () => {
    const res = await t.client().post("/api/auth/magic-link", { email: "kari@demo.no" });
    expect(res.statusCode).toBe(200);
    await t.ctx.background.settled();
    await t.ctx.mail.kick();

    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(["kari@demo.no"]);
    const parsed = await parse(smtp.received[0]!);
    const [stored] = await t.mailsTo("kari@demo.no");
    expect(stored?.sentAt).toBeInstanceOf(Date);
    expect(parsed.subject).toBe("Logg inn i Vaktrom");
    expect(parsed.from?.text).toBe('"Vaktrom" <no-reply@vaktrom.test>');
    expect(parsed.text?.trimEnd()).toBe(stored!.text.trimEnd());
    expect(parsed.text).toMatch(/Klikk på knappen.*utløper om 15 minutter/);
    expect(parsed.html).toBe(stored!.html);

    const link = parsed.text?.match(/https?:\/\/\S+\/auth\/magic\S+/)?.[0];
    expect(link).toBeDefined();
    expect(link).toMatch(/^http:\/\/localhost:3000\/auth\/magic[?#]token=[\w-]+/);
    expect(stored!.text).toContain(link);
    expect(parsed.html).toContain(link);
  });
});

describe("MailSender", () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  let offsetMs = 0;
  /** Real time moved on by `offsetMs`: mails get their created_at from the database. */
  const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };
  const sender = (opts: { keepBodies?: boolean } = {}) =>
    new MailSender({
      db: t.ctx.db,
      smtpUrl: smtp.url,
      from: "Vaktrom <no-reply@vaktrom.test>",
      log: silentLog,
      keepBodies: opts.keepBodies ?? false,
      clock,
    });
  const row = async (to: string) => {
    const [r] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
    return r!;
  };
  const mail = (to: string, subject = "Vaktbytte godkjent"): OutgoingMail => ({
    to,
    subject,
    text: `Hei!\n\nDin vakt er byttet.\n`,
    html: "<p>Din vakt er byttet.</p>",
  });

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({}, { seed: false });
    // The app's own sender would take these tests' mails; only the senders under test send here.
    await t.ctx.mail.stop();
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(async () => {
    smtp.reset();
    offsetMs = 0;
    await t.ctx.db.delete(mailOutbox);
  });

  it("sends æøå intact and clears the bodies after delivery", async () => {
    const s = sender();
    await enqueueMail(t.ctx.db, {
      to: "aase@sykehus.test",
      subject: "Ledig vakt på Ærøy: blåbærsyltetøy til kaffen",
      text: "Hei Åse!\n\nNattevakten på anestesi er din. Lenke: https://vaktrom.test/auth/magic#token=æøå-123\n",
      html: "<p>Hei Åse! Nattevakten på <b>anestesi</b> er din.</p>",
    });
    await s.kick();
    await s.stop();

    expect(smtp.received).toHaveLength(1);
    const parsed = await parse(smtp.received[0]!);
    expect(parsed.subject).toBe("Ledig vakt på Ærøy: blåbærsyltetøy til kaffen");
    expect(parsed.text).toBe(
      "Hei Åse!\n\nNattevakten på anestesi er din. Lenke: https://vaktrom.test/auth/magic#token=æøå-123\n",
    );
    expect(parsed.html).toBe("<p>Hei Åse! Nattevakten på <b>anestesi</b> er din.</p>");
    const stored = await row("aase@sykehus.test");
    expect(stored).toMatchObject({ text: "", html: "", attempts: 1, lastError: null });
    expect(stored.sentAt).toBeInstanceOf(Date);
  });

  it("keeps the bodies when asked to (the staging mailbox)", async () => {
    const s = sender({ keepBodies: true });
    await enqueueMail(t.ctx.db, mail("per@sykehus.test"));
    await s.kick();
    await s.stop();
    expect(await row("per@sykehus.test")).toMatchObject({ text: "Hei!\n\nDin vakt er byttet.\n" });
  });

  it("records a refused delivery and retries it from the jobs runner after the backoff", async () => {
    const s = sender();
    const jobs = new JobRunner({ db: t.ctx.db, bus: t.ctx.bus, clock, log: silentLog }, [s.deliveryJob()]);
    smtp.refuse("ola@sykehus.test", 1);
    await enqueueMail(t.ctx.db, mail("ola@sykehus.test"));

    await s.kick();
    expect(smtp.received).toHaveLength(0);
    let stored = await row("ola@sykehus.test");
    expect(stored).toMatchObject({ attempts: 1, sentAt: null });
    expect(stored.lastError).toMatch(/451/);

    // The first retry is due 30 s after the first attempt, not before.
    offsetMs = 25_000;
    expect(await jobs.runNow("mail.deliver")).toBe("ran");
    expect((await row("ola@sykehus.test")).attempts).toBe(1);

    offsetMs = 31_000;
    expect(await jobs.runNow("mail.deliver")).toBe("ran");
    stored = await row("ola@sykehus.test");
    expect(stored).toMatchObject({ attempts: 2, lastError: null });
    expect(stored.sentAt).toBeInstanceOf(Date);
    expect(smtp.received.map((r) => r.to)).toEqual([["ola@sykehus.test"]]);
    await jobs.stop();
    await s.stop();
  });

  it("gives up after five attempts", async () => {
    const s = sender();
    smtp.refuse("borte@sykehus.test", 99);
    await enqueueMail(t.ctx.db, mail("borte@sykehus.test"));
    for (let i = 0; i < 7; i++) {
      offsetMs = i * 3600_000;
      await s.kick();
    }
    await s.stop();
    expect(await row("borte@sykehus.test")).toMatchObject({ attempts: 5, sentAt: null });
    expect(smtp.received).toHaveLength(0);
  });

  it("never delivers a mail twice when two senders run at once", async () => {
    const a = sender();
    const b = sender();
    smtp.slowDown(10);
    const recipients = Array.from({ length: 30 }, (_, i) => `person${i}@sykehus.test`);
    for (const to of recipients) await enqueueMail(t.ctx.db, mail(to));

    await Promise.all([a.kick(), b.kick(), a.kick()]);
    await Promise.all([a.stop(), b.stop()]);

    const delivered = smtp.received.flatMap((r) => r.to).sort();
    expect(delivered).toEqual([...recipients].sort());
    const rows = await t.ctx.db.select().from(mailOutbox);
    expect(rows.every((r) => r.sentAt !== null && r.attempts === 1)).toBe(true);
  });

  it.runIf(driver === "postgres")("skips a mail another sender holds instead of waiting for it", async () => {
    const s = sender();
    await enqueueMail(t.ctx.db, mail("holdt@sykehus.test"));
    await enqueueMail(t.ctx.db, mail("fri@sykehus.test"));
    const other = await (t.ctx.db as unknown as { $client: pg.Pool }).$client.connect();
    try {
      await other.query("begin");
      await other.query("select id from mail_outbox where to_address = 'holdt@sykehus.test' for update");
      await s.kick();
      expect(smtp.received.map((r) => r.to)).toEqual([["fri@sykehus.test"]]);
      expect((await row("holdt@sykehus.test")).attempts).toBe(0);
      await other.query("commit");
      await s.kick();
      expect(smtp.received.map((r) => r.to)).toEqual([["fri@sykehus.test"], ["holdt@sykehus.test"]]);
    } finally {
      other.release();
      await s.stop();
    }
  });

  it("sends nothing after stop()", async () => {
    const s = sender();
    await s.stop();
    await enqueueMail(t.ctx.db, mail("sent@sykehus.test"));
    await s.kick();
    expect(smtp.received).toHaveLength(0);
    expect((await row("sent@sykehus.test")).attempts).toBe(0);
  });
});
