/**
 * Threads, channels, direct messages and read positions. Routes about the department I
 * work in ask `chat.use` of it; routes about a thread ask the thread's policy, and a
 * thread one may not read answers exactly like a missing one.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  addMembersRequest,
  addMembersResponse,
  channelList,
  createChannelRequest,
  directThreadList,
  directThreadRequest,
  markReadRequest,
  markReadResponse,
  threadDto,
  threadParams,
  unreadCounts as unreadCountsSchema,
} from "../../../common/schemas/chat.ts";
import type { AppContext } from "../../platform/context.ts";
import { notFound } from "../../platform/errors.ts";
import { authenticate, authorize, requireFeature, signedIn } from "../../platform/pipeline.ts";
import { loadThread } from "./access.ts";
import { addMembers, createChannel, joinChannel, listChannels } from "./channels.ts";
import { ensureDirectThread, listDirectThreads } from "./directs.ts";
import { activeDeptIds, type ChatLoaders, chatViewerOf } from "./loaders.ts";
import { markRead, unreadCounts } from "./reading.ts";
import { ensureDepartmentThread, ensureShiftThread, presentThread } from "./threads.ts";

const tags = ["chat"];

export function chatRoutes(app: FastifyInstance, ctx: AppContext, load: ChatLoaders) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { inMyDepartment } = load;

  /** The header of a thread just made or changed, read afresh. */
  async function header(request: FastifyRequest, threadId: string) {
    const thread = await loadThread(ctx.db, threadId);
    if (!thread) throw notFound("thread_not_found");
    return presentThread(ctx.db, chatViewerOf(ctx, request), thread);
  }
  /** Who asks, in the department the route authorized. */
  function me(request: FastifyRequest) {
    const { actor } = signedIn(request);
    return { userId: actor.userId, deptId: actor.currentDeptId! };
  }

  // get_or_create_department_thread
  r.post(
    "/api/chat/department",
    {
      schema: { tags, response: { 200: threadDto } },
      config: { action: "chat.use" },
      preValidation: [authenticate(ctx)],
      preHandler: [inMyDepartment],
    },
    async (request) => {
      const { userId, deptId } = me(request);
      return header(request, await ensureDepartmentThread(ctx, userId, deptId));
    },
  );

  // get_or_create_shift_thread: the block under way
  r.post(
    "/api/chat/shift",
    {
      schema: { tags, response: { 200: threadDto } },
      config: { action: "chat.use" },
      onRequest: [requireFeature(ctx, "shiftChat")],
      preValidation: [authenticate(ctx)],
      preHandler: [inMyDepartment],
    },
    async (request) => {
      const { userId, deptId } = me(request);
      return header(request, await ensureShiftThread(ctx, userId, deptId, ctx.clock.now()));
    },
  );

  // get_or_create_direct_thread with a colleague
  r.post(
    "/api/chat/direct",
    {
      schema: { tags, body: directThreadRequest, response: { 200: threadDto } },
      config: { action: "chat.use" },
      preValidation: [authenticate(ctx)],
      preHandler: [inMyDepartment],
    },
    async (request) => {
      const { userId, deptId } = me(request);
      return header(request, await ensureDirectThread(ctx, userId, deptId, request.body.userId));
    },
  );

  r.get(
    "/api/chat/direct",
    {
      schema: { tags, response: { 200: directThreadList } },
      config: { action: "chat.use" },
      preValidation: [authenticate(ctx)],
      preHandler: [inMyDepartment],
    },
    async (request) => listDirectThreads(ctx.db, me(request).userId, activeDeptIds(request)),
  );

  r.get(
    "/api/chat/channels",
    {
      schema: { tags, response: { 200: channelList } },
      config: { action: "chat.use" },
      onRequest: [requireFeature(ctx, "channels")],
      preValidation: [authenticate(ctx)],
      preHandler: [inMyDepartment],
    },
    async (request) => {
      const { userId, deptId } = me(request);
      return listChannels(ctx.db, userId, deptId);
    },
  );

  r.post(
    "/api/chat/channels",
    {
      schema: { tags, body: createChannelRequest, response: { 201: threadDto } },
      config: { action: "channel.create" },
      onRequest: [requireFeature(ctx, "channels")],
      preValidation: [authenticate(ctx)],
      preHandler: [
        authorize(ctx, "channel.create", load.currentDepartment, {
          notFound: "no_department",
          refusal: "channel_create_refused",
        }),
      ],
    },
    async (request, reply) => {
      const { userId, deptId } = me(request);
      const id = await createChannel(ctx, userId, deptId, request.body);
      return reply.status(201).send(await header(request, id));
    },
  );

  // 'Bli med'
  r.post(
    "/api/chat/channels/:threadId/join",
    {
      schema: { tags, params: threadParams, response: { 200: threadDto } },
      config: { action: "thread.join" },
      onRequest: [requireFeature(ctx, "channels")],
      preValidation: [authenticate(ctx)],
      preHandler: [authorize(ctx, "thread.join", load.thread, { notFound: "thread_not_found" })],
    },
    async (request) => {
      await joinChannel(ctx, me(request).userId, await load.loadedThread(request));
      return header(request, request.params.threadId);
    },
  );

  // 'Add members' to a channel or a shift thread
  r.post(
    "/api/chat/threads/:threadId/members",
    {
      schema: { tags, params: threadParams, body: addMembersRequest, response: { 200: addMembersResponse } },
      config: { action: "thread.addMembers" },
      preValidation: [authenticate(ctx)],
      preHandler: [
        ...load.readThread,
        authorize(ctx, "thread.addMembers", load.thread, { refusal: "add_members_refused" }),
      ],
    },
    async (request) => ({
      added: await addMembers(ctx, await load.loadedThread(request), request.body.userIds),
    }),
  );

  r.get(
    "/api/chat/threads/:threadId",
    {
      schema: { tags, params: threadParams, response: { 200: threadDto } },
      config: { action: "thread.read" },
      preValidation: [authenticate(ctx)],
      preHandler: load.readThread,
    },
    async (request) => presentThread(ctx.db, chatViewerOf(ctx, request), await load.loadedThread(request)),
  );

  r.post(
    "/api/chat/threads/:threadId/read",
    {
      schema: { tags, params: threadParams, body: markReadRequest, response: { 200: markReadResponse } },
      config: { action: "thread.read" },
      preValidation: [authenticate(ctx)],
      preHandler: load.readThread,
    },
    async (request) => ({
      unread: await markRead(
        ctx,
        me(request).userId,
        await load.loadedThread(request),
        request.body.messageId,
      ),
    }),
  );

  // The sidebar's badges.
  r.get(
    "/api/chat/unread",
    {
      schema: { tags, response: { 200: unreadCountsSchema } },
      config: { action: "chat.use" },
      preValidation: [authenticate(ctx)],
      preHandler: [inMyDepartment],
    },
    async (request) =>
      unreadCounts(
        ctx.db,
        { ...me(request), activeDeptIds: activeDeptIds(request) },
        ctx.clock.now(),
        ctx.brand.features,
      ),
  );
}
