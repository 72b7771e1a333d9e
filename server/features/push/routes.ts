/**
 * Push on my devices (issue 27): the state 'Min profil' shows (the key to subscribe
 * with, my devices, 'Vis innhold i varsler'), subscribing this device, removing one, and
 * the preview choice. Each is the signed-in person's own (policies/push.ts).
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  pushDevice,
  pushPreferenceInput,
  pushState,
  pushSubscriptionInput,
} from "../../../common/schemas/push.ts";
import type { AppContext } from "../../platform/context.ts";
import { notFound } from "../../platform/errors.ts";
import { authenticate, authorize, rateLimit, type SignedIn, signedIn } from "../../platform/pipeline.ts";
import { browserLabel } from "./browser-label.ts";
import { ownerOfDevice, pushStateOf, removeDevice, setShowContent, subscribeDevice } from "./devices.ts";
import { pushRuntime } from "./runtime.ts";

const tags = ["push"];
const deviceParams = z.object({ deviceId: z.uuid() });

/** The person asking, whose devices these are. */
const me = (_request: unknown, actor: SignedIn["actor"]) => ({
  type: "user" as const,
  id: actor.userId,
  memberships: actor.memberships,
});

export function pushRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const stateOf = async (userId: string) =>
    pushStateOf(ctx.db, userId, (await pushRuntime(ctx).vapid()).publicKey);

  r.get(
    "/api/push",
    {
      schema: { tags, response: { 200: pushState } },
      config: { action: "push.read" },
      preValidation: [authenticate(ctx)],
      preHandler: [authorize(ctx, "push.read", me)],
    },
    async (request) => stateOf(signedIn(request).actor.userId),
  );

  // Rate limited: each call may write a row, and a page stuck in a loop must not fill the table.
  r.post(
    "/api/push/subscriptions",
    {
      schema: { tags, body: pushSubscriptionInput, response: { 200: pushDevice, 201: pushDevice } },
      config: { action: "push.subscribe" },
      preValidation: [rateLimit(ctx, "push-subscribe"), authenticate(ctx)],
      preHandler: [authorize(ctx, "push.subscribe", me)],
    },
    async (request, reply) => {
      const browser = browserLabel(request.headers["user-agent"]);
      const { device, created } = await subscribeDevice(
        ctx,
        signedIn(request).actor.userId,
        request.body,
        browser,
      );
      return reply.status(created ? 201 : 200).send(device);
    },
  );

  // Someone else's device is not there (404), as an unknown one.
  r.delete(
    "/api/push/subscriptions/:deviceId",
    {
      schema: { tags, params: deviceParams, response: { 204: z.null() } },
      config: { action: "push.remove" },
      preValidation: [authenticate(ctx)],
      preHandler: [
        authorize(
          ctx,
          "push.remove",
          async (request) => {
            const owner = await ownerOfDevice(ctx.db, (request.params as { deviceId: string }).deviceId);
            return owner ? { type: "user" as const, id: owner, memberships: [] } : null;
          },
          { notFound: "push_device_not_found" },
        ),
      ],
    },
    async (request, reply) => {
      if (!(await removeDevice(ctx.db, signedIn(request).actor.userId, request.params.deviceId)))
        throw notFound("push_device_not_found");
      return reply.status(204).send(null);
    },
  );

  r.put(
    "/api/push/preference",
    {
      schema: { tags, body: pushPreferenceInput, response: { 200: pushState } },
      config: { action: "push.preference" },
      preValidation: [authenticate(ctx)],
      preHandler: [authorize(ctx, "push.preference", me)],
    },
    async (request) => {
      const { userId } = signedIn(request).actor;
      await setShowContent(ctx.db, userId, request.body.showContent);
      return stateOf(userId);
    },
  );
}
