/** Sign-in, registration and sign-out: our rules in front of better-auth's api. */
import { isAPIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import {
  emailDomainAllowed,
  isValidEmail,
  normaliseEmail,
  registrationError,
} from "../../../common/domain/validation.ts";
import type { Db } from "../../db/client.ts";
import { user } from "../../db/schema.ts";
import { authHeaders, forwardCookies, signInRefusal } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError, badRequest, conflict, unprocessable } from "../../platform/errors.ts";
import { enforceRateLimits } from "../../platform/rate-limit.ts";

function checkEmail(ctx: AppContext, raw: string): string {
  const email = normaliseEmail(raw);
  if (!email) throw unprocessable("email_required");
  if (!isValidEmail(email)) throw unprocessable("invalid_email");
  if (!emailDomainAllowed(email, ctx.config.allowedEmailDomains))
    throw unprocessable("email_domain_not_allowed");
  return email;
}

function limitAttempts(ctx: AppContext, request: FastifyRequest, kind: string, email?: string) {
  const { perEmail, perIp, windowSeconds } = ctx.config.rateLimit;
  const limits = [{ key: `${kind}:ip:${request.ip}`, max: perIp }];
  if (email) limits.push({ key: `${kind}:email:${email}`, max: perEmail });
  return enforceRateLimits(ctx.db, limits, windowSeconds);
}

/** A user a magic link may be sent to: confirmed, and not refused at sign-in. */
export async function magicLinkRecipient(db: Db, ctx: AppContext, email: string): Promise<boolean> {
  const [u] = await db
    .select({ id: user.id, verified: user.emailVerified })
    .from(user)
    .where(eq(user.email, email));
  if (!u?.verified) return false;
  return (await signInRefusal(db, ctx.config, u.id)) === null;
}

/** Same answer for known and unknown addresses; only known ones get mail (decided in the mailer). */
export async function requestMagicLink(ctx: AppContext, request: FastifyRequest, raw: string, next?: string) {
  const email = checkEmail(ctx, raw);
  await limitAttempts(ctx, request, "magic", email);
  try {
    await ctx.auth.api.signInMagicLink({
      body: { email, ...(next ? { metadata: { next } } : {}) },
      headers: authHeaders(request),
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    request.log.warn({ err }, "magic link request failed");
    throw new AppError(400, "magic_link_failed");
  }
}

/**
 * Runs a better-auth call that may sign someone in, copies its cookies onto our reply,
 * and turns its refusal into ours (our own AppErrors, e.g. from the sign-in gate, pass).
 */
async function signingIn(
  reply: FastifyReply,
  call: () => Promise<{ headers: Headers }>,
  refusal: (err: unknown) => AppError,
) {
  try {
    const { headers } = await call();
    forwardCookies(reply, headers);
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw refusal(err);
  }
}

export async function verifyMagicLink(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
) {
  await limitAttempts(ctx, request, "verify");
  await signingIn(
    reply,
    () =>
      ctx.auth.api.magicLinkVerify({ query: { token }, headers: authHeaders(request), returnHeaders: true }),
    () => badRequest("magic_link_invalid"),
  );
}

export async function register(
  ctx: AppContext,
  request: FastifyRequest,
  input: { fullName: string; email: string; password: string; confirmPassword: string },
) {
  const rule = registrationError(input);
  if (rule) throw unprocessable(rule);
  const email = checkEmail(ctx, input.email);
  await limitAttempts(ctx, request, "register", email);
  const [existing] = await ctx.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (existing) throw conflict("email_taken");
  try {
    await ctx.auth.api.signUpEmail({
      body: { name: input.fullName.trim(), email, password: input.password },
      headers: authHeaders(request),
    });
  } catch (err) {
    if (isAPIError(err) && err.body?.code === "USER_ALREADY_EXISTS") throw conflict("email_taken");
    if (err instanceof AppError) throw err;
    request.log.warn({ err }, "registration failed");
    throw unprocessable("registration_failed");
  }
}

export async function confirmEmail(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
) {
  await limitAttempts(ctx, request, "verify");
  await signingIn(
    reply,
    () => ctx.auth.api.verifyEmail({ query: { token }, headers: authHeaders(request), returnHeaders: true }),
    () => badRequest("confirmation_invalid"),
  );
}

export async function passwordSignIn(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  input: { email: string; password: string },
) {
  const email = normaliseEmail(input.email);
  if (!email || !input.password) throw unprocessable("all_fields_required");
  await limitAttempts(ctx, request, "signin", email);
  await signingIn(
    reply,
    () =>
      ctx.auth.api.signInEmail({
        body: { email, password: input.password },
        headers: authHeaders(request),
        returnHeaders: true,
      }),
    (err) =>
      isAPIError(err) && err.body?.code === "EMAIL_NOT_VERIFIED"
        ? new AppError(403, "email_not_confirmed")
        : new AppError(401, "invalid_credentials"),
  );
}

export async function signOut(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  try {
    const { headers } = await ctx.auth.api.signOut({ headers: authHeaders(request), returnHeaders: true });
    forwardCookies(reply, headers);
  } catch {
    // No session to end: the answer is the same, signed out.
  }
}
