/** Request-level guards shared by every route: origin check, authentication, policy. */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { loadActor } from "../features/auth/profiles.ts";
import { type Action, may, type Resource } from "../policies/index.ts";
import { type CurrentSession, currentSession } from "./auth.ts";
import type { AppContext } from "./context.ts";
import { AppError } from "./errors.ts";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * State-changing API requests from another site are refused. Browsers send Origin
 * (and Sec-Fetch-Site) on such requests; requests without either come from non-browser
 * clients, which carry no ambient cookie risk.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string) {
  const allowed = new URL(publicUrl).origin;
  app.addHook("onRequest", async (request) => {
    if (safeMethods.has(request.method) || !request.url.startsWith("/api/")) return;
    const origin = request.headers.origin;
    const own = `${request.protocol}://${request.host}`;
    if (origin && origin !== allowed && origin !== own) throw new AppError(403, "forbidden_origin");
    if (!origin && request.headers["sec-fetch-site"] === "cross-site")
      throw new AppError(403, "forbidden_origin");
  });
}

export async function requireSession(ctx: AppContext, request: FastifyRequest): Promise<CurrentSession> {
  const s = await currentSession(ctx.auth, ctx.db, ctx.config, request);
  if (!s) throw new AppError(401, "not_authenticated");
  return s;
}

/** Authenticate, then ask the policy; refuses with 401 or 403. Returns the actor. */
export async function authorize(
  ctx: AppContext,
  request: FastifyRequest,
  action: Action,
  resource: Resource = {},
) {
  const s = await requireSession(ctx, request);
  const actor = await loadActor(ctx.db, s.userId);
  if (!may(actor, action, resource, ctx.policyEnv)) throw new AppError(403, "forbidden");
  return { session: s, actor };
}
