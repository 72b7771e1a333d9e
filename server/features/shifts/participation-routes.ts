/**
 * Taking part: what the working-time rules say of me taking a shift, interest and its
 * withdrawal, the automatic assignment, and what it decided (the outcome dialog, 'Se
 * full audit'). Whether the shift still takes interest
 * or an assignment is the service's answer (409 with the reason), so nobody meets a
 * bare refusal for pressing a button a moment too late.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  assignmentAudit,
  assignmentOutcome,
  assignmentPreview,
  assignResponse,
  interestResponse,
  shiftParams,
} from "../../../common/schemas/shifts.ts";
import { takeCheckDto } from "../../../common/schemas/work.ts";
import type { AppContext } from "../../platform/context.ts";
import { authenticate, requireFeature, signedIn } from "../../platform/pipeline.ts";
import type { ShiftLoaders } from "./access.ts";
import { assignShift } from "./allocation.ts";
import { takeCheck } from "./eligibility.ts";
import { setInterest } from "./interest.ts";
import type { Notices } from "./notify.ts";
import { auditOf, outcomeFor } from "./outcome.ts";
import { previewAssignment } from "./preview.ts";
import { tags } from "./routes.ts";

export function participationRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  load: ShiftLoaders,
  notices: Notices,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = [requireFeature(ctx, "shifts")];
  const preValidation = [authenticate(ctx)];
  const me = (request: FastifyRequest) => signedIn(request).actor.userId;

  // Before 'Jeg er interessert': what the working-time rules say of me taking it.
  r.get(
    "/api/shifts/:shiftId/eligibility",
    {
      schema: { tags, params: shiftParams, response: { 200: takeCheckDto } },
      config: { action: "shift.participate" },
      onRequest,
      preValidation,
      preHandler: load.participate,
    },
    async (request) =>
      takeCheck(ctx.db, (await load.loadedShift(request)).row, me(request), ctx.config.minRestHours),
  );

  // 'Jeg er interessert' (refused when the working-time rules would refuse me the shift)
  r.post(
    "/api/shifts/:shiftId/interest",
    {
      schema: { tags, params: shiftParams, response: { 200: interestResponse } },
      config: { action: "shift.participate" },
      onRequest,
      preValidation,
      preHandler: load.participate,
    },
    async (request) => setInterest(ctx, me(request), request.params.shiftId, true),
  );

  r.delete(
    "/api/shifts/:shiftId/interest",
    {
      schema: { tags, params: shiftParams, response: { 200: interestResponse } },
      config: { action: "shift.participate" },
      onRequest,
      preValidation,
      preHandler: load.participate,
    },
    async (request) => setInterest(ctx, me(request), request.params.shiftId, false),
  );

  // 'Tildel automatisk'
  r.post(
    "/api/shifts/:shiftId/assign",
    {
      schema: { tags, params: shiftParams, response: { 200: assignResponse } },
      config: { action: "shift.manage" },
      onRequest,
      preValidation,
      preHandler: load.manageShift,
    },
    async (request) => assignShift(ctx, notices, me(request), request.params.shiftId),
  );

  // 'Tildel automatisk' asks first: who is interested, who could be given it, the rule.
  r.get(
    "/api/shifts/:shiftId/assignment-preview",
    {
      schema: { tags, params: shiftParams, response: { 200: assignmentPreview } },
      config: { action: "shift.manage" },
      onRequest,
      preValidation,
      preHandler: load.manageShift,
    },
    async (request) =>
      previewAssignment(
        ctx.db,
        (await load.loadedShift(request)).row,
        ctx.clock.now(),
        ctx.config.minRestHours,
      ),
  );

  r.get(
    "/api/shifts/:shiftId/outcome",
    {
      schema: { tags, params: shiftParams, response: { 200: assignmentOutcome } },
      config: { action: "shift.viewOutcome" },
      onRequest,
      preValidation,
      preHandler: load.viewOutcome,
    },
    async (request) => outcomeFor(ctx.db, me(request), request.params.shiftId),
  );

  // 'Se full audit'
  r.get(
    "/api/shifts/:shiftId/audit",
    {
      schema: { tags, params: shiftParams, response: { 200: assignmentAudit } },
      config: { action: "shift.viewOutcome" },
      onRequest,
      preValidation,
      preHandler: load.viewOutcome,
    },
    async (request) => auditOf(ctx.db, request.params.shiftId),
  );
}
