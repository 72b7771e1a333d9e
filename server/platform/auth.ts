/**
 * Sign-in machinery: better-auth (sessions in the database, magic links, e-mail and
 * password) configured for our rules, plus the request-side session lookup with the
 * idle timeout. Our own routes (features/auth) call `auth.api.*`; better-auth's HTTP
 * handler is never mounted, so every sign-in request follows our pipeline.
 */

import { createHmac, timingSafeEqual } from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { magicLink } from "better-auth/plugins/magic-link";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { limits } from "../../common/base/limits.ts";
import { emailDomainAllowed } from "../../common/domain/validation.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { preparedOnce } from "../db/prepared.ts";
import { account, appSettings, session, user, verification } from "../db/schema.ts";
import type { Actor } from "../policies/index.ts";
import {
  actorColumns,
  actorFromRows,
  isDeactivated,
  isDeactivatedBy,
  type MembershipRow,
  withActorRecords,
} from "./actor.ts";
import { AppError } from "./errors.ts";
import type { EventBus } from "./events.ts";
import { serverSessions } from "./server-sessions.ts";
import type { CachedSession, SessionCache } from "./session-cache.ts";

export interface AuthMailer {
  magicLink(email: string, token: string, next: string | undefined): Promise<void>;
  confirmation(email: string, name: string, token: string): Promise<void>;
  passwordReset(email: string, token: string): Promise<void>;
}

export type Auth = ReturnType<typeof createAuth>;

export const sessionCookiePrefix = "vaktrom";

/** Why a person may not get a session: deactivated everywhere, or outside the allowed domains. */
export async function signInRefusal(db: Db, config: Config, userId: string): Promise<AppError | null> {
  const [u] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  if (!u) return new AppError(401, "invalid_credentials");
  if (!emailDomainAllowed(u.email, config.allowedEmailDomains))
    return new AppError(403, "email_domain_not_allowed");
  if (await isDeactivated(db, userId)) return new AppError(403, "user_deactivated");
  return null;
}

/** The session cookie under either name: development's, and production's `__Host-` form. */
const sessionCookieNames = [
  `${sessionCookiePrefix}.session_token`,
  `__Host-${sessionCookiePrefix}.session_token`,
];

/** Whether a Cookie header carries a session cookie, valid or not (the browser sends it ambiently). */
export function carriesSessionCookie(cookieHeader: string | undefined): boolean {
  if (!cookieHeader?.includes(sessionCookiePrefix)) return false;
  return cookieHeader.split(";").some((part) => sessionCookieNames.includes(part.split("=")[0]!.trim()));
}

const hostPrefixedCookies = Object.fromEntries(
  ["session_token", "session_data", "account_data", "dont_remember"].map((name) => [
    name,
    { name: `__Host-${sessionCookiePrefix}.${name}` },
  ]),
);

type LogFn = (obj: unknown, msg?: string) => void;
export interface AuthLog {
  debug: LogFn;
  info: LogFn;
  warn: LogFn;
  error: LogFn;
}

export function createAuth(opts: {
  db: Db;
  config: Config;
  secret: string;
  appName: string;
  mailer: AuthMailer;
  log: AuthLog;
}) {
  const { db, config, secret, mailer, log } = opts;
  return betterAuth({
    // Its messages go to our structured log like everything else.
    logger: { log: (level, message, ...args) => log[level]({ source: "better-auth", args }, message) },
    appName: opts.appName,
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret,
    database: drizzleAdapter(db, { provider: "pg", schema: { user, session, account, verification } }),
    telemetry: { enabled: false },
    // Our routes rate limit in the database (shared by instances); better-auth's own is per process.
    rateLimit: { enabled: false },
    trustedOrigins: [config.publicUrl],
    advanced: {
      database: { generateId: "uuid" },
      cookiePrefix: sessionCookiePrefix,
      // Production names its cookies `__Host-…` (Secure, Path=/, no Domain: the browser
      // refuses them from any other host or subdomain); better-auth's own secure prefix
      // would be the weaker `__Secure-`, so it is off and the names are ours.
      useSecureCookies: false,
      ...(config.isProduction ? { cookies: hostPrefixedCookies } : {}),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: config.isProduction, path: "/" },
    },
    session: {
      expiresIn: limits.sessionHours * 3600,
      // Sessions end 12 h after sign-in (about a shift); they do not slide.
      disableSessionRefresh: true,
      additionalFields: {
        lastActiveAt: { type: "date", required: false, input: false, defaultValue: () => new Date() },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: limits.passwordMinLength,
      maxPasswordLength: limits.passwordMaxLength,
      autoSignIn: false,
      resetPasswordTokenExpiresIn: limits.passwordResetMinutes * 60,
      // A new password ends every session, wherever it was signed in.
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user: u, token }) => mailer.passwordReset(u.email, token),
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: limits.confirmationHours * 3600,
      sendVerificationEmail: async ({ user: u, token }) => mailer.confirmation(u.email, u.name, token),
    },
    plugins: [
      serverSessions(),
      magicLink({
        expiresIn: limits.magicLinkMinutes * 60,
        disableSignUp: true,
        storeToken: "hashed",
        sendMagicLink: async ({ email, token, metadata }) =>
          mailer.magicLink(email, token, typeof metadata?.next === "string" ? metadata.next : undefined),
      }),
    ],
    databaseHooks: {
      session: {
        create: {
          // The one gate every way of signing in passes through.
          before: async (s) => {
            const refusal = await signInRefusal(db, config, s.userId);
            if (refusal) throw refusal;
          },
        },
      },
    },
  });
}

/** In staging the secret is generated once and kept in the database, so instances share it. */
export async function resolveAuthSecret(db: Db, config: Config): Promise<string> {
  if (config.authSecret) return config.authSecret;
  const generated = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
  await db.insert(appSettings).values({ key: "auth_secret", value: generated }).onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, "auth_secret"));
  return row!.value;
}

/** The headers better-auth needs: the cookie, and who is asking (for the session row). */
export function authHeaders(request: FastifyRequest): Headers {
  const h = new Headers();
  if (request.headers.cookie) h.set("cookie", request.headers.cookie);
  const ua = request.headers["user-agent"];
  if (ua) h.set("user-agent", ua);
  h.set("x-forwarded-for", request.ip);
  return h;
}

/** Copies the Set-Cookie headers of a better-auth call onto our reply. */
export function forwardCookies(reply: FastifyReply, headers: Headers | null | undefined) {
  const cookies = headers?.getSetCookie() ?? [];
  if (cookies.length > 0) reply.header("set-cookie", cookies);
}

export interface CurrentSession {
  sessionId: string;
  userId: string;
  /** the person's records, read once with the session (the deactivation check needs them) */
  actor: Actor & { memberships: MembershipRow[] };
}

const activityGranularityMs = 60_000;

/** The session cookie's name and the secret its signature is made with, per auth instance. */
const cookieKeys = new WeakMap<Auth, Promise<{ name: string; secret: string }>>();
function cookieKey(auth: Auth) {
  let key = cookieKeys.get(auth);
  if (!key) {
    key = auth.$context.then((c) => ({ name: c.authCookies.sessionToken.name, secret: c.secret }));
    cookieKeys.set(auth, key);
  }
  return key;
}

/**
 * The token in a session cookie whose signature holds, or null. The format is
 * better-call's, with which better-auth sets it: `{token}.{base64 HMAC-SHA256(token)}`,
 * URL-encoded.
 */
export function signedCookieValue(cookieHeader: string, name: string, secret: string): string | null {
  const pair = cookieHeader
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name}=`));
  if (!pair) return null;
  let value: string;
  try {
    value = decodeURIComponent(pair.slice(name.length + 1));
  } catch {
    return null;
  }
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(createHmac("sha256", secret).update(token).digest("base64"));
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/** The session token in a request's cookies whose signature holds, or null. */
async function sessionToken(auth: Auth, cookieHeader: string): Promise<string | null> {
  const { name, secret } = await cookieKey(auth);
  return signedCookieValue(cookieHeader, name, secret);
}

/**
 * The live session of a token with its person: what better-auth's getSession answers,
 * read directly (one query, no key import per call), and the person's records. Sessions
 * do not slide here (disableSessionRefresh), so reading one writes nothing; better-auth
 * still creates and ends them.
 */
async function loadSession(db: Db, token: string): Promise<CachedSession | null> {
  const rows = await sessionWithActor(db).execute({ token });
  const [found] = rows;
  if (!found) return null;
  const { id, userId, createdAt, lastActiveAt, expiresAt } = found;
  return { sessionId: id, userId, createdAt, lastActiveAt, expiresAt, actor: actorFromRows(userId, rows) };
}

/** The session with its person's records, one row per record: one round trip per request that misses. */
const sessionWithActor = preparedOnce((db) =>
  withActorRecords(
    db
      .select({
        id: session.id,
        userId: session.userId,
        createdAt: session.createdAt,
        lastActiveAt: session.lastActiveAt,
        expiresAt: session.expiresAt,
        ...actorColumns,
      })
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      .where(and(eq(session.token, sql.placeholder("token")), gt(session.expiresAt, sql`now()`)))
      .$dynamic(),
  ).prepare("session_with_actor"),
);

/** What reading a request's session needs of the app. */
export interface SessionDeps {
  auth: Auth;
  db: Db;
  config: Config;
  sessions: SessionCache;
  bus: EventBus;
}

/**
 * The signed-in person of this request, or null. In production a session unused for
 * SESSION_IDLE_MINUTES ends; only what the person does counts as use (requests marked
 * `X-Activity: background`, such as polls, do not; nor do callers passing
 * `background`, such as the realtime upgrade, where a browser cannot set headers).
 */
export async function currentSession(
  deps: SessionDeps,
  request: FastifyRequest,
  opts: { background?: boolean } = {},
  /** the kept copy was found idle and has been read again from the database */
  reread = false,
): Promise<CurrentSession | null> {
  const { db, config, sessions, bus } = deps;
  const cookies = request.headers.cookie;
  if (!cookies?.includes(sessionCookiePrefix)) return null;
  const token = await sessionToken(deps.auth, cookies);
  if (!token) return null;
  const found = await sessions.read(token, () => loadSession(db, token));
  if (!found) return null;
  const { actor } = found;
  // Deactivation deletes sessions (a trigger), but a session read must not depend on
  // that alone: a deactivated person is signed out at their next request.
  // Ended through the bus, so every instance forgets the sessions and closes their sockets.
  if (isDeactivatedBy(actor.memberships)) {
    const ended = await db
      .delete(session)
      .where(eq(session.userId, found.userId))
      .returning({ id: session.id });
    await endedSessions(bus, [found.sessionId, ...ended.map((s) => s.id)]);
    throw new AppError(401, "user_deactivated");
  }
  const { lastActiveAt } = found;
  const now = Date.now();
  if (
    config.sessionIdleMinutes !== null &&
    now - lastActiveAt.getTime() > config.sessionIdleMinutes * 60_000
  ) {
    // The kept copy may be older than activity another instance has written: the
    // database decides, and a session it still finds in use is read again.
    const cutoff = new Date(now - config.sessionIdleMinutes * 60_000);
    const ended = await db
      .delete(session)
      .where(and(eq(session.id, found.sessionId), lt(session.lastActiveAt, cutoff)))
      .returning({ id: session.id });
    if (ended.length > 0 || reread) {
      await endedSessions(bus, [found.sessionId]);
      throw new AppError(401, "session_expired");
    }
    sessions.forget(token);
    return currentSession(deps, request, opts, true);
  }
  const background = opts.background || request.headers["x-activity"] === "background";
  if (!background && now - lastActiveAt.getTime() > activityGranularityMs) {
    await db
      .update(session)
      .set({ lastActiveAt: new Date(now) })
      .where(and(eq(session.id, found.sessionId), sql`${session.lastActiveAt} < now()`));
    sessions.update(token, (s) => {
      s.lastActiveAt = new Date(now);
    });
  }
  return { sessionId: found.sessionId, userId: found.userId, actor };
}

/** Says on the bus that these sessions ended: every instance drops them and closes their sockets. */
export async function endedSessions(bus: EventBus, sessionIds: Iterable<string>) {
  for (const id of new Set(sessionIds)) await bus.publish(`session:${id}`, "session.ended");
}
