import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { okResponse } from "../../../common/schemas/errors.ts";
import { departmentPresence as departmentPresenceResponse } from "../../../common/schemas/presence.ts";
import type { AppContext } from "../../platform/context.ts";
import { authenticate, authorize, signedIn } from "../../platform/pipeline.ts";
import { departmentPresence, heartbeat } from "./service.ts";

const tags = ["presence"];
const deptParams = z.object({ deptId: z.uuid() });

export function presenceRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Sent by open, visible tabs every 30 s with `X-Activity: background`: not activity.
  r.post(
    "/api/presence/heartbeat",
    {
      schema: { tags, response: { 200: okResponse } },
      config: { action: "presence.heartbeat" },
      preValidation: [authenticate(ctx)],
      preHandler: [authorize(ctx, "presence.heartbeat", () => ({ type: "app" }))],
    },
    async (request) => {
      await heartbeat(ctx, signedIn(request).session.userId);
      return { ok: true as const };
    },
  );

  r.get(
    "/api/departments/:deptId/presence",
    {
      schema: { tags, params: deptParams, response: { 200: departmentPresenceResponse } },
      config: { action: "department.read" },
      preValidation: [authenticate(ctx)],
      preHandler: [
        authorize(ctx, "department.read", (req) => ({
          type: "department",
          id: (req.params as z.infer<typeof deptParams>).deptId,
        })),
      ],
    },
    async (request) => ({
      presence: await departmentPresence(ctx.db, request.params.deptId, ctx.clock.now()),
    }),
  );
}
