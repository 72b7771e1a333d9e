import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  broadcastParams,
  broadcastReaders as broadcastReadersResponse,
  broadcastRequest,
  broadcastResponse,
  sentBroadcastList,
} from "../../../common/schemas/broadcast.ts";
import {
  notificationListResponse,
  notificationParams,
  unreadCountResponse,
} from "../../../common/schemas/notifications.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { authenticate, authorize, rateLimit, type SignedIn, signedIn } from "../../platform/pipeline.ts";
import { viewerOf } from "../../platform/viewer.ts";
import { sendBroadcast } from "./broadcast.ts";
import { broadcastOf, broadcastReaders, sentBroadcasts } from "./broadcast-reads.ts";
import { listNotifications, markAllRead, markRead, recipientOf, unreadCount } from "./service.ts";

const tags = ["notifications"];

/** The person asking, as the recipient their own notifications belong to. */
const me = (_request: unknown, actor: SignedIn["actor"]) => ({
  type: "user" as const,
  id: actor.userId,
  memberships: actor.memberships,
});

export function notificationRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/notifications",
    {
      schema: { tags, response: { 200: notificationListResponse } },
      config: { action: "notification.list" },
      preValidation: [authenticate(ctx)],
      preHandler: [authorize(ctx, "notification.list", me)],
    },
    async (request) => listNotifications(ctx.db, viewerOf(ctx, request)),
  );

  // The bell's 30-second poll. The web app marks it `X-Activity: background`, which
  // `authenticate` already leaves out of the idle timeout: a poll is not the person.
  r.get(
    "/api/notifications/unread-count",
    {
      schema: { tags, response: { 200: unreadCountResponse } },
      config: { action: "notification.list" },
      preValidation: [authenticate(ctx)],
      preHandler: [authorize(ctx, "notification.list", me)],
    },
    async (request) => ({ unreadCount: await unreadCount(ctx.db, signedIn(request).session.userId) }),
  );

  r.post(
    "/api/notifications/:id/read",
    {
      schema: { tags, params: notificationParams, response: { 200: unreadCountResponse } },
      config: { action: "notification.markRead" },
      preValidation: [authenticate(ctx)],
      preHandler: [
        authorize(
          ctx,
          "notification.markRead",
          (request) => recipientOf(ctx.db, (request.params as { id: string }).id),
          { notFound: "notification_not_found" },
        ),
      ],
    },
    async (request) => ({
      unreadCount: await markRead(ctx, signedIn(request).session.userId, request.params.id, ctx.clock.now()),
    }),
  );

  r.post(
    "/api/notifications/read-all",
    {
      schema: { tags, response: { 200: unreadCountResponse } },
      config: { action: "notification.markRead" },
      preValidation: [authenticate(ctx)],
      preHandler: [authorize(ctx, "notification.markRead", me)],
    },
    async (request) => ({
      unreadCount: await markAllRead(ctx, signedIn(request).session.userId, ctx.clock.now()),
    }),
  );

  // 'Send varsel til alle'. Rate limited like the sign-in forms: a broadcast reaches
  // everyone, so a stuck button or a stolen admin session must not flood every bell.
  r.post(
    "/api/notifications/broadcast",
    {
      schema: { tags, body: broadcastRequest, response: { 200: broadcastResponse } },
      config: { action: "notification.broadcast" },
      preValidation: [rateLimit(ctx, "broadcast"), authenticate(ctx)],
      preHandler: [
        authorize(ctx, "notification.broadcast", () => ({ type: "app" }), { refusal: "broadcast_refused" }),
      ],
    },
    async (request) => ({
      count: await sendBroadcast(ctx, signedIn(request).actor, request.body),
    }),
  );

  // 'Sendte varsler' with 'Sett av n av m' (issue 26 item 4): leaders and admins.
  r.get(
    "/api/notifications/broadcasts",
    {
      schema: { tags, response: { 200: sentBroadcastList } },
      config: { action: "broadcast.list" },
      preValidation: [authenticate(ctx)],
      preHandler: [authorize(ctx, "broadcast.list", () => ({ type: "app" }))],
    },
    async (request) => ({ broadcasts: await sentBroadcasts(ctx.db, signedIn(request).actor) }),
  );

  // Who has read one and who has not: its sender and its department's leaders and admins.
  r.get(
    "/api/notifications/broadcasts/:broadcastId",
    {
      schema: { tags, params: broadcastParams, response: { 200: broadcastReadersResponse } },
      config: { action: "broadcast.readers" },
      preValidation: [authenticate(ctx)],
      preHandler: [
        authorize(
          ctx,
          "broadcast.readers",
          (request) => broadcastOf(ctx.db, (request.params as { broadcastId: string }).broadcastId),
          { notFound: "broadcast_not_found" },
        ),
      ],
    },
    async (request) => {
      const readers = await broadcastReaders(ctx.db, request.params.broadcastId);
      if (!readers) throw new AppError(404, "broadcast_not_found");
      return readers;
    },
  );
}
