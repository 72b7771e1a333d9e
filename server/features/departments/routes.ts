import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  colleagueList,
  currentDepartmentRequest,
  departmentList,
  departmentParams,
  joinDepartmentRequest,
  joinDepartmentResponse,
} from "../../../common/schemas/departments.ts";
import { okResponse } from "../../../common/schemas/errors.ts";
import type { AppContext } from "../../platform/context.ts";
import { authenticate, authorize, signedIn, validBody } from "../../platform/pipeline.ts";
import { ensureProfile } from "../../platform/profiles.ts";
import { listColleagues } from "./colleagues.ts";
import { departmentExists, joinDepartment, listDepartments, setCurrentDepartment } from "./service.ts";

const tags = ["departments"];
const department = (id: string) => ({ type: "department" as const, id });

export function departmentRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Names only: a person without a department needs the list to choose one.
  r.get(
    "/api/departments",
    {
      schema: { tags, response: { 200: departmentList } },
      config: { action: "department.list" },
      preValidation: [authenticate(ctx)],
      preHandler: [authorize(ctx, "department.list", () => ({ type: "app" }))],
    },
    async () => ({ departments: await listDepartments(ctx.db) }),
  );

  // list_staff_in_department. Departments are no secret (they are listed by name), so
  // one the person may not read is refused with 403, not hidden.
  r.get(
    "/api/departments/:deptId/staff",
    {
      schema: { tags, params: departmentParams, response: { 200: colleagueList } },
      config: { action: "department.read" },
      preValidation: [authenticate(ctx)],
      preHandler: [
        authorize(
          ctx,
          "department.read",
          async (req) => {
            const { deptId } = req.params as { deptId: string };
            return (await departmentExists(ctx.db, deptId)) ? department(deptId) : null;
          },
          { notFound: "department_not_found" },
        ),
      ],
    },
    async (request) => ({ staff: await listColleagues(ctx.db, request.params.deptId) }),
  );

  r.post(
    "/api/me/departments",
    {
      schema: {
        tags,
        body: joinDepartmentRequest,
        response: { 200: joinDepartmentResponse, 201: joinDepartmentResponse },
      },
      config: { action: "department.join" },
      preValidation: [authenticate(ctx)],
      preHandler: [
        authorize(ctx, "department.join", (req) => department(validBody(req, joinDepartmentRequest).deptId), {
          refusal: "department_join_refused",
        }),
      ],
    },
    async (request, reply) => {
      const { session } = signedIn(request);
      await ensureProfile(ctx.db, session.userId);
      const status = await joinDepartment(ctx, session.userId, request.body.deptId);
      return reply.status(status === "created" ? 201 : 200).send({ status });
    },
  );

  r.put(
    "/api/me/current-department",
    {
      schema: { tags, body: currentDepartmentRequest, response: { 200: okResponse } },
      config: { action: "department.switch" },
      preValidation: [authenticate(ctx)],
      preHandler: [
        authorize(ctx, "department.switch", (req) =>
          department(validBody(req, currentDepartmentRequest).deptId),
        ),
      ],
    },
    async (request) => {
      await setCurrentDepartment(ctx, signedIn(request).session.userId, request.body.deptId);
      return { ok: true as const };
    },
  );
}
