/**
 * The working-time API (common/schemas/work.ts), under the department's path:
 * 'Arbeidstidsregler', 'Kompetanse', and a staff member's contract and competences.
 * All of it is the department's leaders' and the admins' (server/policies/work.ts).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { okResponse } from "../../../common/schemas/errors.ts";
import {
  competenceDto,
  competenceInput,
  competenceList,
  competenceParams,
  staffWorkDto,
  staffWorkInput,
  staffWorkParams,
  workDeptParams,
  workRulesDto,
  workRulesInput,
} from "../../../common/schemas/work.ts";
import { recordAccess } from "../../platform/access-log.ts";
import type { AppContext } from "../../platform/context.ts";
import { authenticate, signedIn } from "../../platform/pipeline.ts";
import { workLoaders } from "./access.ts";
import {
  createCompetence,
  deleteCompetence,
  listCompetences,
  readStaffWork,
  readWorkRules,
  renameCompetence,
  saveStaffWork,
  saveWorkRules,
} from "./service.ts";

const tags = ["work"];
const base = "/api/departments/:deptId";

export function workRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const load = workLoaders(ctx);
  const preValidation = [authenticate(ctx)];
  const me = (request: FastifyRequest) => ({ userId: signedIn(request).actor.userId });
  const rules = (deptId: string) => readWorkRules(ctx.db, ctx.config.minRestHours, deptId);

  r.get(
    `${base}/work-rules`,
    {
      schema: { tags, params: workDeptParams, response: { 200: workRulesDto } },
      config: { action: "workRules.read" },
      preValidation,
      preHandler: load.rules,
    },
    async (request) => rules(request.params.deptId),
  );

  r.put(
    `${base}/work-rules`,
    {
      schema: { tags, params: workDeptParams, body: workRulesInput, response: { 200: workRulesDto } },
      config: { action: "workRules.edit" },
      preValidation,
      preHandler: load.editRules,
    },
    async (request) => {
      await saveWorkRules(ctx, me(request), request.params.deptId, request.body);
      return rules(request.params.deptId);
    },
  );

  r.get(
    `${base}/competences`,
    {
      schema: { tags, params: workDeptParams, response: { 200: competenceList } },
      config: { action: "competence.list" },
      preValidation,
      preHandler: load.list,
    },
    async (request) => ({ competences: await listCompetences(ctx.db, request.params.deptId) }),
  );

  r.post(
    `${base}/competences`,
    {
      schema: { tags, params: workDeptParams, body: competenceInput, response: { 201: competenceDto } },
      config: { action: "competence.create" },
      preValidation,
      preHandler: load.create,
    },
    async (request, reply) =>
      reply.status(201).send(await createCompetence(ctx, me(request), request.params.deptId, request.body)),
  );

  r.patch(
    `${base}/competences/:competenceId`,
    {
      schema: { tags, params: competenceParams, body: competenceInput, response: { 200: competenceDto } },
      config: { action: "competence.rename" },
      preValidation,
      preHandler: load.rename,
    },
    async (request) => renameCompetence(ctx, me(request), await load.competence(request), request.body),
  );

  r.delete(
    `${base}/competences/:competenceId`,
    {
      schema: { tags, params: competenceParams, response: { 200: okResponse } },
      config: { action: "competence.delete" },
      preValidation,
      preHandler: load.delete,
    },
    async (request) => {
      await deleteCompetence(ctx, me(request), await load.competence(request));
      return { ok: true as const };
    },
  );

  r.get(
    `${base}/staff/:userId/work`,
    {
      schema: { tags, params: staffWorkParams, response: { 200: staffWorkDto } },
      config: { action: "staffWork.read" },
      preValidation,
      preHandler: load.staffWork,
    },
    async (request) => {
      const { deptId, userId } = request.params;
      const work = await readStaffWork(ctx.db, deptId, userId);
      await recordAccess(ctx.db, { actorId: me(request).userId, subjectId: userId, action: "record.view" });
      return work;
    },
  );

  r.put(
    `${base}/staff/:userId/work`,
    {
      schema: { tags, params: staffWorkParams, body: staffWorkInput, response: { 200: staffWorkDto } },
      config: { action: "staffWork.edit" },
      preValidation,
      preHandler: load.editStaffWork,
    },
    async (request) => {
      const { deptId, userId } = request.params;
      await saveStaffWork(ctx, me(request), deptId, userId, request.body);
      return readStaffWork(ctx.db, deptId, userId);
    },
  );
}
