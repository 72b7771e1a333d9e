/**
 * The list screen and a shift's life: the tabs and their counts, the leaders' fairness
 * picture and everyone's own place in the queue, create, edit, delete, publish and
 * close. Lists are of my current department ('Mine tildelte': of every department I work
 * in). A shift one may not see answers exactly like a missing one.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  fairnessOverview as fairnessOverviewSchema,
  shiftCounts,
  shiftDto,
  shiftEditInput,
  shiftInput,
  shiftList,
  shiftListQuery,
  shiftParams,
} from "../../../common/schemas/shifts.ts";
import { myFairness as myFairnessSchema } from "../../../common/schemas/work.ts";
import type { AppContext } from "../../platform/context.ts";
import { forbidden } from "../../platform/errors.ts";
import { sendJsonText } from "../../platform/json-text.ts";
import { authenticate, requireFeature, signedIn } from "../../platform/pipeline.ts";
import { viewerOf } from "../../platform/viewer.ts";
import { may } from "../../policies/index.ts";
import { type ShiftLoaders, targetDeptId } from "./access.ts";
import { countShifts } from "./counts.ts";
import { fairnessOverview, myFairness } from "./fairness.ts";
import { closeShift, createShift, deleteShift, editShift, publishShift } from "./lifecycle.ts";
import type { Notices } from "./notify.ts";
import { listShifts, openShiftsCache, openShiftsJson, presentShift } from "./present.ts";

export const tags = ["shifts"];

/** The department the route authorized (`inMyDepartment` and its likes). */
const myDeptId = (request: FastifyRequest) => signedIn(request).actor.currentDeptId!;

export function shiftRoutes(app: FastifyInstance, ctx: AppContext, load: ShiftLoaders, notices: Notices) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = [requireFeature(ctx, "shifts")];
  const preValidation = [authenticate(ctx)];
  const openShifts = openShiftsCache(ctx.bus, ctx.config.readCacheSeconds * 1000);
  const present = (request: FastifyRequest, shiftId: string) =>
    presentShift(ctx.db, viewerOf(ctx, request), shiftId);
  /** Whether I see my current department's drafts (the tab, its count). */
  const seesDrafts = (request: FastifyRequest) =>
    may(
      signedIn(request).actor,
      "shift.listDrafts",
      { type: "department", id: myDeptId(request) },
      ctx.policyEnv,
    );

  r.get(
    "/api/shifts",
    {
      schema: { tags, querystring: shiftListQuery, response: { 200: shiftList } },
      config: { action: "shift.list" },
      onRequest,
      preValidation,
      preHandler: [load.inMyDepartment],
    },
    async (request, reply) => {
      const { view } = request.query;
      const me = viewerOf(ctx, request);
      if (view === "open")
        return sendJsonText(
          reply,
          shiftList,
          await openShiftsJson(ctx.db, me, myDeptId(request), openShifts),
        );
      // Drafts and the department's 'Tildelt' are the admin page's, for its leaders.
      if ((view === "drafts" || view === "filled") && !seesDrafts(request))
        throw forbidden("shift_manage_refused");
      return { shifts: await listShifts(ctx.db, me, view, myDeptId(request)) };
    },
  );

  r.get(
    "/api/shifts/counts",
    {
      schema: { tags, response: { 200: shiftCounts } },
      config: { action: "shift.list" },
      onRequest,
      preValidation,
      preHandler: [load.inMyDepartment],
    },
    async (request) => countShifts(ctx.db, viewerOf(ctx, request), myDeptId(request), seesDrafts(request)),
  );

  r.get(
    "/api/shifts/fairness",
    {
      schema: { tags, response: { 200: fairnessOverviewSchema } },
      config: { action: "shift.fairness" },
      onRequest,
      preValidation,
      preHandler: [load.fairnessHere],
    },
    async (request) => fairnessOverview(ctx.db, myDeptId(request), ctx.clock.now()),
  );

  // 'Din plass i køen' on 'Mine vakter'.
  r.get(
    "/api/shifts/fairness/me",
    {
      schema: { tags, response: { 200: myFairnessSchema } },
      config: { action: "shift.fairnessMine" },
      onRequest,
      preValidation,
      preHandler: [load.fairnessMineHere],
    },
    async (request) => myFairness(ctx.db, myDeptId(request), signedIn(request).actor.userId, ctx.clock.now()),
  );

  // 'Ny ekstravakt': a draft.
  r.post(
    "/api/shifts",
    {
      schema: { tags, body: shiftInput, response: { 201: shiftDto } },
      config: { action: "shift.create" },
      onRequest,
      preValidation,
      preHandler: [load.createIn],
    },
    async (request, reply) => {
      const { actor } = signedIn(request);
      const deptId = targetDeptId(actor, request.body)!;
      const id = await createShift(ctx, actor.userId, deptId, request.body);
      return reply.status(201).send(await present(request, id));
    },
  );

  r.patch(
    "/api/shifts/:shiftId",
    {
      schema: { tags, params: shiftParams, body: shiftEditInput, response: { 200: shiftDto } },
      config: { action: "shift.manage" },
      onRequest,
      preValidation,
      preHandler: load.manageShift,
    },
    async (request) => {
      await editShift(ctx, (await load.loadedShift(request)).row, request.body);
      return present(request, request.params.shiftId);
    },
  );

  r.delete(
    "/api/shifts/:shiftId",
    {
      schema: { tags, params: shiftParams, response: { 204: z.null() } },
      config: { action: "shift.manage" },
      onRequest,
      preValidation,
      preHandler: load.manageShift,
    },
    async (request, reply) => {
      await deleteShift(ctx, (await load.loadedShift(request)).row);
      return reply.status(204).send(null);
    },
  );

  r.post(
    "/api/shifts/:shiftId/publish",
    {
      schema: { tags, params: shiftParams, response: { 200: shiftDto } },
      config: { action: "shift.manage" },
      onRequest,
      preValidation,
      preHandler: load.manageShift,
    },
    async (request) => {
      await publishShift(
        ctx,
        notices.notifyAfterCommit,
        signedIn(request).actor.userId,
        request.params.shiftId,
      );
      return present(request, request.params.shiftId);
    },
  );

  // 'Steng'
  r.post(
    "/api/shifts/:shiftId/close",
    {
      schema: { tags, params: shiftParams, response: { 200: shiftDto } },
      config: { action: "shift.manage" },
      onRequest,
      preValidation,
      preHandler: load.manageShift,
    },
    async (request) => {
      await closeShift(ctx, request.params.shiftId);
      return present(request, request.params.shiftId);
    },
  );
}
