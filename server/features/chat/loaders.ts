/**
 * What the chat routes load for their authorize steps: the department I work in, the
 * thread or message the path names. Each is read once per request, so a route with two
 * steps (first "may I see the thread", then "may I edit this message") and its handler
 * share one read.
 */
import type { FastifyRequest, preHandlerHookHandler } from "fastify";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { authorize, type SignedIn, signedIn } from "../../platform/pipeline.ts";
import { viewerOf } from "../../platform/viewer.ts";
import {
  kindEnabled,
  type LoadedAttachment,
  type LoadedMessage,
  type LoadedThread,
  loadAttachment,
  loadMessage,
  loadThread,
} from "./access.ts";
import type { ChatCaches } from "./caches.ts";
import type { ChatViewer } from "./present.ts";

function perRequest<T>(load: (request: FastifyRequest) => Promise<T>) {
  const loaded = new WeakMap<FastifyRequest, Promise<T>>();
  return (request: FastifyRequest): Promise<T> => {
    const known = loaded.get(request);
    if (known) return known;
    const fresh = load(request);
    loaded.set(request, fresh);
    return fresh;
  };
}

/** The department the app works in for me (none: 404 'Ingen avdeling funnet'). */
const currentDepartment = (_request: FastifyRequest, actor: SignedIn["actor"]) =>
  actor.currentDeptId ? { type: "department" as const, id: actor.currentDeptId } : null;

export type ChatLoaders = ReturnType<typeof chatLoaders>;

export function chatLoaders(ctx: AppContext, caches: ChatCaches) {
  const thread = perRequest((request) => {
    const { threadId } = request.params as { threadId: string };
    return caches.threads.read(threadId, () => loadThread(ctx.db, threadId));
  });
  const message = perRequest((request) =>
    loadMessage(ctx.db, (request.params as { messageId: string }).messageId),
  );
  const attachment = perRequest((request) =>
    loadAttachment(ctx.db, (request.params as { attachmentId: string }).attachmentId, ctx.clock.now()),
  );
  const threadOfMessage = async (request: FastifyRequest) => (await message(request))?.thread ?? null;
  const loaded = async <T>(value: Promise<T | null>): Promise<T> => {
    const found = await value;
    if (!found) throw new Error("used before its authorize step");
    return found;
  };
  /**
   * After the thread was authorized: a thread whose kind is switched off (channels,
   * shift chat) is not there. Asked after the policy, so that the answer tells a
   * stranger nothing about a thread they may not see.
   */
  const kindOn =
    (load: (request: FastifyRequest) => Promise<LoadedThread | null>): preHandlerHookHandler =>
    async (request) => {
      const found = await load(request);
      if (found && !kindEnabled(ctx.brand.features, found.kind)) throw new AppError(404, "feature_disabled");
    };
  return {
    currentDepartment,
    thread,
    message,
    attachment,
    /** The thread and message of the path, for a handler after its authorize steps. */
    loadedThread: (request: FastifyRequest): Promise<LoadedThread> => loaded(thread(request)),
    loadedMessage: (request: FastifyRequest): Promise<LoadedMessage> => loaded(message(request)),
    loadedAttachment: (request: FastifyRequest): Promise<LoadedAttachment> => loaded(attachment(request)),
    /** The department I work in may be asked about (`chat.use`). */
    inMyDepartment: authorize(ctx, "chat.use", currentDepartment, { notFound: "no_department" }),
    /** The thread of the path is one I may read, of a kind switched on. */
    readThread: [authorize(ctx, "thread.read", thread, { notFound: "thread_not_found" }), kindOn(thread)],
    /** The thread of the message of the path is one I may read; else the message is not there. */
    readMessage: [
      authorize(ctx, "thread.read", threadOfMessage, { notFound: "message_not_found" }),
      kindOn(threadOfMessage),
    ],
    kindOn,
  };
}

export function chatViewerOf(ctx: AppContext, request: FastifyRequest): ChatViewer {
  return {
    ...viewerOf(ctx, request),
    features: ctx.brand.features,
    fileUrlSecret: ctx.fileUrlSecret,
  };
}

/** My active departments: where my direct threads may be. */
export function activeDeptIds(request: FastifyRequest): string[] {
  return signedIn(request)
    .actor.memberships.filter((m) => m.isActive)
    .map((m) => m.deptId);
}
