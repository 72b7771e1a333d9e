/**
 * Avatars and 'Min Profil': uploading and removing an avatar (my own, anyone's for
 * admins), serving avatars to those who may see them (policies/profile.ts), editing my
 * name and phone, and downloading my data.
 */
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { alertsSettingInput, alertsState } from "../../../common/schemas/alerts.ts";
import { sessionUser } from "../../../common/schemas/auth.ts";
import { avatarResponse, profileEditInput, userLimits, userParams } from "../../../common/schemas/users.ts";
import { profiles, staff, user } from "../../db/schema.ts";
import { avatarRoute } from "../../platform/avatars.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { authenticate, authorize, signedIn } from "../../platform/pipeline.ts";
import { sessionUserOf } from "../../platform/profiles.ts";
import { withTx } from "../../platform/tx.ts";
import { filePart } from "../../platform/upload-inspect.ts";
import type { UserResource } from "../../policies/resources.ts";
import { alertsOf, setQuietOffShift } from "./alerts.ts";
import { avatarFile, removeAvatar, replaceAvatar } from "./avatar.ts";
import { myData } from "./export.ts";
import { setName } from "./names.ts";

const tags = ["profile"];

/** The person the path names, with their records; null when there is no such person. */
async function target(ctx: AppContext, userId: string): Promise<UserResource | null> {
  const rows = await ctx.db
    .select({ id: user.id, deptId: staff.deptId, role: staff.role, isActive: staff.isActive })
    .from(user)
    .leftJoin(staff, eq(staff.userId, user.id))
    .where(eq(user.id, userId));
  if (rows.length === 0) return null;
  const memberships = rows.flatMap((r) =>
    r.deptId && r.role ? [{ deptId: r.deptId, role: r.role, isActive: !!r.isActive }] : [],
  );
  return { type: "user", id: userId, memberships };
}

const pathUser = (ctx: AppContext) => (request: FastifyRequest) =>
  target(ctx, (request.params as { userId: string }).userId);
const me = (ctx: AppContext) => (request: FastifyRequest) => target(ctx, signedIn(request).actor.userId);

/** Signed out: the avatar form's own message rather than the general one. */
function authenticateForAvatar(ctx: AppContext): preValidationHookHandler {
  const step = authenticate(ctx);
  return async function (request, reply) {
    try {
      await step.call(this, request, reply, () => {});
    } catch (err) {
      if (err instanceof AppError && err.status === 401) throw new AppError(401, "avatar_not_signed_in");
      throw err;
    }
  };
}

export function profileRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const avatarOf = authorize(ctx, "user.avatar", pathUser(ctx), { notFound: "avatar_user_missing" });

  r.put(
    "/api/users/:userId/avatar",
    {
      schema: {
        tags,
        params: userParams,
        consumes: ["multipart/form-data"],
        response: { 200: avatarResponse },
      },
      config: { action: "user.avatar" },
      preValidation: [authenticateForAvatar(ctx)],
      preHandler: [avatarOf],
    },
    async (request) => {
      const part = await filePart(request, userLimits.avatarMaxBytes);
      const avatarUrl = await replaceAvatar(ctx, signedIn(request).actor.userId, request.params.userId, part);
      return { avatarUrl };
    },
  );

  r.delete(
    "/api/users/:userId/avatar",
    {
      schema: { tags, params: userParams, response: { 200: avatarResponse } },
      config: { action: "user.avatar" },
      preValidation: [authenticateForAvatar(ctx)],
      preHandler: [avatarOf],
    },
    async (request) => {
      await removeAvatar(ctx, signedIn(request).actor.userId, request.params.userId);
      return { avatarUrl: null };
    },
  );

  // Versioned addresses (`?v=`): the bytes under one never change, so browsers keep them;
  // `private`, for whether one may see them depends on who asks.
  r.get(
    `${avatarRoute}/:userId`,
    {
      schema: { tags, params: userParams },
      config: { action: "avatar.read" },
      preValidation: [authenticate(ctx)],
      preHandler: [authorize(ctx, "avatar.read", pathUser(ctx), { notFound: "avatar_not_found" })],
    },
    async (request, reply) => {
      const stream = await avatarFile(ctx, request.params.userId);
      if (!stream) throw new AppError(404, "avatar_not_found");
      return reply
        .header("Content-Type", "image/webp")
        .header("X-Content-Type-Options", "nosniff")
        .header("Content-Security-Policy", "default-src 'none'; sandbox")
        .header("Cache-Control", "private, max-age=31536000, immutable")
        .send(stream);
    },
  );

  r.patch(
    "/api/profile",
    {
      schema: { tags, body: profileEditInput, response: { 200: sessionUser } },
      config: { action: "profile.edit" },
      preValidation: [authenticate(ctx)],
      preHandler: [authorize(ctx, "profile.edit", me(ctx))],
    },
    async (request) => {
      const userId = signedIn(request).actor.userId;
      const { firstName, lastName, phone } = request.body;
      await withTx(ctx, async (tx, events) => {
        await setName(tx, userId, firstName, lastName);
        await tx
          .update(profiles)
          .set({ phone: phone || null })
          .where(eq(profiles.userId, userId));
        events.publish(`user:${userId}`, "user.changed", { userId });
      });
      const person = await sessionUserOf(ctx.db, userId);
      if (!person) throw new AppError(404, "avatar_user_missing");
      return person;
    },
  );

  // 'Stille når jeg ikke er på vakt': the setting, and whether it silences now.
  r.get(
    "/api/me/alerts",
    {
      schema: { tags, response: { 200: alertsState } },
      config: { action: "profile.alerts" },
      preValidation: [authenticate(ctx)],
      preHandler: [authorize(ctx, "profile.alerts", me(ctx))],
    },
    async (request) => alertsOf(ctx.db, signedIn(request).actor, ctx.clock.now()),
  );

  r.put(
    "/api/me/alerts",
    {
      schema: { tags, body: alertsSettingInput, response: { 200: alertsState } },
      config: { action: "profile.edit" },
      preValidation: [authenticate(ctx)],
      preHandler: [authorize(ctx, "profile.edit", me(ctx))],
    },
    async (request) => {
      const { actor } = signedIn(request);
      await setQuietOffShift(ctx, actor.userId, request.body.quietOffShift);
      return alertsOf(ctx.db, actor, ctx.clock.now());
    },
  );

  r.get(
    "/api/profile/export",
    {
      schema: { tags },
      config: { action: "profile.export" },
      preValidation: [authenticate(ctx)],
      preHandler: [authorize(ctx, "profile.export", me(ctx))],
    },
    async (request, reply) => {
      const data = await myData(ctx.db, signedIn(request).actor.userId, ctx.clock.now());
      return reply
        .header("Content-Type", "application/json; charset=utf-8")
        .header("Content-Disposition", 'attachment; filename="mine-data.json"')
        .send(JSON.stringify(data, null, 2));
    },
  );
}
