/**
 * buildApp(deps): the whole HTTP application, used by server/main.ts and by the tests.
 * It builds the shared context, registers the platform's plugins and each feature's
 * routes and jobs, and nothing else: what a route does is declared on the route (see
 * platform/pipeline.ts), what a feature brings in its `index.ts`.
 */
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { accessLogFeature } from "./features/access-log/index.ts";
import { authFeature } from "./features/auth/index.ts";
import { authMailer } from "./features/auth/mailer.ts";
import { chatFeature, threadTopicResource } from "./features/chat/index.ts";
import { departmentsFeature } from "./features/departments/index.ts";
import { devFeature } from "./features/dev/index.ts";
import { dutyFeature } from "./features/duty/index.ts";
import { notificationsFeature } from "./features/notifications/index.ts";
import { notifyAfterCommit, queueNotices } from "./features/notifications/outbox.ts";
import { markNoticesRead, notify, raiseAgain } from "./features/notifications/service.ts";
import { presenceFeature } from "./features/presence/index.ts";
import { alertsOf } from "./features/profile/alerts.ts";
import { profileFeature } from "./features/profile/index.ts";
import { pushesOnPublish, pushFeature } from "./features/push/index.ts";
import { retentionFeature } from "./features/retention/index.ts";
import { shiftsFeature } from "./features/shifts/index.ts";
import { swapsFeature } from "./features/swaps/index.ts";
import { usersFeature } from "./features/users/index.ts";
import { workFeature } from "./features/work/index.ts";
import { createAuth, resolveAuthSecret } from "./platform/auth.ts";
import { BackgroundTasks } from "./platform/background.ts";
import { loadBrand } from "./platform/brand.ts";
import { type Clock, cryptoRandom, MovableClock, type RandomSource, systemClock } from "./platform/clock.ts";
import type { AppContext } from "./platform/context.ts";
import { registerErrorHandler } from "./platform/errors.ts";
import { type EventBus, InProcessEventBus } from "./platform/events.ts";
import type { Feature } from "./platform/feature.ts";
import { defaultHealthChecks, type HealthChecks } from "./platform/health.ts";
import { registerHttp, serverOptions } from "./platform/http.ts";
import { JobRunner } from "./platform/jobs.ts";
import { registerJsonBody } from "./platform/json-body.ts";
import { MailSender } from "./platform/mail.ts";
import { PgEventBus } from "./platform/pg-event-bus.ts";
import { pgFileStore, storedChunksSweepJob } from "./platform/pg-file-store.ts";
import { type RegisteredRoute, registerRouteRegistry } from "./platform/pipeline.ts";
import { tapPublished } from "./platform/published-tap.ts";
import { hashedKey, rateLimitSweepJob } from "./platform/rate-limit.ts";
import { registerRealtime } from "./platform/realtime.ts";
import { runtimeRoutes } from "./platform/runtime-routes.ts";
import { SessionCache } from "./platform/session-cache.ts";
import { registerShutdownRefusal } from "./platform/shutdown.ts";
import { registerWebApp } from "./platform/static.ts";
import { diskStore } from "./platform/storage.ts";
import { userPurges } from "./user-purges.ts";

/** Every feature of the product; each later issue adds its own here. */
const features: Feature[] = [
  authFeature,
  departmentsFeature,
  notificationsFeature,
  presenceFeature,
  chatFeature({ notices: { notify, raiseAgain, markNoticesRead } }),
  shiftsFeature({ notifyAfterCommit, queue: queueNotices }),
  swapsFeature({ notify }),
  usersFeature({ purges: userPurges }),
  profileFeature,
  pushFeature,
  dutyFeature,
  workFeature,
  retentionFeature,
  accessLogFeature,
  devFeature,
];

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
  /** health's disk and bus checks; DATA_DIR's free space and the bus's own word unless given */
  healthChecks?: HealthChecks;
}

/** Returned as a pair: a Fastify instance is thenable, so it cannot be an async function's result. */
export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** every /api route with its policy action */
  routes: RegisteredRoute[];
  /** the app's jobs (tests run one at once: `jobs.runNow(name)`) */
  jobs: JobRunner;
}

async function createContext(deps: AppDeps, app: FastifyInstance): Promise<AppContext> {
  const { config, database } = deps;
  const { db } = database;
  const brand = await loadBrand(config.brandFile, app.log);
  const clock = deps.clock ?? (config.movableClock ? new MovableClock() : systemClock);
  const mail = new MailSender({
    db,
    clock,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    log: app.log,
    keepBodies: config.demoTools,
  });
  // What this instance publishes is also handed to the push feature, once per event
  // (the tap hears only this instance's own publishes; features/push/queue.ts).
  const published = tapPublished(deps.bus ?? (await defaultBus(database, clock, app)), (err, topic) =>
    app.log.error({ err, topic }, "published event's tap failed"),
  );
  const bus = published.bus;
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
    sessions: new SessionCache(bus, { ttlMs: config.readCacheSeconds * 1000 }),
    mail,
    bus,
    clock,
    random: deps.random ?? cryptoRandom,
    log: app.log,
    background: new BackgroundTasks(app.log),
    policyEnv: { demoTools: config.demoTools },
    rateLimitSecret: hashedKey(secret, "rate-limit keys"),
    // On PostgreSQL the instances share it, files too; PGlite is one process's, beside its disk.
    files: database.driver === "postgres" ? pgFileStore(db) : diskStore(path.join(config.dataDir, "files")),
    fileUrlSecret: hashedKey(secret, "file links"),
    health: deps.healthChecks ?? defaultHealthChecks(config.dataDir, config.minFreeDiskBytes, bus),
  };
  published.listen(pushesOnPublish(ctx, alertsOf));
  return ctx;
}

/** Instances on one PostgreSQL share their events through it; PGlite is one process's. */
async function defaultBus(database: Database, clock: Clock, app: FastifyInstance): Promise<EventBus> {
  if (database.postgres) {
    const bus = new PgEventBus({ ...database.postgres, log: app.log, now: () => clock.now() });
    await bus.start();
    return bus;
  }
  return new InProcessEventBus(
    () => clock.now(),
    (err, event) => app.log.error({ err, topic: event.topic, type: event.type }, "event listener failed"),
  );
}

export async function buildApp(deps: AppDeps): Promise<BuiltApp> {
  const { config } = deps;
  const app = Fastify(serverOptions(config, deps.logger));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerJsonBody(app);
  registerShutdownRefusal(app);
  const ctx = await createContext(deps, app);

  await registerHttp(app, config, ctx.brand.name);
  const routes = registerRouteRegistry(app);
  runtimeRoutes(app, ctx);
  const enabled = features.filter((f) => f.enabled?.(ctx) ?? true);
  for (const feature of enabled) feature.routes(app, ctx);
  await registerRealtime(app, ctx, { threadResource: threadTopicResource(ctx) });
  await registerWebApp(app, config.webDist, { demoTools: config.demoTools });

  const jobs = new JobRunner({ db: ctx.db, bus: ctx.bus, clock: ctx.clock, log: app.log }, [
    rateLimitSweepJob(config.rateLimit.windowSeconds),
    ctx.mail.deliveryJob(),
    ...(ctx.driver === "postgres" ? [storedChunksSweepJob()] : []),
    ...enabled.flatMap((f) => f.jobs?.(ctx) ?? []),
  ]);
  jobs.start();
  app.addHook("onClose", async () => {
    await jobs.stop();
    await ctx.background.settled();
    await ctx.mail.stop();
    await ctx.bus.close();
  });

  return { app, ctx, routes, jobs };
}
