/** What every feature gets: configuration, database, brand, auth, mail, events, clock, log and the policy environment. */
import type { BrandConfig } from "../../common/schemas/brand.ts";
import type { Config } from "../config.ts";
import type { Db, Driver } from "../db/client.ts";
import type { PolicyEnv } from "../policies/index.ts";
import type { Auth } from "./auth.ts";
import type { BackgroundTasks } from "./background.ts";
import type { Clock, RandomSource } from "./clock.ts";
import type { EventBus } from "./events.ts";
import type { HealthChecks } from "./health.ts";
import type { MailSender } from "./mail.ts";
import type { SessionCache } from "./session-cache.ts";
import type { FileStore } from "./storage.ts";

/** The structured log (pino's shape), for what features note along the way. */
export interface AppLog {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

export interface AppContext {
  config: Config;
  db: Db;
  driver: Driver;
  brand: BrandConfig;
  auth: Auth;
  /** signed-in people of recent requests (platform/session-cache.ts) */
  sessions: SessionCache;
  mail: MailSender;
  bus: EventBus;
  clock: Clock;
  random: RandomSource;
  log: AppLog;
  /** work finished after the answer (sign-in mail lookups) */
  background: BackgroundTasks;
  policyEnv: PolicyEnv;
  /** keys the rate-limit counters' hashes (derived from the auth secret) */
  rateLimitSecret: string;
  /** uploaded files (chat attachments, avatars): in the database on PostgreSQL, under DATA_DIR/files on PGlite */
  files: FileStore;
  /** signs file links (derived from the auth secret) */
  fileUrlSecret: string;
  /** what /api/health asks besides the database */
  health: HealthChecks;
}
