/**
 * GET /api/search (common/schemas/search.ts): the search box's one request. Rate limited
 * per person, since the box searches as one types; a few at a time in the database
 * (SEARCH_CONCURRENCY, platform/gate.ts), 503 `database_unavailable` for one that waits
 * its turn longer than for a connection; what it returns is the caller's to read
 * (server/policies/search.ts).
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { threadKinds } from "../../../common/schemas/chat.ts";
import { searchQuery, searchResults } from "../../../common/schemas/search.ts";
import type { AppContext } from "../../platform/context.ts";
import { unavailable } from "../../platform/errors.ts";
import { Gate } from "../../platform/gate.ts";
import { authenticate, authorize, personRateLimit } from "../../platform/pipeline.ts";
import { viewerOf } from "../../platform/viewer.ts";
import { kindEnabled } from "./access.ts";
import { search } from "./search.ts";

export function searchRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Thread kinds this installation has (channels and shift chat can be switched off).
  const kinds = threadKinds.filter((kind) => kindEnabled(ctx.brand.features, kind));
  // A turn waited for as long as a connection of the pool is, with the same answer.
  const searches = new Gate(ctx.config.searchConcurrency, {
    maxWaitMs: ctx.config.dbConnectTimeoutMs,
    timedOut: () => unavailable("database_unavailable"),
  });

  r.get(
    "/api/search",
    {
      schema: { tags: ["search"], querystring: searchQuery, response: { 200: searchResults } },
      config: { action: "search.use" },
      preValidation: [authenticate(ctx), personRateLimit(ctx, "search", ctx.config.searchPerMinute)],
      preHandler: [
        authorize(ctx, "search.use", (_request, actor) => ({
          type: "user",
          id: actor.userId,
          memberships: actor.memberships,
        })),
      ],
    },
    async (request) =>
      searches.run(() => search(ctx.db, viewerOf(ctx, request), { ...request.query, kinds })),
  );
}
