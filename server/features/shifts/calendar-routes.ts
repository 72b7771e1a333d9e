/**
 * My calendar address (show, make or renew, revoke) and the feed itself. The feed is
 * fetched by calendar apps, without a session and outside /api: the token in the path
 * is the only key, so the route is rate limited per token and, more loosely, per client
 * address (a hospital's staff may all come from one).
 */
import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { calendarFeed, calendarTokenParams } from "../../../common/schemas/shifts.ts";
import type { AppContext } from "../../platform/context.ts";
import { authenticate, authorize, requireFeature, type SignedIn, signedIn } from "../../platform/pipeline.ts";
import { enforceRateLimits } from "../../platform/rate-limit.ts";
import type { UserResource } from "../../policies/resources.ts";
import { type CalendarDeps, calendarOf, feedUrl, renewFeed, revokeFeed } from "./calendar.ts";
import { tags } from "./routes.ts";

/** Calendar apps poll every few minutes at most; a shared address holds many people's. */
const sharedAddressFactor = 10;

function feedRateLimit(ctx: AppContext): preValidationHookHandler {
  return async (request) => {
    const { perIp, windowSeconds } = ctx.config.rateLimit;
    const { token } = request.params as { token: string };
    await enforceRateLimits(
      ctx.db,
      [
        { key: `calendar:token:${token}`, max: perIp },
        { key: `calendar:ip:${request.ip}`, max: perIp * sharedAddressFactor },
      ],
      windowSeconds,
      ctx.rateLimitSecret,
    );
  };
}

/** My own feed, for `shift.calendar`. */
const myFeed = (_request: FastifyRequest, actor: SignedIn["actor"]): UserResource => ({
  type: "user",
  id: actor.userId,
  memberships: actor.memberships,
});

export function calendarRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: CalendarDeps = {
    db: ctx.db,
    clock: ctx.clock,
    publicUrl: ctx.config.publicUrl,
    secret: ctx.fileUrlSecret,
    appName: ctx.brand.name,
  };
  const mine = {
    config: { action: "shift.calendar" as const },
    onRequest: [requireFeature(ctx, "shifts")],
    preValidation: [authenticate(ctx)],
    preHandler: [authorize(ctx, "shift.calendar", myFeed)],
  };
  const me = (request: FastifyRequest) => signedIn(request).actor.userId;

  r.get(
    "/api/shifts/calendar",
    { schema: { tags, response: { 200: calendarFeed } }, ...mine },
    async (request) => ({
      url: await feedUrl(deps, me(request)),
    }),
  );

  // Make, or renew: the old address stops working.
  r.post(
    "/api/shifts/calendar",
    { schema: { tags, response: { 200: calendarFeed } }, ...mine },
    async (request) => ({
      url: await renewFeed(deps, me(request)),
    }),
  );

  r.delete(
    "/api/shifts/calendar",
    { schema: { tags, response: { 200: calendarFeed } }, ...mine },
    async (request) => {
      await revokeFeed(deps, me(request));
      return { url: null };
    },
  );

  r.get(
    "/cal/:token",
    {
      schema: { tags, params: calendarTokenParams },
      config: { action: "public" },
      onRequest: [requireFeature(ctx, "shifts")],
      preValidation: [feedRateLimit(ctx)],
    },
    async (request, reply) =>
      reply
        .header("cache-control", "private, no-cache")
        .type("text/calendar; charset=utf-8")
        .send(await calendarOf(deps, request.params.token)),
  );
}
