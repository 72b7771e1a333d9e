/**
 * The staging dev mailbox: GET /api/dev/mailbox lists sent mails, newest first.
 */

export interface Mail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
  sentAt: string | null;
}

export interface WaitForMailOptions {
  /** only mails created at or after this time (Date, ISO string or epoch ms) */
  since?: Date | string | number;
  /** only mails whose text or html holds a link with this path, e.g. "/auth/magic" */
  linkPath?: string;
  timeoutMs?: number;
  intervalMs?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function listMails(baseUrl: string): Promise<Mail[]> {
  const res = await fetch(new URL("/api/dev/mailbox", baseUrl));
  if (!res.ok) throw new Error(`GET /api/dev/mailbox answered ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as unknown;
  if (!Array.isArray(body))
    throw new Error(`GET /api/dev/mailbox did not answer a list: ${JSON.stringify(body)}`);
  return body as Mail[];
}

const decodeEntities = (s: string) =>
  s
    .replace(/&amp;/g, "&")
    .replace(/&#x3D;/gi, "=")
    .replace(/&#61;/g, "=")
    .replace(/&quot;/g, '"');

/** Every absolute http(s) link in a mail's text and html, in order, de-duplicated. */
export function linksIn(mail: Pick<Mail, "text" | "html">): string[] {
  const found: string[] = [];
  for (const source of [mail.text ?? "", mail.html ?? ""]) {
    for (const m of source.matchAll(/https?:\/\/[^\s"'<>)\]]+/g)) {
      const link = decodeEntities(m[0]).replace(/[.,;:!?]+$/, "");
      if (!found.includes(link)) found.push(link);
    }
  }
  return found;
}

/** The first link in the mail whose URL path is exactly `linkPath`. */
export function findLink(mail: Pick<Mail, "text" | "html">, linkPath: string): string | undefined {
  return linksIn(mail).find((link) => {
    try {
      return new URL(link).pathname === linkPath;
    } catch {
      return false;
    }
  });
}

/**
 * The parameters a sign-in link carries in its fragment (`/auth/magic#token=…&next=…`):
 * tokens travel there so that they never reach a server's request log.
 */
export function fragmentParams(link: string): URLSearchParams {
  return new URLSearchParams(new URL(link).hash.slice(1));
}

const toMs = (t: Date | string | number) => (t instanceof Date ? t.getTime() : new Date(t).getTime());

/** Poll the mailbox until a mail to `to` arrives (newest first wins) and return it. */
export async function waitForMail(baseUrl: string, to: string, opts: WaitForMailOptions = {}): Promise<Mail> {
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const intervalMs = opts.intervalMs ?? 250;
  const sinceMs = opts.since === undefined ? undefined : toMs(opts.since);
  const deadline = Date.now() + timeoutMs;
  const wanted = to.trim().toLowerCase();
  let seen: Mail[] = [];
  while (true) {
    seen = await listMails(baseUrl);
    const mail = seen.find(
      (m) =>
        m.to.toLowerCase().includes(wanted) &&
        // the server's clock and ours are the same machine; allow 1 s of rounding
        (sinceMs === undefined || toMs(m.createdAt) >= sinceMs - 1_000) &&
        (opts.linkPath === undefined || findLink(m, opts.linkPath) !== undefined),
    );
    if (mail) return mail;
    if (Date.now() > deadline) {
      const summary = seen
        .slice(0, 10)
        .map((m) => `  ${m.createdAt} to=${m.to} subject=${m.subject}`)
        .join("\n");
      throw new Error(
        `No mail to ${to}${opts.linkPath ? ` with a ${opts.linkPath} link` : ""} within ${timeoutMs} ms.\n` +
          `Newest mails in the dev mailbox:\n${summary || "  (none)"}`,
      );
    }
    await sleep(intervalMs);
  }
}

/** Wait for a mail to `to` and return its first link whose path is `linkPath`. */
export async function waitForLink(
  baseUrl: string,
  to: string,
  linkPath: string,
  opts: Omit<WaitForMailOptions, "linkPath"> = {},
): Promise<string> {
  const mail = await waitForMail(baseUrl, to, { ...opts, linkPath });
  const link = findLink(mail, linkPath);
  if (!link) throw new Error(`Mail "${mail.subject}" to ${to} has no ${linkPath} link`);
  return link;
}
