/**
 * buildApp(deps): the whole HTTP application, used by server/main.ts and by the tests.
 * Pipeline per route: origin check → authenticate → validate (zod) → authorize
 * (policies) → service → present.
 */
import compress from "@fastify/compress";
import helmet from "@fastify/helmet";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { limits } from "../common/domain/limits.ts";
import { brandConfig } from "../common/schemas/brand.ts";
import { appConfig, healthResponse } from "../common/schemas/config.ts";
import { errorResponse } from "../common/schemas/errors.ts";
import type { Config } from "./config.ts";
import { type Database, pingDatabase } from "./db/client.ts";
import { confirmationMail, magicLinkMail } from "./features/auth/emails.ts";
import { authRoutes } from "./features/auth/routes.ts";
import { magicLinkRecipient } from "./features/auth/service.ts";
import { departmentRoutes } from "./features/departments/routes.ts";
import { devRoutes } from "./features/dev/routes.ts";
import { createAuth, resolveAuthSecret } from "./platform/auth.ts";
import { loadBrand } from "./platform/brand.ts";
import type { AppContext } from "./platform/context.ts";
import { registerErrorHandler } from "./platform/errors.ts";
import { registerOriginCheck } from "./platform/http.ts";
import { enqueueMail, MailSender } from "./platform/mail.ts";
import { sweepRateLimits } from "./platform/rate-limit.ts";
import { registerWebApp } from "./platform/static.ts";

export interface AppDeps {
  config: Config;
  database: Database;
  /** pino options or false; tests pass false */
  logger?: boolean | object;
}

/** Returned as a pair: a Fastify instance is thenable, so it cannot be an async function's result. */
export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
}

function contentSecurityPolicy(isProduction: boolean) {
  return {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Radix and sonner position popovers and toasts with inline style attributes.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:"],
      connectSrc: ["'self'", "ws:", "wss:"],
      fontSrc: ["'self'", "data:"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      upgradeInsecureRequests: isProduction ? [] : null,
    },
  };
}

export async function buildApp(deps: AppDeps): Promise<BuiltApp> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    trustProxy: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  const brand = await loadBrand(config.brandFile, app.log);
  const db = database.db;
  const mail = new MailSender({ db, smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log });
  const publicLink = (pathAndQuery: string) => `${config.publicUrl}${pathAndQuery}`;
  let ctx: AppContext;
  const auth = createAuth({
    db,
    config,
    appName: brand.name,
    log: app.log,
    secret: await resolveAuthSecret(db, config),
    mailer: {
      async magicLink(email, token, next) {
        if (!(await magicLinkRecipient(db, ctx, email))) return;
        const query = new URLSearchParams({ token, ...(next ? { next } : {}) });
        await enqueueMail(
          db,
          magicLinkMail(brand.name, email, publicLink(`/auth/magic?${query}`), limits.magicLinkMinutes),
        );
        void mail.kick();
      },
      async confirmation(email, name, token) {
        const link = publicLink(`/auth/confirm?${new URLSearchParams({ token })}`);
        await enqueueMail(db, confirmationMail(brand.name, email, name, link, limits.confirmationHours));
        void mail.kick();
      },
    },
  });
  ctx = {
    config,
    db,
    driver: database.driver,
    brand,
    auth,
    mail,
    policyEnv: { demoTools: config.demoTools },
  };

  await app.register(helmet, {
    contentSecurityPolicy: contentSecurityPolicy(config.isProduction),
    hsts: config.isProduction,
    frameguard: { action: "deny" },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { threshold: 1024 });
  await app.register(swagger, {
    openapi: { info: { title: `${brand.name} API`, version: "1" } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });
  registerOriginCheck(app, config.publicUrl);
  // Every documented route can fail the same way; say so once, for the OpenAPI document.
  app.addHook("onRoute", (route) => {
    if (route.schema?.response) {
      route.schema.response = {
        "4XX": errorResponse,
        "5XX": errorResponse,
        ...(route.schema.response as object),
      };
    }
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/health",
    { schema: { tags: ["platform"], response: { 200: healthResponse, 503: healthResponse } } },
    async (_req, reply) => {
      const ok = await pingDatabase(db);
      return reply
        .status(ok ? 200 : 503)
        .send({ status: ok ? "ok" : "degraded", database: ok ? "ok" : "error", driver: database.driver });
    },
  );
  r.get("/api/config", { schema: { tags: ["platform"], response: { 200: appConfig } } }, async () => ({
    environment: config.appEnv,
    autoSignIn: config.autoSignIn,
    demoTools: config.demoTools,
    features: brand.features,
    limits: {
      maxUploadMB: brand.limits.maxUploadMB,
      passwordMinLength: limits.passwordMinLength,
      sessionIdleMinutes: config.sessionIdleMinutes,
    },
  }));
  r.get(
    "/brand/brand.default.json",
    { schema: { tags: ["platform"], response: { 200: brandConfig } } },
    async () => brand,
  );

  authRoutes(app, ctx);
  departmentRoutes(app, ctx);
  if (config.demoTools) devRoutes(app, ctx);

  await registerWebApp(app, config.webDist, { demoTools: config.demoTools });

  const sweeper = setInterval(
    () => void sweepRateLimits(db, config.rateLimit.windowSeconds).catch(() => {}),
    10 * 60_000,
  );
  sweeper.unref();
  mail.start();
  app.addHook("onClose", async () => {
    clearInterval(sweeper);
    await mail.stop();
  });

  return { app, ctx };
}
