/**
 * Chat files (flag `chatAttachments`): uploading one into a thread I may write in, and
 * fetching one through a link signed for me. The link is checked after the policy, so a
 * file I may not read is not there (404) whatever link I hold, and a link that is
 * expired or altered is refused (403).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { chatUploadMaxBytes, isImageKind } from "../../../common/domain/attachments.ts";
import { attachmentDto, attachmentParams, fileQuery, threadParams } from "../../../common/schemas/chat.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { authenticate, authorize, requireFeature, signedIn } from "../../platform/pipeline.ts";
import { verifyFileUrl } from "../../platform/signed-urls.ts";
import { filePart } from "../../platform/upload-inspect.ts";
import { uploadAttachment } from "./attachments.ts";
import { type ChatLoaders, chatViewerOf } from "./loaders.ts";

const tags = ["chat"];

export function attachmentRoutes(app: FastifyInstance, ctx: AppContext, load: ChatLoaders) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const maxBytes = chatUploadMaxBytes(ctx.brand.limits.maxUploadMB);

  r.post(
    "/api/chat/threads/:threadId/attachments",
    {
      schema: {
        tags,
        params: threadParams,
        consumes: ["multipart/form-data"],
        response: { 201: attachmentDto },
      },
      config: { action: "thread.write" },
      onRequest: [requireFeature(ctx, "chatAttachments")],
      preValidation: [authenticate(ctx)],
      preHandler: [
        authorize(ctx, "thread.write", load.thread, { notFound: "thread_not_found" }),
        load.kindOn(load.thread),
      ],
    },
    async (request, reply) => {
      const part = await filePart(request, maxBytes);
      const thread = await load.loadedThread(request);
      return reply.code(201).send(await uploadAttachment(ctx, chatViewerOf(ctx, request), thread.id, part));
    },
  );

  const threadOfAttachment = async (request: FastifyRequest) =>
    (await load.attachment(request))?.thread ?? null;

  r.get(
    "/api/chat/files/:attachmentId",
    {
      schema: { tags, params: attachmentParams, querystring: fileQuery },
      config: { action: "attachment.read" },
      onRequest: [requireFeature(ctx, "chatAttachments")],
      preValidation: [authenticate(ctx)],
      preHandler: [
        authorize(ctx, "attachment.read", load.attachment, { notFound: "file_not_found" }),
        load.kindOn(threadOfAttachment),
      ],
    },
    async (request, reply) => {
      const { row } = await load.loadedAttachment(request);
      const { variant, exp, sig } = request.query;
      const key = variant === "thumbnail" ? row.thumbnailKey : row.storageKey;
      if (!key) throw new AppError(404, "file_not_found");
      const check = verifyFileUrl(
        { key, exp, sig },
        signedIn(request).actor.userId,
        ctx.clock.now(),
        ctx.fileUrlSecret,
      );
      if (check !== "ok")
        throw new AppError(403, check === "expired" ? "file_link_expired" : "file_link_invalid");
      const stream = await ctx.files.get(key);
      if (!stream) throw new AppError(404, "file_not_found");
      const inline = variant === "thumbnail" || isImageKind(row.kind);
      return (
        reply
          .header("Content-Type", variant === "thumbnail" ? "image/webp" : row.mimeType)
          .header("X-Content-Type-Options", "nosniff")
          .header("Content-Disposition", `${inline ? "inline" : "attachment"}; filename="${row.name}"`)
          // Whatever a file holds, it runs nothing if opened directly.
          .header("Content-Security-Policy", "default-src 'none'; img-src 'self'; sandbox")
          // The link is the caller's for 600 s: the browser may keep the bytes that long, no one else.
          .header("Cache-Control", "private, max-age=600")
          .send(stream)
      );
    },
  );
}
