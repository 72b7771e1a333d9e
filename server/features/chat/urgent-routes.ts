/**
 * Urgent messages and mentions (issue 26): 'Bekreft', the composer's '@' list and its
 * check before sending ('Ingen har rollen nå'), and the leaders' 'Haster' overview. The
 * message is first hidden like its thread (404), then asked about itself.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  acknowledgeResponse,
  mentionOptions,
  messageParams,
  reachCheckRequest,
  reachCheckResponse,
  threadParams,
  urgentOverview as urgentOverviewSchema,
} from "../../../common/schemas/chat.ts";
import type { AppContext } from "../../platform/context.ts";
import { authenticate, authorize, signedIn } from "../../platform/pipeline.ts";
import type { ReachedMessageResource } from "../../policies/resources.ts";
import type { ChatLoaders } from "./loaders.ts";
import {
  acknowledge,
  type ChatNotices,
  checkReach,
  loadReachedMessage,
  mentionOptionsOf,
  urgentOverview,
} from "./urgent.ts";

const tags = ["chat"];

export function urgentRoutes(app: FastifyInstance, ctx: AppContext, load: ChatLoaders, notices: ChatNotices) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const reached = new WeakMap<FastifyRequest, Promise<ReachedMessageResource | null>>();
  const reachedMessage = (request: FastifyRequest) => {
    let found = reached.get(request);
    if (!found) {
      found = load.message(request).then((m) => (m ? loadReachedMessage(ctx.db, m) : null));
      reached.set(request, found);
    }
    return found;
  };

  // 'Bekreft': a person the urgent message reached; twice is once.
  r.post(
    "/api/chat/messages/:messageId/acknowledge",
    {
      schema: { tags, params: messageParams, response: { 200: acknowledgeResponse } },
      config: { action: "message.acknowledge" },
      preValidation: [authenticate(ctx)],
      preHandler: [
        ...load.readMessage,
        authorize(ctx, "message.acknowledge", reachedMessage, { refusal: "acknowledge_refused" }),
      ],
    },
    async (request) =>
      acknowledge(
        ctx,
        notices,
        signedIn(request).actor.userId,
        await load.loadedMessage(request),
        ctx.clock.now(),
      ),
  );

  // What the composer offers after '@': the department's roles (held now or not), its people.
  r.get(
    "/api/chat/threads/:threadId/mention-options",
    {
      schema: { tags, params: threadParams, response: { 200: mentionOptions } },
      config: { action: "thread.write" },
      preValidation: [authenticate(ctx)],
      preHandler: [
        authorize(ctx, "thread.write", load.thread, { notFound: "thread_not_found" }),
        load.kindOn(load.thread),
      ],
    },
    async (request) => mentionOptionsOf(ctx.db, await load.loadedThread(request), ctx.clock.now()),
  );

  // The composer's check before sending: whom the text would reach now, and the roles nobody holds.
  r.post(
    "/api/chat/threads/:threadId/reach-check",
    {
      schema: { tags, params: threadParams, body: reachCheckRequest, response: { 200: reachCheckResponse } },
      config: { action: "thread.write" },
      preValidation: [authenticate(ctx)],
      preHandler: [
        authorize(ctx, "thread.write", load.thread, { notFound: "thread_not_found" }),
        load.kindOn(load.thread),
      ],
    },
    async (request) =>
      checkReach(
        ctx.db,
        await load.loadedThread(request),
        signedIn(request).actor.userId,
        request.body.content,
        ctx.clock.now(),
      ),
  );

  // The 'Haster' overview of my current department: its leaders and admins.
  r.get(
    "/api/chat/urgent",
    {
      schema: { tags, response: { 200: urgentOverviewSchema } },
      config: { action: "urgent.overview" },
      preValidation: [authenticate(ctx)],
      preHandler: [
        authorize(ctx, "urgent.overview", load.currentDepartment, {
          notFound: "no_department",
          refusal: "urgent_overview_refused",
        }),
      ],
    },
    async (request) => urgentOverview(ctx.db, signedIn(request).actor.currentDeptId!, ctx.clock.now()),
  );
}
