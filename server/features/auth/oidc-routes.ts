/**
 * Single sign-on's two addresses, both reached by the browser itself (not by fetch):
 * `start` sends it to the provider, `callback` is where the provider sends it back. A
 * refusal therefore lands on the login page with its code (`/login?sso=…`), which shows
 * the Norwegian message; a database that is away still answers 503 as everywhere.
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { returnPath } from "../../../common/schemas/auth.ts";
import { authHeaders, forwardCookies } from "../../platform/auth.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { rateLimit } from "../../platform/pipeline.ts";
import { beginSignIn, finishSignIn, oidcBindingCookie, oidcCallbackPath } from "./oidc.ts";

const tags = ["auth"];
const publicRoute = { action: "public" as const };

const toLogin = (reply: FastifyReply, err: unknown) => {
  if (!(err instanceof AppError)) throw err;
  return reply.redirect(`/login?sso=${encodeURIComponent(err.code)}`, 303);
};

export function oidcRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { config } = ctx;
  if (!config.oidc) return;
  const cookie = (value: string, maxAge: number) =>
    `${oidcBindingCookie}=${value}; Path=/api/auth/oidc; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${
      config.isProduction ? "; Secure" : ""
    }`;

  r.get(
    "/api/auth/oidc/start",
    {
      schema: { tags, querystring: z.object({ next: returnPath.optional().catch(undefined) }) },
      config: publicRoute,
      preValidation: [rateLimit(ctx, "oidc")],
    },
    async (request, reply) => {
      try {
        const { location, binding } = await beginSignIn(ctx, request.query.next);
        reply.header("set-cookie", cookie(binding, 600));
        return reply.redirect(location, 303);
      } catch (err) {
        return toLogin(reply, err);
      }
    },
  );

  r.get(
    oidcCallbackPath,
    // Counted apart from `start`, so one sign-in spends one of each.
    { schema: { tags }, config: publicRoute, preValidation: [rateLimit(ctx, "oidc-callback")] },
    async (request, reply) => {
      try {
        const url = new URL(request.url, config.publicUrl);
        const binding = cookieOf(request.headers.cookie);
        const { headers, next } = await finishSignIn(ctx, authHeaders(request), url, binding);
        forwardCookies(reply, headers);
        reply.header("set-cookie", [...(reply.getHeader("set-cookie") as string[]), cookie("", 0)]);
        return reply.redirect(next ?? "/", 303);
      } catch (err) {
        return toLogin(reply, err);
      }
    },
  );
}

function cookieOf(header: string | undefined): string | undefined {
  const pair = header
    ?.split(";")
    .map((p) => p.trim())
    .find((p) => p.startsWith(`${oidcBindingCookie}=`));
  return pair?.slice(oidcBindingCookie.length + 1) || undefined;
}
