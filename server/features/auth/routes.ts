import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  magicLinkRequest,
  magicLinkVerifyResponse,
  passwordSignInRequest,
  registerRequest,
  returnPath,
  sessionResponse,
  tokenBody,
} from "../../../common/schemas/auth.ts";
import { okResponse } from "../../../common/schemas/errors.ts";
import { currentSession } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { loadSession } from "./profiles.ts";
import {
  confirmEmail,
  passwordSignIn,
  register,
  requestMagicLink,
  signOut,
  verifyMagicLink,
} from "./service.ts";

const tags = ["auth"];
const verifyBody = tokenBody.extend({ next: returnPath.optional() });

export function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get("/api/auth/session", { schema: { tags, response: { 200: sessionResponse } } }, async (request) => {
    try {
      const s = await currentSession(ctx.auth, ctx.db, ctx.config, request);
      return { session: s ? await loadSession(ctx.db, s.userId, ctx.policyEnv) : null };
    } catch (err) {
      // An idle session has just been ended: the person is simply signed out.
      if (err instanceof AppError && err.code === "session_expired") return { session: null };
      throw err;
    }
  });

  r.post(
    "/api/auth/magic-link",
    { schema: { tags, body: magicLinkRequest, response: { 200: okResponse } } },
    async (request) => {
      await requestMagicLink(ctx, request, request.body.email, request.body.next);
      return { ok: true as const };
    },
  );

  r.post(
    "/api/auth/magic-link/verify",
    { schema: { tags, body: verifyBody, response: { 200: magicLinkVerifyResponse } } },
    async (request, reply) => {
      await verifyMagicLink(ctx, request, reply, request.body.token);
      return { next: request.body.next ?? "/" };
    },
  );

  r.post(
    "/api/auth/register",
    { schema: { tags, body: registerRequest, response: { 201: okResponse } } },
    async (request, reply) => {
      await register(ctx, request, request.body);
      return reply.status(201).send({ ok: true as const });
    },
  );

  r.post(
    "/api/auth/confirm",
    { schema: { tags, body: tokenBody, response: { 200: z.object({ next: z.string() }) } } },
    async (request, reply) => {
      await confirmEmail(ctx, request, reply, request.body.token);
      return { next: "/" };
    },
  );

  r.post(
    "/api/auth/sign-in",
    { schema: { tags, body: passwordSignInRequest, response: { 200: okResponse } } },
    async (request, reply) => {
      await passwordSignIn(ctx, request, reply, request.body);
      return { ok: true as const };
    },
  );

  r.post(
    "/api/auth/sign-out",
    { schema: { tags, response: { 200: okResponse } } },
    async (request, reply) => {
      await signOut(ctx, request, reply);
      return { ok: true as const };
    },
  );
}
