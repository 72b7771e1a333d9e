/**
 * The access log's two reads (common/schemas/access-log.ts): my own rows for 'Min
 * Profil', and the whole log for admins. Like the other lists (the admin log, the user
 * list) they are a signed-in person's indexed reads, with no rate limit of their own.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  adminAccessPage,
  adminAccessQuery,
  ownAccessPage,
  ownAccessQuery,
} from "../../../common/schemas/access-log.ts";
import { recordAccess } from "../../platform/access-log.ts";
import type { AppContext } from "../../platform/context.ts";
import { authenticate, authorize, signedIn } from "../../platform/pipeline.ts";
import { accessPage } from "./log.ts";

const tags = ["access-log"];

/** The signed-in person as the resource: the policy compares, nothing is read. */
const me = (request: FastifyRequest) => {
  const { actor } = signedIn(request);
  return { type: "user" as const, id: actor.userId, memberships: actor.memberships };
};

export function accessLogRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/profile/access-log",
    {
      schema: { tags, querystring: ownAccessQuery, response: { 200: ownAccessPage } },
      config: { action: "accessLog.own" },
      preValidation: [authenticate(ctx)],
      preHandler: [authorize(ctx, "accessLog.own", me)],
    },
    async (request) => {
      const { userId } = signedIn(request).actor;
      const { entries, next } = await accessPage(ctx.db, { subject: userId, before: request.query.before });
      return { entries: entries.map(({ subject: _mine, ...entry }) => entry), next };
    },
  );

  r.get(
    "/api/admin/access-log",
    {
      schema: { tags, querystring: adminAccessQuery, response: { 200: adminAccessPage } },
      config: { action: "accessLog.list" },
      preValidation: [authenticate(ctx)],
      preHandler: [authorize(ctx, "accessLog.list", () => ({ type: "app" }))],
    },
    async (request) => {
      const page = await accessPage(ctx.db, request.query);
      // The log narrowed to a person is a look at their entries: in their own log too.
      // 'Vis flere' (`before`) goes on with the same look and writes nothing more.
      const { actor } = signedIn(request);
      const { subject, before } = request.query;
      for (const person of before ? [] : new Set([subject, request.query.actor]))
        if (person)
          await recordAccess(ctx.db, { actorId: actor.userId, subjectId: person, action: "audit.view" });
      return page;
    },
  );
}
