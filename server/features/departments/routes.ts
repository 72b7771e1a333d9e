import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  currentDepartmentRequest,
  departmentList,
  joinDepartmentRequest,
  joinDepartmentResponse,
} from "../../../common/schemas/departments.ts";
import { okResponse } from "../../../common/schemas/errors.ts";
import type { AppContext } from "../../platform/context.ts";
import { authorize, requireSession } from "../../platform/http.ts";
import { ensureProfile } from "../auth/profiles.ts";
import { joinDepartment, listDepartments, setCurrentDepartment } from "./service.ts";

const tags = ["departments"];

export function departmentRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Names only: a person without a department needs the list to choose one.
  r.get("/api/departments", { schema: { tags, response: { 200: departmentList } } }, async (request) => {
    await requireSession(ctx, request);
    return { departments: await listDepartments(ctx.db) };
  });

  r.post(
    "/api/me/departments",
    {
      schema: {
        tags,
        body: joinDepartmentRequest,
        response: { 200: joinDepartmentResponse, 201: joinDepartmentResponse },
      },
    },
    async (request, reply) => {
      const { session } = await authorize(ctx, request, "department.join", { deptId: request.body.deptId });
      await ensureProfile(ctx.db, session.userId);
      const status = await joinDepartment(ctx.db, session.userId, request.body.deptId);
      return reply.status(status === "created" ? 201 : 200).send({ status });
    },
  );

  r.put(
    "/api/me/current-department",
    { schema: { tags, body: currentDepartmentRequest, response: { 200: okResponse } } },
    async (request) => {
      const { session } = await authorize(ctx, request, "department.switch", { deptId: request.body.deptId });
      await setCurrentDepartment(ctx.db, session.userId, request.body.deptId);
      return { ok: true as const };
    },
  );
}
