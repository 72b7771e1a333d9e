/**
 * Sign-in, registration, password reset and sign-out: our rules in front of
 * better-auth's api. Services take plain arguments (the dependencies they use, the
 * client's headers as better-auth wants them, the validated input) and return the
 * cookies to set; rate limits and HTTP live in the routes.
 */
import { isAPIError } from "better-auth/api";
import { verifyJWT } from "better-auth/crypto";
import { and, eq, lt } from "drizzle-orm";
import { limits } from "../../../common/base/limits.ts";
import {
  confirmationError,
  emailDomainAllowed,
  emailError,
  newPasswordError,
  normaliseEmail,
  registrationError,
} from "../../../common/domain/validation.ts";
import { topics } from "../../../common/schemas/realtime.ts";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { isDatabaseUnavailable } from "../../db/faults.ts";
import { account, session, user } from "../../db/schema.ts";
import { endedSessions } from "../../platform/auth.ts";
import { AppError, badRequest, conflict, unprocessable } from "../../platform/errors.ts";
import { breakGlassOnly, mayHaveMagicLink } from "./break-glass.ts";
import type { AuthDeps } from "./deps.ts";
import { providerLogoutUrl } from "./oidc.ts";

/** The rules of the forms (common/domain/validation.ts), then the installation's domains. */
function checkEmail(config: Config, raw: string): string {
  const rule = emailError(raw);
  if (rule) throw unprocessable(rule);
  const email = normaliseEmail(raw);
  if (!emailDomainAllowed(email, config.allowedEmailDomains)) throw unprocessable("email_domain_not_allowed");
  return email;
}

/**
 * Same answer, in the same time, for known and unknown addresses: after the checks
 * that need no lookup, the rest (better-auth's token, the lookup, the mail) is done
 * after the answer has been sent.
 */
export function requestMagicLink(deps: AuthDeps, client: Headers, input: { email: string; next?: string }) {
  const email = checkEmail(deps.config, input.email);
  const metadata = input.next ? { metadata: { next: input.next } } : {};
  deps.background.run("magic link", async () => {
    if (!(await mayHaveMagicLink(deps, email))) return;
    await deps.auth.api.signInMagicLink({ body: { email, ...metadata }, headers: client });
  });
}

/** 'Glemt passord?': like a magic link, the same answer whoever asks. */
export function requestPasswordReset(deps: AuthDeps, client: Headers, input: { email: string }) {
  const email = checkEmail(deps.config, input.email);
  deps.background.run("password reset", () =>
    deps.auth.api.requestPasswordReset({ body: { email }, headers: client }),
  );
}

export async function resetPassword(
  deps: AuthDeps,
  client: Headers,
  input: { token: string; password: string; confirmPassword: string },
) {
  const rule = newPasswordError(input.password, input.confirmPassword);
  if (rule) throw unprocessable(rule);
  // better-auth ends every session of the person without saying whose: the token says it,
  // read before the reset uses it up, so every instance can forget those sessions.
  const userId = await resetTokenOwner(deps, input.token);
  const before = userId ? await sessionIdsOf(deps.db, userId) : [];
  try {
    await deps.auth.api.resetPassword({
      body: { token: input.token, newPassword: input.password },
      headers: client,
    });
  } catch (err) {
    if (err instanceof AppError || isDatabaseUnavailable(err)) throw err;
    throw badRequest("password_reset_invalid");
  }
  if (!userId) return;
  await endedSessions(deps.bus, before);
  // A session begun between the read and the reset is ended too; every instance drops it.
  await deps.bus.publish(topics.user(userId), "session.changed");
}

/** The person a password-reset token was made for, or null (unknown or expired token). */
async function resetTokenOwner(deps: AuthDeps, token: string): Promise<string | null> {
  const { internalAdapter } = await deps.auth.$context;
  const found = await internalAdapter.findVerificationValue(`reset-password:${token}`);
  return found && found.expiresAt > new Date() ? found.value : null;
}

async function sessionIdsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db.select({ id: session.id }).from(session).where(eq(session.userId, userId));
  return rows.map((r) => r.id);
}

/**
 * Runs a better-auth call that may sign someone in and returns the cookies it set;
 * turns its refusal into ours (our own AppErrors, e.g. from the sign-in gate, pass, and
 * so does a database that is away: 503, not "wrong password").
 */
async function signingIn(
  call: () => Promise<{ headers: Headers }>,
  refusal: (err: unknown) => AppError,
): Promise<Headers> {
  try {
    return (await call()).headers;
  } catch (err) {
    if (err instanceof AppError || isDatabaseUnavailable(err)) throw err;
    throw refusal(err);
  }
}

export async function verifyMagicLink(deps: AuthDeps, client: Headers, token: string): Promise<Headers> {
  let signedIn: { userId: string; sessionId: string } | null = null;
  const headers = await signingIn(
    async () => {
      const { headers, response } = await deps.auth.api.magicLinkVerify({
        query: { token },
        headers: client,
        returnHeaders: true,
      });
      signedIn = { userId: response.user.id, sessionId: response.session.id };
      return { headers };
    },
    () => badRequest("magic_link_invalid"),
  );
  if (signedIn) await breakGlassOnly(deps, signedIn);
  return headers;
}

export async function register(
  deps: AuthDeps,
  client: Headers,
  input: { fullName: string; email: string; password: string; confirmPassword: string },
) {
  const rule = registrationError(input);
  if (rule) throw unprocessable(rule);
  const email = checkEmail(deps.config, input.email);
  // An unconfirmed registration holds nothing against the address's owner: registering
  // again replaces it (whoever made it, and whatever password it had).
  const [existing] = await deps.db
    .select({ id: user.id, verified: user.emailVerified })
    .from(user)
    .where(eq(user.email, email));
  if (existing?.verified) throw conflict("email_taken");
  if (existing)
    await deps.db.delete(user).where(and(eq(user.id, existing.id), eq(user.emailVerified, false)));
  try {
    await deps.auth.api.signUpEmail({
      body: { name: input.fullName.trim(), email, password: input.password },
      headers: client,
    });
  } catch (err) {
    if (isAPIError(err) && err.body?.code === "USER_ALREADY_EXISTS") throw conflict("email_taken");
    if (err instanceof AppError || isDatabaseUnavailable(err)) throw err;
    deps.log.warn({ err }, "registration failed");
    throw unprocessable("registration_failed");
  }
}

/** An unconfirmed registration lives as long as its confirmation link (24 h), no longer. */
export async function expireUnconfirmedRegistrations(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - limits.confirmationHours * 3600_000);
  const gone = await db
    .delete(user)
    .where(and(eq(user.emailVerified, false), lt(user.createdAt, cutoff)))
    .returning({ id: user.id });
  return gone.length;
}

/**
 * The registration a confirmation link names, read without checking the signature: only
 * to key the per-registration rate limit (a forged one only spends its own counter).
 */
export function registrationOfToken(token: string): string | null {
  try {
    const payload: unknown = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString());
    const userId = (payload as { userId?: unknown }).userId;
    return typeof userId === "string" ? userId : null;
  } catch {
    return null;
  }
}

/**
 * Confirming takes the registration's password as well as the link: someone who opens
 * a confirmation mail they never asked for (a stranger registered their address)
 * cannot confirm the stranger's account, and is pointed to the magic link, which drops
 * the stranger's password. The registrant knows it, on any device.
 */
async function registrationPasswordMatches(deps: AuthDeps, userId: string, password: string) {
  const [credential] = await deps.db
    .select({ hash: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
  if (!credential?.hash) return false;
  const { password: hasher } = await deps.auth.$context;
  return hasher.verify({ hash: credential.hash, password });
}

export async function confirmEmail(
  deps: AuthDeps,
  client: Headers,
  input: { token: string; password: string },
): Promise<Headers> {
  const rule = confirmationError(input.password);
  if (rule) throw unprocessable(rule);
  // The signature first: a forged link must not learn whether a password is right.
  const { secret } = await deps.auth.$context;
  const payload = await verifyJWT<{ userId?: unknown }>(input.token, secret);
  const userId = typeof payload?.userId === "string" ? payload.userId : null;
  if (!userId) throw badRequest("confirmation_invalid");
  if (!(await registrationPasswordMatches(deps, userId, input.password)))
    throw new AppError(401, "confirmation_password_wrong");
  return signingIn(
    () => deps.auth.api.verifyEmail({ query: { token: input.token }, headers: client, returnHeaders: true }),
    () => badRequest("confirmation_invalid"),
  );
}

export async function passwordSignIn(
  deps: AuthDeps,
  client: Headers,
  input: { email: string; password: string },
): Promise<Headers> {
  const email = normaliseEmail(input.email);
  if (!email || !input.password) throw unprocessable("all_fields_required");
  return signingIn(
    () =>
      deps.auth.api.signInEmail({
        body: { email, password: input.password },
        headers: client,
        returnHeaders: true,
      }),
    (err) =>
      isAPIError(err) && err.body?.code === "EMAIL_NOT_VERIFIED"
        ? new AppError(403, "email_not_confirmed")
        : new AppError(401, "invalid_credentials"),
  );
}

/**
 * Ends the session and returns the cookies that clear it; its realtime sockets close too.
 * A session begun by single sign-on also gives the provider's address that ends its own.
 */
export async function signOut(
  deps: AuthDeps,
  client: Headers,
): Promise<{ cleared: Headers | null; providerLogoutUrl: string | null }> {
  // A database that is away must not answer "signed out" while the session lives on.
  const unlessUnavailable = (err: unknown) => {
    if (isDatabaseUnavailable(err)) throw err;
    return null;
  };
  const found = await deps.auth.api.getSession({ headers: client }).catch(unlessUnavailable);
  let cleared: Headers | null = null;
  try {
    cleared = (await deps.auth.api.signOut({ headers: client, returnHeaders: true })).headers;
  } catch (err) {
    // No session to end: the answer is the same, signed out.
    unlessUnavailable(err);
  }
  if (!found) return { cleared, providerLogoutUrl: null };
  await deps.bus.publish(`session:${found.session.id}`, "session.ended");
  return { cleared, providerLogoutUrl: await providerLogoutUrl(deps, found.session.id) };
}
