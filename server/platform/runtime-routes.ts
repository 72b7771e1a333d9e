/**
 * The runtime contract's own endpoints (README): health for load balancers, the app's
 * configuration and the brand for the web app, and the installable app's manifest and
 * icons in the brand's name and colours. Public: they hold nothing personal.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { limits } from "../../common/base/limits.ts";
import { brandConfig } from "../../common/schemas/brand.ts";
import { appConfig, healthResponse } from "../../common/schemas/config.ts";
import { pingDatabase } from "../db/client.ts";
import type { AppContext } from "./context.ts";
import { within } from "./health.ts";
import { manifestRoutes } from "./manifest.ts";

/** Health answers within a second whatever the database does: a load balancer must not wait on it. */
const healthBudgetMs = 800;

const tags = ["platform"];
const config = { action: "public" as const };

export function runtimeRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/health",
    { schema: { tags, response: { 200: healthResponse, 503: healthResponse } }, config },
    async (_req, reply) => {
      const [database, disk] = await Promise.all([
        within(healthBudgetMs, pingDatabase(ctx.db), false),
        within(healthBudgetMs, ctx.health.disk(), "error" as const),
      ]);
      const bus = ctx.health.bus();
      const ok = database && disk === "ok" && bus === "ok";
      return reply.status(ok ? 200 : 503).send({
        status: ok ? "ok" : "degraded",
        database: database ? "ok" : "error",
        driver: ctx.driver,
        disk,
        bus,
      });
    },
  );

  r.get("/api/config", { schema: { tags, response: { 200: appConfig } }, config }, async () => ({
    environment: ctx.config.appEnv,
    autoSignIn: ctx.config.autoSignIn,
    demoTools: ctx.config.demoTools,
    features: ctx.brand.features,
    singleSignOn: ctx.config.oidc && { label: ctx.config.oidc.displayName, only: ctx.config.oidc.only },
    limits: {
      maxUploadMB: ctx.brand.limits.maxUploadMB,
      passwordMinLength: limits.passwordMinLength,
      sessionIdleMinutes: ctx.config.sessionIdleMinutes,
    },
  }));

  r.get(
    "/brand/brand.default.json",
    { schema: { tags, response: { 200: brandConfig } } },
    async () => ctx.brand,
  );

  manifestRoutes(app, ctx.brand, ctx.config.webDist);
}
