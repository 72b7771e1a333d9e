/**
 * The mails of signing in: better-auth hands us a token, we decide whether the address
 * gets a mail and write it to the outbox. Links carry the token in the fragment
 * (`/auth/magic#token=…`): a fragment never reaches a server, so tokens stay out of
 * request logs, proxies and mail gateways' fetches; the page's script posts it.
 */
import { eq } from "drizzle-orm";
import { limits } from "../../../common/base/limits.ts";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { user } from "../../db/schema.ts";
import { type AuthMailer, signInRefusal } from "../../platform/auth.ts";
import { enqueueMail, type MailSender, type OutgoingMail } from "../../platform/mail.ts";
import { confirmationMail, magicLinkMail, passwordResetMail } from "./emails.ts";

/**
 * May this address get a mail that signs in? Known and not refused at sign-in. A magic
 * link also goes to an unconfirmed registration: using it proves the address, and
 * better-auth then drops the password whoever registered it chose.
 */
async function mayReceive(db: Db, config: Config, email: string, confirmedOnly: boolean): Promise<boolean> {
  const [u] = await db
    .select({ id: user.id, verified: user.emailVerified })
    .from(user)
    .where(eq(user.email, email));
  if (!u || (confirmedOnly && !u.verified)) return false;
  return (await signInRefusal(db, config, u.id)) === null;
}

export function authMailer(opts: { db: Db; config: Config; appName: string; mail: MailSender }): AuthMailer {
  const { db, config, appName, mail } = opts;
  const link = (pathname: string, params: Record<string, string>) =>
    `${config.publicUrl}${pathname}#${new URLSearchParams(params)}`;
  const send = async (m: OutgoingMail) => {
    await enqueueMail(db, m);
    void mail.kick();
  };
  return {
    async magicLink(email, token, next) {
      if (!(await mayReceive(db, config, email, false))) return;
      const url = link("/auth/magic", { token, ...(next ? { next } : {}) });
      await send(magicLinkMail(appName, email, url, limits.magicLinkMinutes));
    },
    async confirmation(email, name, token) {
      const url = link("/auth/confirm", { token });
      await send(confirmationMail(appName, email, name, url, limits.confirmationHours));
    },
    async passwordReset(email, token) {
      if (!(await mayReceive(db, config, email, true))) return;
      const url = link("/auth/reset", { token });
      await send(passwordResetMail(appName, email, url, limits.passwordResetMinutes));
    },
  };
}
