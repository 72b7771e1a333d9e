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
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { errorResponse } from "../common/schemas/errors.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { authMailer } from "./features/auth/mailer.ts";
import { authRoutes } from "./features/auth/routes.ts";
import { expireUnconfirmedRegistrations } from "./features/auth/service.ts";
import { departmentRoutes } from "./features/departments/routes.ts";
import { devRoutes } from "./features/dev/routes.ts";
import { notificationRoutes } from "./features/notifications/routes.ts";
import { createAuth, resolveAuthSecret } from "./platform/auth.ts";
import { BackgroundTasks } from "./platform/background.ts";
import { loadBrand } from "./platform/brand.ts";
import { type Clock, cryptoRandom, type RandomSource, systemClock } from "./platform/clock.ts";
import type { AppContext } from "./platform/context.ts";
import { registerErrorHandler } from "./platform/errors.ts";
import { type EventBus, InProcessEventBus } from "./platform/events.ts";
import { registerOriginCheck } from "./platform/http.ts";
import { JobRunner } from "./platform/jobs.ts";
import { loggerOptions } from "./platform/logging.ts";
import { MailSender } from "./platform/mail.ts";
import { type RegisteredRoute, registerRouteRegistry } from "./platform/pipeline.ts";
import { hashedKey, sweepRateLimits } from "./platform/rate-limit.ts";
import { registerRealtime } from "./platform/realtime.ts";
import { runtimeRoutes } from "./platform/runtime-routes.ts";
import { registerWebApp } from "./platform/static.ts";

export interface AppDeps {
  config: Config;
  database: Database;
  /** false for no log, or pino options added to ours (a test's stream); the level is LOG_LEVEL */
  logger?: boolean | object;
  /** the event bus; in-process unless given */
  bus?: EventBus;
  /** the time; the system clock unless given */
  clock?: Clock;
  /** random draws and ids; node:crypto unless given */
  random?: RandomSource;
}

/** Returned as a pair: a Fastify instance is thenable, so it cannot be an async function's result. */
export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** every /api route with its policy action */
  routes: RegisteredRoute[];
}

function contentSecurityPolicy(isProduction: boolean, publicUrl: string) {
  // The realtime socket of our own origin; 'self' covers ws: too in current browsers.
  const socketOrigin = new URL(publicUrl).origin.replace(/^http/, "ws");
  return {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Radix and sonner position popovers and toasts with inline style attributes.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:"],
      connectSrc: ["'self'", socketOrigin],
      fontSrc: ["'self'", "data:"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      upgradeInsecureRequests: isProduction ? [] : null,
    },
  };
}

/** A hop count trusts that many proxies nearest to us (Fastify's types omit the number form). */
function trustProxyOption(value: Config["trustProxy"]) {
  return typeof value === "number" ? (_address: string, hop: number) => hop < value : value;
}

export async function buildApp(deps: AppDeps): Promise<BuiltApp> {
  const { config, database } = deps;
  const app = Fastify({
    logger: loggerOptions(config.logLevel, deps.logger),
    bodyLimit: 1024 * 1024,
    trustProxy: trustProxyOption(config.trustProxy),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  const brand = await loadBrand(config.brandFile, app.log);
  const db = database.db;
  const clock = deps.clock ?? systemClock;
  const mail = new MailSender({
    db,
    clock,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    log: app.log,
    keepBodies: config.demoTools,
  });
  const bus =
    deps.bus ??
    new InProcessEventBus(
      () => clock.now(),
      (err, event) => app.log.error({ err, topic: event.topic, type: event.type }, "event listener failed"),
    );
  const secret = await resolveAuthSecret(db, config);
  const auth = createAuth({
    db,
    config,
    appName: brand.name,
    log: app.log,
    secret,
    mailer: authMailer({ db, config, appName: brand.name, mail }),
  });
  const ctx: AppContext = {
    config,
    db,
    driver: database.driver,
    brand,
    auth,
    mail,
    bus,
    clock,
    random: deps.random ?? cryptoRandom,
    log: app.log,
    background: new BackgroundTasks(app.log),
    policyEnv: { demoTools: config.demoTools },
    rateLimitSecret: hashedKey(secret, "rate-limit keys"),
  };

  await app.register(helmet, {
    contentSecurityPolicy: contentSecurityPolicy(config.isProduction, config.publicUrl),
    hsts: config.isProduction,
    frameguard: { action: "deny" },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { threshold: 1024 });
  await app.register(swagger, {
    openapi: { info: { title: `${brand.name} API`, version: "1" } },
    transform: jsonSchemaTransform,
  });
  // The API's map helps a developer and an attacker alike: not served in production.
  if (!config.isProduction) await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });
  registerOriginCheck(app, config.publicUrl);
  // API answers are personal: no cache (browser, proxy) may keep them.
  app.addHook("onSend", async (request, reply) => {
    if (request.url.startsWith("/api/") && !reply.hasHeader("cache-control"))
      reply.header("cache-control", "no-store");
  });
  const routes = registerRouteRegistry(app);
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

  runtimeRoutes(app, ctx);
  authRoutes(app, ctx);
  departmentRoutes(app, ctx);
  notificationRoutes(app, ctx);
  if (config.demoTools) devRoutes(app, ctx);
  await registerRealtime(app, ctx);

  await registerWebApp(app, config.webDist, { demoTools: config.demoTools });

  const jobs = new JobRunner({ db, bus, clock, log: app.log }, [
    {
      name: "rate-limits.sweep",
      everyMs: 10 * 60_000,
      run: ({ tx }) => sweepRateLimits(tx, config.rateLimit.windowSeconds),
    },
    {
      name: "auth.expire-unconfirmed",
      everyMs: 10 * 60_000,
      run: ({ tx, clock }) => expireUnconfirmedRegistrations(tx, clock.now()),
    },
    mail.deliveryJob(),
  ]);
  jobs.start();
  app.addHook("onClose", async () => {
    await jobs.stop();
    await ctx.background.settled();
    await mail.stop();
    await bus.close();
  });

  return { app, ctx, routes };
}
