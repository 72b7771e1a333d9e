/**
 * Messages. A message is first hidden like its thread (`thread.read`: 404, the same as a
 * missing message), then asked about itself: only its author edits, deletes and undoes.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  editMessageRequest,
  messageDto,
  messagePageQuery,
  messagePage as messagePageSchema,
  messageParams,
  postMessageRequest,
  reactionRequest,
  reactionsResponse,
  threadParams,
} from "../../../common/schemas/chat.ts";
import type { AppContext } from "../../platform/context.ts";
import { sendJsonText } from "../../platform/json-text.ts";
import { authenticate, authorize, requireFeature, signedIn } from "../../platform/pipeline.ts";
import type { ChatCaches } from "./caches.ts";
import { type ChatLoaders, chatViewerOf } from "./loaders.ts";
import { getMessage, isNewestPage, messagePage } from "./message-pages.ts";
import { deleteMessage, editMessage, postMessage, restoreMessage } from "./messages.ts";
import { newestPageJson } from "./newest-page.ts";
import { toggleReaction } from "./reactions.ts";
import type { ChatNotices } from "./urgent.ts";

const tags = ["chat"];

export function messageRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  load: ChatLoaders,
  caches: ChatCaches,
  notices: ChatNotices,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/chat/threads/:threadId/messages",
    {
      schema: {
        tags,
        params: threadParams,
        querystring: messagePageQuery,
        response: { 200: messagePageSchema },
      },
      config: { action: "thread.read" },
      preValidation: [authenticate(ctx)],
      preHandler: load.readThread,
    },
    async (request, reply) => {
      const viewer = chatViewerOf(ctx, request);
      const thread = await load.loadedThread(request);
      if (!isNewestPage(request.query)) return messagePage(ctx.db, viewer, thread, request.query);
      return sendJsonText(
        reply,
        messagePageSchema,
        await newestPageJson(ctx.db, viewer, thread, caches.latest),
      );
    },
  );

  r.post(
    "/api/chat/threads/:threadId/messages",
    {
      schema: { tags, params: threadParams, body: postMessageRequest, response: { 201: messageDto } },
      config: { action: "thread.write" },
      preValidation: [authenticate(ctx)],
      preHandler: [
        authorize(ctx, "thread.write", load.thread, { notFound: "thread_not_found" }),
        load.kindOn(load.thread),
      ],
    },
    async (request, reply) => {
      const message = await postMessage(
        { ...ctx, notices },
        chatViewerOf(ctx, request),
        await load.loadedThread(request),
        request.body,
      );
      return reply.status(201).send(message);
    },
  );

  r.get(
    "/api/chat/messages/:messageId",
    {
      schema: { tags, params: messageParams, response: { 200: messageDto } },
      config: { action: "thread.read" },
      preValidation: [authenticate(ctx)],
      preHandler: load.readMessage,
    },
    async (request) => {
      const message = await load.loadedMessage(request);
      return getMessage(ctx.db, chatViewerOf(ctx, request), message.thread, message.id);
    },
  );

  r.patch(
    "/api/chat/messages/:messageId",
    {
      schema: { tags, params: messageParams, body: editMessageRequest, response: { 200: messageDto } },
      config: { action: "message.edit" },
      preValidation: [authenticate(ctx)],
      preHandler: [
        ...load.readMessage,
        authorize(ctx, "message.edit", load.message, { refusal: "message_edit_refused" }),
      ],
    },
    async (request) =>
      editMessage(ctx, chatViewerOf(ctx, request), await load.loadedMessage(request), request.body.content),
  );

  r.delete(
    "/api/chat/messages/:messageId",
    {
      schema: { tags, params: messageParams, response: { 200: messageDto } },
      config: { action: "message.delete" },
      preValidation: [authenticate(ctx)],
      preHandler: [
        ...load.readMessage,
        authorize(ctx, "message.delete", load.message, { refusal: "message_delete_refused" }),
      ],
    },
    async (request) => deleteMessage(ctx, chatViewerOf(ctx, request), await load.loadedMessage(request)),
  );

  // 'Angre' within 5 minutes of the deletion
  r.post(
    "/api/chat/messages/:messageId/restore",
    {
      schema: { tags, params: messageParams, response: { 200: messageDto } },
      config: { action: "message.restore" },
      preValidation: [authenticate(ctx)],
      preHandler: [
        ...load.readMessage,
        authorize(ctx, "message.restore", load.message, { refusal: "message_undo_refused" }),
      ],
    },
    async (request) => restoreMessage(ctx, chatViewerOf(ctx, request), await load.loadedMessage(request)),
  );

  // toggle_reaction
  r.post(
    "/api/chat/messages/:messageId/reactions",
    {
      schema: { tags, params: messageParams, body: reactionRequest, response: { 200: reactionsResponse } },
      config: { action: "message.react" },
      onRequest: [requireFeature(ctx, "chatReactions")],
      preValidation: [authenticate(ctx)],
      preHandler: [
        ...load.readMessage,
        authorize(ctx, "message.react", load.message, { refusal: "message_react_refused" }),
      ],
    },
    async (request) => ({
      reactions: await toggleReaction(
        ctx,
        signedIn(request).actor.userId,
        await load.loadedMessage(request),
        request.body.emoji,
        ctx.clock.now(),
      ),
    }),
  );
}
