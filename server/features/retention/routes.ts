/**
 * 'Oppbevaring' (common/schemas/retention.ts) under the admin's departments: admins
 * read and save a department's rules; a department that does not exist answers 404,
 * anyone else 403 (policies/retention.ts).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  retentionParams,
  retentionRulesDto,
  retentionRulesInput,
} from "../../../common/schemas/retention.ts";
import type { AppContext } from "../../platform/context.ts";
import { authenticate, authorize, signedIn } from "../../platform/pipeline.ts";
import { departmentExists, readRetention, saveRetention } from "./service.ts";

const tags = ["retention"];
const path = "/api/admin/departments/:deptId/retention";

export function retentionRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const department = async (request: FastifyRequest) => {
    const { deptId } = request.params as { deptId: string };
    return (await departmentExists(ctx.db, deptId)) ? { type: "department" as const, id: deptId } : null;
  };
  const rule = (action: "retention.read" | "retention.edit") =>
    authorize(ctx, action, department, { notFound: "department_not_found" });

  r.get(
    path,
    {
      schema: { tags, params: retentionParams, response: { 200: retentionRulesDto } },
      config: { action: "retention.read" },
      preValidation: [authenticate(ctx)],
      preHandler: [rule("retention.read")],
    },
    async (request) => readRetention(ctx.db, request.params.deptId),
  );

  r.put(
    path,
    {
      schema: {
        tags,
        params: retentionParams,
        body: retentionRulesInput,
        response: { 200: retentionRulesDto },
      },
      config: { action: "retention.edit" },
      preValidation: [authenticate(ctx)],
      preHandler: [rule("retention.edit")],
    },
    async (request) => saveRetention(ctx, signedIn(request).actor, request.params.deptId, request.body),
  );
}
