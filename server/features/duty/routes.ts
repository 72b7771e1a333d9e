/**
 * The duty roles' API ('Vaktroller', common/schemas/duty.ts), under the department's
 * path. Reading the roles and their holders now is the department's; the grid and the
 * role writes its leaders' and admins'; taking and handing over is for those on the
 * block under way. Another department's roles answer like missing ones.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  dutyDeptParams,
  dutyGridDto,
  dutyHandOverInput,
  dutyHolderInput,
  dutyNowDto,
  dutyRoleDto,
  dutyRoleInput,
  dutyRoleParams,
} from "../../../common/schemas/duty.ts";
import { okResponse } from "../../../common/schemas/errors.ts";
import type { AppContext } from "../../platform/context.ts";
import { authenticate, signedIn } from "../../platform/pipeline.ts";
import { viewerOf } from "../../platform/viewer.ts";
import { dutyLoaders } from "./access.ts";
import { presentDutyNow, presentGrid } from "./read.ts";
import { assignHolder, createRole, deleteRole, handOverRole, renameRole, takeRole } from "./service.ts";

const tags = ["duty"];
const base = "/api/departments/:deptId/duty";

export function dutyRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const load = dutyLoaders(ctx);
  const preValidation = [authenticate(ctx)];
  const me = (request: FastifyRequest) => ({ userId: signedIn(request).actor.userId });
  const now = (request: FastifyRequest, deptId: string) =>
    presentDutyNow(ctx.db, viewerOf(ctx, request), deptId);

  r.get(
    base,
    {
      schema: { tags, params: dutyDeptParams, response: { 200: dutyNowDto } },
      config: { action: "duty.read" },
      preValidation,
      preHandler: load.read,
    },
    async (request) => now(request, request.params.deptId),
  );

  r.get(
    `${base}/grid`,
    {
      schema: { tags, params: dutyDeptParams, response: { 200: dutyGridDto } },
      config: { action: "duty.grid" },
      preValidation,
      preHandler: load.grid,
    },
    async (request) => presentGrid(ctx.db, request.params.deptId, ctx.clock.now()),
  );

  r.post(
    `${base}/roles`,
    {
      schema: { tags, params: dutyDeptParams, body: dutyRoleInput, response: { 201: dutyRoleDto } },
      config: { action: "dutyRole.create" },
      preValidation,
      preHandler: load.create,
    },
    async (request, reply) =>
      reply.status(201).send(await createRole(ctx, me(request), request.params.deptId, request.body)),
  );

  r.patch(
    `${base}/roles/:roleId`,
    {
      schema: { tags, params: dutyRoleParams, body: dutyRoleInput, response: { 200: dutyRoleDto } },
      config: { action: "dutyRole.rename" },
      preValidation,
      preHandler: load.rename,
    },
    async (request) => renameRole(ctx, me(request), await load.role(request), request.body),
  );

  r.delete(
    `${base}/roles/:roleId`,
    {
      schema: { tags, params: dutyRoleParams, response: { 200: okResponse } },
      config: { action: "dutyRole.delete" },
      preValidation,
      preHandler: load.delete,
    },
    async (request) => {
      await deleteRole(ctx, me(request), await load.role(request));
      return { ok: true as const };
    },
  );

  r.put(
    `${base}/roles/:roleId/holder`,
    {
      schema: { tags, params: dutyRoleParams, body: dutyHolderInput, response: { 200: okResponse } },
      config: { action: "dutyRole.assign" },
      preValidation,
      preHandler: load.assign,
    },
    async (request) => {
      await assignHolder(ctx, me(request), await load.role(request), request.body);
      return { ok: true as const };
    },
  );

  r.post(
    `${base}/roles/:roleId/take`,
    {
      schema: { tags, params: dutyRoleParams, response: { 200: dutyNowDto } },
      config: { action: "dutyRole.take" },
      preValidation,
      preHandler: load.take,
    },
    async (request) => {
      await takeRole(ctx, me(request), await load.role(request));
      return now(request, request.params.deptId);
    },
  );

  r.post(
    `${base}/roles/:roleId/handover`,
    {
      schema: { tags, params: dutyRoleParams, body: dutyHandOverInput, response: { 200: dutyNowDto } },
      config: { action: "dutyRole.handOver" },
      preValidation,
      preHandler: load.handOver,
    },
    async (request) => {
      await handOverRole(ctx, me(request), await load.role(request), request.body.userId);
      return now(request, request.params.deptId);
    },
  );
}
