/**
 * The steps every API route is made of, declared on the route so it reads top to
 * bottom as a pipeline:
 *
 *   config:        { action }                        what the route asks the policies
 *   onRequest:     [requireFeature(…)]                a switched-off feature is not there
 *   preValidation: [rateLimit(…), authenticate(…)]    before the body is trusted
 *   (schema)                                          validate with the `common` schema
 *   preHandler:    [authorize(…)]                     load the resource, ask the policy
 *   handler                                           service → present
 *
 * The route registry (see `registerRouteRegistry`) refuses to start an app in which an
 * /api route declares no action, or declares one that no authorize step checks.
 */
import type {
  FastifyInstance,
  FastifyRequest,
  onRequestHookHandler,
  preHandlerHookHandler,
  preValidationHookHandler,
  RouteOptions,
} from "fastify";
import type { z } from "zod";
import { normaliseEmail } from "../../common/domain/validation.ts";
import type { FeatureFlag } from "../../common/schemas/brand.ts";
import type { ErrorCode } from "../../common/texts/errors.ts";
import { type Action, type Actions, type Actor, may, refusalOf } from "../policies/index.ts";
import type { MembershipRow } from "./actor.ts";
import { type CurrentSession, currentSession } from "./auth.ts";
import type { AppContext } from "./context.ts";
import { AppError } from "./errors.ts";
import { enforceRateLimits } from "./rate-limit.ts";

export type RouteAction = Action | "public";

export interface SignedIn {
  session: CurrentSession;
  actor: Actor & { memberships: MembershipRow[] };
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** the policy action this route is authorized by, or "public" */
    action?: RouteAction;
  }
  interface FastifyRequest {
    /** set by `authenticate` */
    signedIn?: SignedIn;
  }
}

/** The body after validation, typed by the schema that validated it (for resource loaders). */
export function validBody<S extends z.ZodType>(request: FastifyRequest, _schema: S): z.infer<S> {
  return request.body as z.infer<S>;
}

/** The signed-in person of a route that has an `authenticate` step. */
export function signedIn(request: FastifyRequest): SignedIn {
  if (!request.signedIn) throw new Error(`${request.routeOptions.url}: no authenticate step before use`);
  return request.signedIn;
}

// ── steps ──────────────────────────────────────────────────────────────────────

/** A feature switched off in the brand file answers 404 `feature_disabled`, as if absent. */
export function requireFeature(ctx: AppContext, flag: FeatureFlag): onRequestHookHandler {
  return async () => {
    if (!ctx.brand.features[flag]) throw new AppError(404, "feature_disabled");
  };
}

/**
 * Counts the attempt per client address and, when the body names an account (an e-mail
 * address), per account too; refuses with 429. Runs before validation, so malformed
 * floods count as well.
 */
export function rateLimit(
  ctx: AppContext,
  kind: string,
  opts: { account?: (body: Record<string, unknown>) => string | null } = {},
): preValidationHookHandler {
  return async (request) => {
    const { perEmail, perIp, windowSeconds } = ctx.config.rateLimit;
    const limits = [{ key: `${kind}:ip:${request.ip}`, max: perIp }];
    const body = request.body;
    const account =
      opts.account && body && typeof body === "object" ? opts.account(body as Record<string, unknown>) : null;
    if (account) limits.push({ key: `${kind}:account:${account}`, max: perEmail });
    await enforceRateLimits(ctx.db, limits, windowSeconds, ctx.rateLimitSecret);
  };
}

/**
 * Counts a signed-in person's requests of `kind` (after `authenticate`): `max` a minute,
 * whichever ward computer or phone they come from; refuses with 429.
 */
export function personRateLimit(ctx: AppContext, kind: string, max: number): preValidationHookHandler {
  return async (request) => {
    const key = `${kind}:person:${signedIn(request).actor.userId}`;
    await enforceRateLimits(ctx.db, [{ key, max }], 60, ctx.rateLimitSecret);
  };
}

/** The account a sign-in body names: its e-mail field, normalised (the body is not validated yet). */
export function emailIn(field: string) {
  return (body: Record<string, unknown>): string | null => {
    const raw = body[field];
    return typeof raw === "string" && raw.trim() ? normaliseEmail(raw) : null;
  };
}

/**
 * 401 without a live session (ended, idle, deactivated); else the person and their
 * records. `background`: the request is not the person's doing (the realtime upgrade)
 * and does not keep an idle session alive.
 */
export function authenticate(ctx: AppContext, opts: { background?: boolean } = {}): preValidationHookHandler {
  return async (request) => {
    const session = await currentSession(ctx, request, opts);
    if (!session) throw new AppError(401, "not_authenticated");
    request.signedIn = { session, actor: session.actor };
  };
}

type AuthorizeStep = preHandlerHookHandler & { action: Action };

/**
 * Reads what the path names once per request: a route's authorize steps (and its
 * handler) ask for the same resource without reading it again.
 */
export function oncePerRequest<T>(read: (request: FastifyRequest) => Promise<T>) {
  const cache = new WeakMap<FastifyRequest, Promise<T>>();
  return (request: FastifyRequest): Promise<T> => {
    let found = cache.get(request);
    if (!found) {
      found = read(request);
      cache.set(request, found);
    }
    return found;
  };
}

/**
 * Loads what the route is about and asks the policy. A refusal is 404 for things whose
 * existence is private (the policy declares `hide`), else 403 with `refusal`'s code.
 * The loader answers null when the thing does not exist: 404 `notFound`.
 */
export function authorize<A extends Action>(
  ctx: AppContext,
  action: A,
  load: (request: FastifyRequest, actor: SignedIn["actor"]) => Actions[A] | null | Promise<Actions[A] | null>,
  opts: { refusal?: ErrorCode; notFound?: ErrorCode } = {},
): AuthorizeStep {
  const step = async (request: FastifyRequest) => {
    const { actor } = signedIn(request);
    const resource = await load(request, actor);
    if (resource === null) throw new AppError(404, opts.notFound ?? "not_found");
    if (may(actor, action, resource, ctx.policyEnv)) return;
    if (refusalOf(action) === "hide") throw new AppError(404, opts.notFound ?? "not_found");
    throw new AppError(403, opts.refusal ?? "forbidden");
  };
  return Object.assign(step, { action });
}

// ── the registry ───────────────────────────────────────────────────────────────

export interface RegisteredRoute {
  method: string;
  url: string;
  action: RouteAction;
  /** the zod schemas the route validates its request with (what a fuzzer generates from) */
  schema: { body?: z.ZodType; querystring?: z.ZodType; params?: z.ZodType };
}

const asList = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** The authorize steps of a route's preHandler, with their actions. */
function checkedActions(route: RouteOptions): Action[] {
  return asList(route.preHandler as unknown).flatMap((h) =>
    typeof h === "function" && "action" in h ? [(h as AuthorizeStep).action] : [],
  );
}

/**
 * Every /api route, with the action it declares: what an authorization matrix
 * enumerates. A route without an action, or whose action no authorize step checks,
 * stops the app at start.
 */
export function registerRouteRegistry(app: FastifyInstance): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/") || route.method === "HEAD") return;
    // The API documentation's own routes come from its plugin (staging only).
    const action = route.config?.action ?? (route.url.startsWith("/api/docs") ? "public" : undefined);
    const where = `${String(route.method)} ${route.url}`;
    if (!action) throw new Error(`${where} declares no policy action (config.action)`);
    const checked = checkedActions(route);
    if (action !== "public" && !checked.includes(action))
      throw new Error(`${where} declares ${action} but no authorize step checks it`);
    if (action === "public" && checked.length > 0)
      throw new Error(`${where} is public but authorizes ${checked.join(", ")}`);
    const { body, querystring, params } = (route.schema ?? {}) as RegisteredRoute["schema"];
    for (const method of asList(route.method))
      routes.push({ method: String(method), url: route.url, action, schema: { body, querystring, params } });
  });
  return routes;
}
