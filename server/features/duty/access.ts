/**
 * What the duty routes authorize with: the department of the path, and the role of the
 * path with who holds it now and who is on the block under way, read once per request.
 * A role of another department, or one that is not there, answers 404.
 */
import { and, eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { dutyRoles } from "../../db/schema.ts";
import type { AppContext } from "../../platform/context.ts";
import { authorize, oncePerRequest } from "../../platform/pipeline.ts";
import { dutyNow } from "../../platform/roster.ts";
import type { DepartmentResource, DutyRoleResource } from "../../policies/resources.ts";
import { departmentExists, roleResource } from "./read.ts";

const paramsOf = (request: FastifyRequest) => request.params as { deptId: string; roleId?: string };

export type DutyLoaders = ReturnType<typeof dutyLoaders>;

export function dutyLoaders(ctx: AppContext) {
  const dept = oncePerRequest(async (request): Promise<DepartmentResource | null> => {
    const { deptId } = paramsOf(request);
    return (await departmentExists(ctx.db, deptId)) ? { type: "department", id: deptId } : null;
  });
  const role = oncePerRequest(async (request): Promise<DutyRoleResource | null> => {
    const { deptId, roleId } = paramsOf(request);
    const [row] = await ctx.db
      .select({ id: dutyRoles.id, deptId: dutyRoles.deptId })
      .from(dutyRoles)
      .where(and(eq(dutyRoles.id, roleId!), eq(dutyRoles.deptId, deptId)));
    return row ? roleResource(row, await dutyNow(ctx.db, row.deptId, ctx.clock.now())) : null;
  });
  const inDept = authorize(ctx, "duty.read", dept, { notFound: "department_not_found" });
  const readRole = authorize(ctx, "dutyRole.read", role, { notFound: "duty_role_not_found" });
  const onRole = (
    action: "dutyRole.rename" | "dutyRole.delete" | "dutyRole.assign" | "dutyRole.handOver",
  ) => [readRole, authorize(ctx, action, role)];
  return {
    /** the role as loaded for this request (after its authorize steps) */
    role: async (request: FastifyRequest) => (await role(request))!,
    read: [inDept],
    grid: [inDept, authorize(ctx, "duty.grid", dept)],
    create: [inDept, authorize(ctx, "dutyRole.create", dept)],
    rename: onRole("dutyRole.rename"),
    delete: onRole("dutyRole.delete"),
    assign: onRole("dutyRole.assign"),
    take: [readRole, authorize(ctx, "dutyRole.take", role, { refusal: "duty_not_on_block" })],
    handOver: onRole("dutyRole.handOver"),
  };
}
