/**
 * Staging-only tools: the dev mailbox, the demo-user switcher, automatic demo sign-in
 * and dev-bootstrap, for the fixed demo accounts only (seed/demo.ts, demo_accounts).
 * Not registered at all when APP_ENV=production, so they answer 404.
 */
import { and, asc, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  advanceClockRequest,
  clockResponse,
  demoUserList,
  impersonateRequest,
  mailbox,
} from "../../../common/schemas/dev.ts";
import { okResponse } from "../../../common/schemas/errors.ts";
import { demoUserInput, signInLinkInput, signInLinkResponse } from "../../../common/schemas/users.ts";
import { demoAccounts, departments, profiles, staff, user } from "../../db/schema.ts";
import {
  type DemoUser,
  demoAccountId,
  demoAdminEmail,
  demoUsers,
  ensureDemoUsers,
} from "../../db/seed/demo.ts";
import { recordAccess } from "../../platform/access-log.ts";
import { loadActor } from "../../platform/actor.ts";
import { authHeaders, currentSession, forwardCookies } from "../../platform/auth.ts";
import { MovableClock } from "../../platform/clock.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError, notFound } from "../../platform/errors.ts";
import { listMailbox } from "../../platform/mail.ts";
import { authenticate, authorize, signedIn } from "../../platform/pipeline.ts";
import { createDemoUser, signInLink } from "./demo-accounts.ts";

const tags = ["dev"];

/**
 * Only as a fixed demo account: any other answers 404, as if it did not exist. Someone
 * signed in who switches to another person is in that person's access log, written
 * before the session is made so no switch goes unrecorded; a signed-out switch names
 * nobody and writes nothing.
 */
async function signInAs(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, email: string) {
  const userId = await demoAccountId(ctx.db, email);
  if (!userId) throw notFound();
  const before = await currentSession(ctx, request);
  if (before)
    await recordAccess(ctx.db, { actorId: before.userId, subjectId: userId, action: "demo.signin" });
  const { headers } = await ctx.auth.api.createSessionFor({
    body: { userId },
    headers: authHeaders(request),
    returnHeaders: true,
  });
  forwardCookies(reply, headers);
}

/** The demo accounts that exist, with their records: nobody else can be switched to. */
const demoPeople = (ctx: AppContext) =>
  ctx.db
    .select({ email: user.email, fullName: profiles.fullName, role: staff.role, deptName: departments.name })
    .from(user)
    .innerJoin(demoAccounts, eq(demoAccounts.userId, user.id))
    .innerJoin(profiles, eq(profiles.userId, user.id))
    .leftJoin(staff, eq(staff.userId, user.id))
    .leftJoin(departments, eq(departments.id, staff.deptId));

/**
 * A demo user appears once in the switcher, with the department the demo gives them
 * first (someone in two departments has two staff rows).
 */
function homeRow<R extends { email: string; deptName: string | null }>(rows: R[], demo: DemoUser): R[] {
  const theirs = rows.filter((r) => r.email === demo.email);
  const home = theirs.find((r) => r.deptName === demo.dept) ?? theirs[0];
  return home ? [home] : [];
}

// Public by design, and only registered outside production: a signed-out person reads
// the magic link sent to them in the mailbox and switches to any demo user.
const config = { action: "public" as const };
// Making people and links to sign in as them is an admin's, in the 'Demo-verktøy' tab.
const adminOnly = (ctx: AppContext) => ({
  config: { action: "user.createDemo" as const },
  preValidation: [authenticate(ctx)],
  preHandler: [authorize(ctx, "user.createDemo", () => ({ type: "app" }))],
});

export function devRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get("/api/dev/mailbox", { schema: { tags, response: { 200: mailbox } }, config }, async () => {
    const mails = await listMailbox(ctx.db);
    return mails.map((m) => ({
      id: m.id,
      to: m.to,
      subject: m.subject,
      text: m.text,
      html: m.html,
      createdAt: m.createdAt.toISOString(),
      sentAt: m.sentAt?.toISOString() ?? null,
    }));
  });

  // The demo users; with the devSwitcher flag, those in the current department.
  r.get(
    "/api/dev/demo-users",
    { schema: { tags, response: { 200: demoUserList } }, config },
    async (request) => {
      const s = await currentSession(ctx, request);
      const deptId =
        s && ctx.brand.features.devSwitcher ? (await loadActor(ctx.db, s.userId)).currentDeptId : null;
      const rows = deptId
        ? await demoPeople(ctx)
            .where(and(eq(staff.deptId, deptId), eq(staff.isActive, true)))
            .orderBy(asc(profiles.fullName))
        : await demoPeople(ctx);
      if (deptId) return { users: rows };
      return { users: demoUsers.flatMap((d) => homeRow(rows, d)) };
    },
  );

  r.post(
    "/api/dev/impersonate",
    { schema: { tags, body: impersonateRequest, response: { 200: okResponse } }, config },
    async (request, reply) => {
      await signInAs(ctx, request, reply, request.body.email);
      return { ok: true as const };
    },
  );

  r.post(
    "/api/dev/auto-sign-in",
    { schema: { tags, response: { 200: okResponse } }, config },
    async (request, reply) => {
      if (!ctx.config.autoSignIn) throw new AppError(404, "not_found");
      await signInAs(ctx, request, reply, demoAdminEmail);
      return { ok: true as const };
    },
  );

  // Browser tests move the server's time (repeats and escalations minutes later). Only a
  // server started with MOVABLE_CLOCK has such a clock; any other answers 404.
  r.post(
    "/api/dev/clock",
    { schema: { tags, body: advanceClockRequest, response: { 200: clockResponse } }, config },
    async (request) => {
      if (!(ctx.clock instanceof MovableClock)) throw notFound();
      return { now: ctx.clock.advance(request.body.ms).toISOString() };
    },
  );

  r.post(
    "/api/dev/bootstrap",
    { schema: { tags, response: { 200: z.object({ created: z.number() }) } }, config },
    async () => ({
      created: await ensureDemoUsers(ctx.db),
    }),
  );

  r.post(
    "/api/dev/demo-users",
    {
      schema: {
        tags,
        body: demoUserInput,
        response: { 201: z.object({ email: z.string(), fullName: z.string() }) },
      },
      ...adminOnly(ctx),
    },
    async (request, reply) => reply.code(201).send(await createDemoUser(ctx, request.body)),
  );

  r.post(
    "/api/dev/sign-in-link",
    { schema: { tags, body: signInLinkInput, response: { 200: signInLinkResponse } }, ...adminOnly(ctx) },
    async (request) => ({
      url: await signInLink(ctx, authHeaders(request), request.body.email, signedIn(request).actor.userId),
    }),
  );
}
