/**
 * POST /api/chat/privacy-choices: the privacy dialog's answer ('Rediger' or 'Send
 * likevel') counted for the department I write in, on today's Oslo date. Only the count
 * is kept (decisions.md § Chat, 'Privacy choices are counted'): no text, thread or person.
 */
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { limits } from "../../../common/base/limits.ts";
import { osloTimeZone } from "../../../common/domain/shift-block.ts";
import { type PrivacyChoice, privacyChoiceRequest } from "../../../common/schemas/privacy-choices.ts";
import type { Db } from "../../db/client.ts";
import { chatPrivacyChoices } from "../../db/schema.ts";
import type { AppContext } from "../../platform/context.ts";
import { authenticate, authorize, signedIn } from "../../platform/pipeline.ts";
import { enforceRateLimits } from "../../platform/rate-limit.ts";
import type { ChatLoaders } from "./loaders.ts";

/** One more of `choice` for the department on the Oslo date of `now`. */
export async function countPrivacyChoice(db: Db, deptId: string, choice: PrivacyChoice, now: Date) {
  const day = format(new TZDate(now.getTime(), osloTimeZone), "yyyy-MM-dd");
  await db
    .insert(chatPrivacyChoices)
    .values({ deptId, day, choice, count: 1 })
    .onConflictDoUpdate({
      target: [chatPrivacyChoices.deptId, chatPrivacyChoices.day, chatPrivacyChoices.choice],
      set: { count: sql`${chatPrivacyChoices.count} + 1` },
    });
}

export function privacyChoiceRoutes(app: FastifyInstance, ctx: AppContext, load: ChatLoaders) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // A counter anyone on the ward can bump: per person, so nobody can skew the figures.
  const perPerson = async (request: FastifyRequest) => {
    const { actor } = signedIn(request);
    const { windowSeconds } = ctx.config.rateLimit;
    const key = `privacy-choice:user:${actor.userId}`;
    await enforceRateLimits(
      ctx.db,
      [{ key, max: limits.privacyChoicesPerWindow }],
      windowSeconds,
      ctx.rateLimitSecret,
    );
  };

  r.post(
    "/api/chat/privacy-choices",
    {
      schema: { tags: ["chat"], body: privacyChoiceRequest, response: { 204: z.null() } },
      config: { action: "chat.privacyChoice" },
      preValidation: [authenticate(ctx), perPerson],
      preHandler: [
        authorize(ctx, "chat.privacyChoice", load.currentDepartment, { notFound: "no_department" }),
      ],
    },
    async (request, reply) => {
      const { actor } = signedIn(request);
      await countPrivacyChoice(ctx.db, actor.currentDeptId!, request.body.choice, ctx.clock.now());
      return reply.status(204).send(null);
    },
  );
}
