/**
 * What the working-time routes authorize with: the department of the path (another
 * department's answers 404 first), the competence the path names (another
 * department's answers like a missing one), and for a staff member's contract, their
 * record in the department, read only once the caller may see such records.
 */
import { and, eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { competences, departments } from "../../db/schema.ts";
import type { AppContext } from "../../platform/context.ts";
import { notFound } from "../../platform/errors.ts";
import { authorize, oncePerRequest } from "../../platform/pipeline.ts";
import type { CompetenceResource, DepartmentResource } from "../../policies/resources.ts";
import { staffRecordId } from "./service.ts";

const paramsOf = (request: FastifyRequest) =>
  request.params as { deptId: string; competenceId?: string; userId?: string };

type DeptAction =
  | "workRules.read"
  | "workRules.edit"
  | "competence.list"
  | "competence.create"
  | "staffWork.read"
  | "staffWork.edit";

export function workLoaders(ctx: AppContext) {
  const dept = oncePerRequest(async (request): Promise<DepartmentResource | null> => {
    const { deptId } = paramsOf(request);
    const [row] = await ctx.db
      .select({ id: departments.id })
      .from(departments)
      .where(eq(departments.id, deptId));
    return row ? { type: "department", id: row.id } : null;
  });
  const competence = oncePerRequest(async (request): Promise<CompetenceResource | null> => {
    const { deptId, competenceId } = paramsOf(request);
    const [row] = await ctx.db
      .select({ id: competences.id, deptId: competences.deptId })
      .from(competences)
      .where(and(eq(competences.id, competenceId!), eq(competences.deptId, deptId)));
    return row ? { type: "competence", ...row } : null;
  });
  const inDept = authorize(ctx, "work.department", dept, { notFound: "department_not_found" });
  const onDept = (action: DeptAction) => [inDept, authorize(ctx, action, dept)];
  const readCompetence = authorize(ctx, "competence.read", competence, { notFound: "competence_not_found" });
  /** The person's record in the department; none answers 404. */
  const hasRecord = async (request: FastifyRequest) => {
    const { deptId, userId } = paramsOf(request);
    if (!(await staffRecordId(ctx.db, deptId, userId!))) throw notFound("staff_record_not_found");
  };
  return {
    /** the competence as loaded for this request (after its authorize steps) */
    competence: async (request: FastifyRequest) => (await competence(request))!,
    rules: onDept("workRules.read"),
    editRules: onDept("workRules.edit"),
    list: onDept("competence.list"),
    create: onDept("competence.create"),
    rename: [readCompetence, authorize(ctx, "competence.rename", competence)],
    delete: [readCompetence, authorize(ctx, "competence.delete", competence)],
    staffWork: [...onDept("staffWork.read"), hasRecord],
    editStaffWork: [...onDept("staffWork.edit"), hasRecord],
  };
}
