/**
 * The admin API of /admin/users (common/schemas/users.ts): people, the audit log and
 * departments. Admins do everything; leaders list their departments' people and
 * deactivate or reactivate staff there; everyone else is refused (403).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  activationInput,
  auditPage as auditPageSchema,
  auditQuery,
  createUserInput,
  createUserPreview,
  createUserResponse,
  departmentInput,
  departmentParams,
  editUserInput,
  userList,
  userListQuery,
  userParams,
  userRow,
} from "../../../common/schemas/users.ts";
import { recordAccess } from "../../platform/access-log.ts";
import type { AppContext } from "../../platform/context.ts";
import { forbidden, notFound } from "../../platform/errors.ts";
import { authenticate, authorize, type SignedIn, signedIn, validBody } from "../../platform/pipeline.ts";
import { auditPage } from "./audit.ts";
import { deleteUser, type Purge } from "./delete.ts";
import { createDepartment, renameDepartment } from "./departments.ts";
import { existingPerson } from "./existing.ts";
import {
  inDepartment,
  loadPeople,
  managedDepartments,
  type Person,
  present,
  userResource,
} from "./people.ts";
import { createUser, editUser, setActivation } from "./service.ts";

const tags = ["users"];
const department = (id: string | null | undefined) => ({ type: "department" as const, id: id ?? "" });
const departmentDto = z.object({ id: z.uuid(), name: z.string() });

export function userRoutes(app: FastifyInstance, ctx: AppContext, purges: Purge[]) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const loadPerson = async (request: FastifyRequest): Promise<Person | null> => {
    const { userId } = request.params as { userId: string };
    const [person] = await loadPeople(ctx.db, { userIds: [userId] });
    return person ?? null;
  };
  const person = async (request: FastifyRequest) => {
    const p = await loadPerson(request);
    return p ? userResource(p) : null;
  };
  const row = async (actor: SignedIn["actor"], userId: string) => {
    const [p] = await loadPeople(ctx.db, { userIds: [userId] });
    if (!p) throw notFound("user_not_found");
    return present(p, actor, ctx.policyEnv);
  };
  const userRoute = (action: "user.read" | "user.edit" | "user.delete") =>
    authorize(ctx, action, person, { notFound: "user_not_found" });

  r.get(
    "/api/admin/users",
    {
      schema: { tags, querystring: userListQuery, response: { 200: userList } },
      config: { action: "user.list" },
      preValidation: [authenticate(ctx)],
      preHandler: [
        authorize(ctx, "user.list", (req, actor) =>
          department((req.query as { deptId?: string }).deptId ?? actor.currentDeptId),
        ),
      ],
    },
    async (request) => {
      const { actor } = signedIn(request);
      const { deptId, search } = request.query;
      const deptIds = deptId ? [deptId] : (managedDepartments(actor) ?? undefined);
      const people = await loadPeople(ctx.db, { deptIds, search: search || undefined });
      return { users: people.map((p) => present(p, actor, ctx.policyEnv)) };
    },
  );

  r.post(
    "/api/admin/users",
    {
      schema: { tags, body: createUserInput, response: { 201: createUserResponse } },
      config: { action: "user.create" },
      preValidation: [authenticate(ctx)],
      preHandler: [
        authorize(ctx, "user.create", (req) => department(validBody(req, createUserInput).deptId), {
          refusal: "user_admin_only",
        }),
      ],
    },
    async (request, reply) => {
      const { actor } = signedIn(request);
      const { userId, created } = await createUser(ctx, actor, request.body);
      return reply.status(201).send({ user: await row(actor, userId), created });
    },
  );

  // 'Personen finnes allerede': what creating would change, asked before creating. A POST,
  // so the address stays out of request logs.
  r.post(
    "/api/admin/users/preview",
    {
      schema: { tags, body: createUserInput, response: { 200: createUserPreview } },
      config: { action: "user.preview" },
      preValidation: [authenticate(ctx)],
      preHandler: [
        authorize(ctx, "user.preview", (req) => department(validBody(req, createUserInput).deptId), {
          refusal: "user_admin_only",
        }),
      ],
    },
    async (request) => {
      const found = await existingPerson(ctx.db, request.body);
      // What the dialog shows of someone who has the address is a look at their record.
      if (found)
        await recordAccess(ctx.db, {
          actorId: signedIn(request).actor.userId,
          subjectId: found.userId,
          action: "record.view",
        });
      return { existing: found && { fullName: found.fullName, changes: found.changes } };
    },
  );

  r.get(
    "/api/admin/users/:userId",
    {
      schema: { tags, params: userParams, response: { 200: userRow } },
      config: { action: "user.read" },
      preValidation: [authenticate(ctx)],
      preHandler: [userRoute("user.read")],
    },
    async (request) => {
      const { actor } = signedIn(request);
      const { userId } = request.params;
      const answer = await row(actor, userId);
      await recordAccess(ctx.db, { actorId: actor.userId, subjectId: userId, action: "record.view" });
      return answer;
    },
  );

  r.patch(
    "/api/admin/users/:userId",
    {
      schema: { tags, params: userParams, body: editUserInput, response: { 200: userRow } },
      config: { action: "user.edit" },
      preValidation: [authenticate(ctx)],
      preHandler: [userRoute("user.edit")],
    },
    async (request) => {
      const { actor } = signedIn(request);
      await editUser(ctx, actor, request.params.userId, request.body);
      return row(actor, request.params.userId);
    },
  );

  // A leader acts on the record in the department they name; without one, on every record.
  r.post(
    "/api/admin/users/:userId/activation",
    {
      schema: { tags, params: userParams, body: activationInput, response: { 200: userRow } },
      config: { action: "user.deactivate" },
      preValidation: [authenticate(ctx)],
      preHandler: [
        authorize(
          ctx,
          "user.deactivate",
          async (req) => {
            const p = await loadPerson(req);
            const { deptId } = validBody(req, activationInput);
            if (!p) return null;
            const target = deptId ? inDepartment(p, deptId) : userResource(p);
            return target.memberships.length > 0 ? target : null;
          },
          { notFound: "user_not_found", refusal: "user_activation_refused" },
        ),
      ],
    },
    async (request) => {
      const { actor } = signedIn(request);
      await setActivation(ctx, actor, request.params.userId, request.body);
      return row(actor, request.params.userId);
    },
  );

  r.delete(
    "/api/admin/users/:userId",
    {
      schema: { tags, params: userParams, response: { 204: z.null() } },
      config: { action: "user.delete" },
      preValidation: [authenticate(ctx)],
      preHandler: [
        // Said plainly, before the policy (which refuses it too) answers a bare 403.
        async (req) => {
          if ((req.params as { userId: string }).userId === signedIn(req).actor.userId)
            throw forbidden("user_delete_self");
        },
        userRoute("user.delete"),
      ],
    },
    async (request, reply) => {
      await deleteUser(ctx, purges, signedIn(request).actor, request.params.userId);
      return reply.status(204).send(null);
    },
  );

  r.get(
    "/api/admin/audit",
    {
      schema: { tags, querystring: auditQuery, response: { 200: auditPageSchema } },
      config: { action: "audit.list" },
      preValidation: [authenticate(ctx)],
      preHandler: [authorize(ctx, "audit.list", () => ({ type: "app" }))],
    },
    async (request) => auditPage(ctx.db, request.query),
  );

  r.post(
    "/api/admin/departments",
    {
      schema: { tags, body: departmentInput, response: { 201: departmentDto } },
      config: { action: "department.create" },
      preValidation: [authenticate(ctx)],
      preHandler: [authorize(ctx, "department.create", () => ({ type: "app" }))],
    },
    async (request, reply) =>
      reply.status(201).send(await createDepartment(ctx, signedIn(request).actor, request.body.name)),
  );

  r.patch(
    "/api/admin/departments/:deptId",
    {
      schema: { tags, params: departmentParams, body: departmentInput, response: { 200: departmentDto } },
      config: { action: "department.rename" },
      preValidation: [authenticate(ctx)],
      preHandler: [
        authorize(ctx, "department.rename", (req) => department((req.params as { deptId: string }).deptId)),
      ],
    },
    async (request) =>
      renameDepartment(ctx, signedIn(request).actor, request.params.deptId, request.body.name),
  );
}
