import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  confirmRequest,
  magicLinkRequest,
  magicLinkVerifyRequest,
  magicLinkVerifyResponse,
  passwordResetConfirm,
  passwordResetRequest,
  passwordSignInRequest,
  registerRequest,
  sessionResponse,
  signOutResponse,
} from "../../../common/schemas/auth.ts";
import { okResponse } from "../../../common/schemas/errors.ts";
import { authHeaders, currentSession, forwardCookies } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { emailIn, rateLimit } from "../../platform/pipeline.ts";
import { unlessSingleSignOnOnly } from "./break-glass.ts";
import { loadSession } from "./profiles.ts";
import {
  confirmEmail,
  passwordSignIn,
  register,
  registrationOfToken,
  requestMagicLink,
  requestPasswordReset,
  resetPassword,
  signOut,
  verifyMagicLink,
} from "./service.ts";

const tags = ["auth"];
const publicRoute = { action: "public" as const };

/**
 * Signing in is public by nature: each route is rate limited per client address and,
 * where the body names an account, per account.
 */
export function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/auth/session",
    { schema: { tags, response: { 200: sessionResponse } }, config: publicRoute },
    async (request) => {
      try {
        const s = await currentSession(ctx, request);
        return { session: s ? await loadSession(ctx.db, s.userId, ctx.policyEnv) : null };
      } catch (err) {
        // A session just ended (idle, or its person deactivated): simply signed out.
        if (err instanceof AppError && (err.code === "session_expired" || err.code === "user_deactivated"))
          return { session: null };
        throw err;
      }
    },
  );

  r.post(
    "/api/auth/magic-link",
    {
      schema: { tags, body: magicLinkRequest, response: { 200: okResponse } },
      config: publicRoute,
      preValidation: [rateLimit(ctx, "magic", { account: emailIn("email") })],
    },
    async (request) => {
      requestMagicLink(ctx, authHeaders(request), request.body);
      return { ok: true as const };
    },
  );

  r.post(
    "/api/auth/magic-link/verify",
    {
      schema: { tags, body: magicLinkVerifyRequest, response: { 200: magicLinkVerifyResponse } },
      config: publicRoute,
      preValidation: [rateLimit(ctx, "verify")],
    },
    async (request, reply) => {
      forwardCookies(reply, await verifyMagicLink(ctx, authHeaders(request), request.body.token));
      return { next: request.body.next ?? "/" };
    },
  );

  r.post(
    "/api/auth/register",
    {
      schema: { tags, body: registerRequest, response: { 201: okResponse } },
      config: publicRoute,
      preValidation: [unlessSingleSignOnOnly(ctx), rateLimit(ctx, "register", { account: emailIn("email") })],
    },
    async (request, reply) => {
      await register(ctx, authHeaders(request), request.body);
      return reply.status(201).send({ ok: true as const });
    },
  );

  r.post(
    "/api/auth/confirm",
    {
      schema: { tags, body: confirmRequest, response: { 200: z.object({ next: z.string() }) } },
      config: publicRoute,
      // Per registration too: its password must not be guessed through this form.
      preValidation: [
        unlessSingleSignOnOnly(ctx),
        rateLimit(ctx, "confirm", {
          account: (body) => (typeof body.token === "string" ? registrationOfToken(body.token) : null),
        }),
      ],
    },
    async (request, reply) => {
      forwardCookies(reply, await confirmEmail(ctx, authHeaders(request), request.body));
      return { next: "/" };
    },
  );

  r.post(
    "/api/auth/sign-in",
    {
      schema: { tags, body: passwordSignInRequest, response: { 200: okResponse } },
      config: publicRoute,
      preValidation: [unlessSingleSignOnOnly(ctx), rateLimit(ctx, "signin", { account: emailIn("email") })],
    },
    async (request, reply) => {
      forwardCookies(reply, await passwordSignIn(ctx, authHeaders(request), request.body));
      return { ok: true as const };
    },
  );

  r.post(
    "/api/auth/password-reset",
    {
      schema: { tags, body: passwordResetRequest, response: { 200: okResponse } },
      config: publicRoute,
      preValidation: [unlessSingleSignOnOnly(ctx), rateLimit(ctx, "reset", { account: emailIn("email") })],
    },
    async (request) => {
      requestPasswordReset(ctx, authHeaders(request), request.body);
      return { ok: true as const };
    },
  );

  r.post(
    "/api/auth/password-reset/confirm",
    {
      schema: { tags, body: passwordResetConfirm, response: { 200: okResponse } },
      config: publicRoute,
      preValidation: [unlessSingleSignOnOnly(ctx), rateLimit(ctx, "verify")],
    },
    async (request) => {
      await resetPassword(ctx, authHeaders(request), request.body);
      return { ok: true as const };
    },
  );

  r.post(
    "/api/auth/sign-out",
    { schema: { tags, response: { 200: signOutResponse } }, config: publicRoute },
    async (request, reply) => {
      const { cleared, providerLogoutUrl } = await signOut(ctx, authHeaders(request));
      forwardCookies(reply, cleared);
      return { ok: true as const, providerLogoutUrl };
    },
  );
}
