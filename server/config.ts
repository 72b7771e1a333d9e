/** The only module that reads process.env: environment → typed, validated config. */
import path from "node:path";
import { z } from "zod";
import { defaultMinRestHours, lowestMinRestHours } from "../common/domain/fairness.ts";

const flag = z
  .string()
  .optional()
  .transform((v) => (v === undefined ? undefined : !["0", "false", "off", "no"].includes(v.toLowerCase())));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().optional(),
  TRUST_PROXY: z.string().optional(),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().optional(),
  APP_ENV: z.enum(["staging", "production"]).default("staging"),
  AUTO_SIGNIN: flag,
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Vaktrom <no-reply@vaktrom.local>"),
  PUBLIC_URL: z.string().url().optional(),
  AUTH_SECRET: z.string().min(32).optional(),
  BRAND_FILE: z.string().optional(),
  ALLOWED_EMAIL_DOMAINS: z.string().optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(60),
  READ_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
  RATE_LIMIT_PER_EMAIL: z.coerce.number().int().positive().default(5),
  RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(30),
  SEARCH_PER_MINUTE: z.coerce.number().int().positive().default(60),
  SEARCH_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(3),
  MIN_REST_HOURS: z.coerce.number().int().min(lowestMinRestHours).max(24).default(defaultMinRestHours),
  WEB_DIST: z.string().default("dist/web"),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(300).default(10),
  ALLOW_EMBEDDED_DATABASE: flag,
  MIN_FREE_DISK_MB: z.coerce.number().int().min(0).default(200),
  /** how often urgent messages' repeats and escalations are looked for */
  URGENT_JOB_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  /** browser tests only: the server's clock can be moved forward (POST /api/dev/clock) */
  MOVABLE_CLOCK: flag,
  /** web push: the server's VAPID key pair (base64url), else generated once and kept in the database */
  VAPID_PUBLIC_KEY: z.string().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().min(1).optional(),
  /** web push: how a push service reaches the operator (`mailto:` or `https:`) */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, "mailto: or https:")
    .optional(),
  /** single sign-on (OpenID Connect): the provider's issuer URL, discovered from its metadata */
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /** instead of the secret: the client's private key as a JWK (JSON, with `kid` and `alg`), for `private_key_jwt` */
  OIDC_CLIENT_PRIVATE_KEY: z.string().min(1).optional(),
  /** the button's text, e.g. 'Logg inn med HelseID' */
  OIDC_DISPLAY_NAME: z.string().min(1).max(60).optional(),
  /** the claim that names the person's address; a claim other than `email` is trusted as verified */
  OIDC_EMAIL_CLAIM: z.string().min(1).default("email"),
  OIDC_SCOPES: z.string().default("openid email profile"),
  /** only single sign-on: no passwords, no e-mail links (admins keep an audited break-glass link) */
  OIDC_ONLY: flag,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Env = Partial<Record<keyof z.input<typeof envSchema>, string>>;

export interface OidcConfig {
  issuer: string;
  clientId: string;
  /** how the app proves itself at the token endpoint: a shared secret, or a signed assertion */
  clientAuth: { secret: string } | { privateKeyJwk: string };
  displayName: string;
  emailClaim: string;
  scopes: string;
  /** password and e-mail links off (but for the admins' break-glass link) */
  only: boolean;
}

export interface Config {
  /** how often the urgent messages' job looks for repeats and escalations due */
  urgentJobMs: number;
  /** browser tests: the clock moves forward on request (the dev feature's clock route) */
  movableClock: boolean;
  /** web push: the VAPID key pair from the environment; null: generated once, kept in the database */
  vapidKeys: { publicKey: string; privateKey: string } | null;
  /** web push: the contact the push services are given; null: from PUBLIC_URL or MAIL_FROM */
  vapidSubject: string | null;
  /** single sign-on; null: not configured */
  oidc: OidcConfig | null;
  port: number;
  /** staging: loopback only unless HOST is set (demo tools must not be reachable by accident) */
  host: string;
  /**
   * Which proxies may tell us the client's address (X-Forwarded-For/-Host/-Proto), as
   * Fastify's `trustProxy` takes it: false (default: headers ignored), a hop count, or
   * proxy addresses/CIDRs.
   */
  trustProxy: boolean | number | string;
  dataDir: string;
  databaseUrl: string | null;
  appEnv: "staging" | "production";
  isProduction: boolean;
  /** demo switcher, dev mailbox, dev endpoints, demo password: staging only */
  demoTools: boolean;
  autoSignIn: boolean;
  smtpUrl: string | null;
  mailFrom: string;
  publicUrl: string;
  authSecret: string | null;
  brandFile: string | null;
  /** lower-case domains; empty means anyone (staging) */
  allowedEmailDomains: string[];
  /** null: no idle timeout (staging) */
  sessionIdleMinutes: number | null;
  /**
   * How long what many read at once (a request's session and person, a department's
   * open shifts, a thread's newest messages) is answered from memory (0: never); what
   * this instance changes drops it at once (platform/read-cache.ts)
   */
  readCacheSeconds: number;
  rateLimit: { windowSeconds: number; perEmail: number; perIp: number };
  /** searches a person may make a minute (the box searches as one types, after a pause) */
  searchPerMinute: number;
  /** searches this instance runs in the database at once; more wait their turn (platform/gate.ts) */
  searchConcurrency: number;
  /** the least rest between two shifts a person may be given (decisions.md § Rest between shifts) */
  minRestHours: number;
  webDist: string;
  /** PostgreSQL: a statement running longer is cancelled (the request answers 503) */
  dbStatementTimeoutMs: number;
  /** PostgreSQL: how long a request waits for a connection (new or from the pool) before 503 */
  dbConnectTimeoutMs: number;
  /** PostgreSQL: connections in this instance's pool (docs/operations.md § Pool size) */
  dbPoolSize: number;
  /** on SIGTERM/SIGINT: how long requests under way may take to finish before the process exits */
  shutdownGraceMs: number;
  /** production on the embedded PGlite (no fsync: a power loss can lose acknowledged writes) */
  allowEmbeddedDatabase: boolean;
  /** below this much free space where files are written, uploads are refused and health says so */
  minFreeDiskBytes: number;
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
}

export class ConfigError extends Error {}

/** TRUST_PROXY: unset/false/0 → off; true → every proxy; a number → hops; else addresses. */
function parseTrustProxy(value: string | undefined): boolean | number | string {
  const v = value?.trim().toLowerCase() ?? "";
  if (v === "" || v === "false" || v === "off" || v === "no" || v === "0") return false;
  if (v === "true") return true;
  if (/^\d+$/.test(v)) return Number(v);
  return value!.trim();
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const isProduction = e.APP_ENV === "production";
  if (isProduction && !e.AUTH_SECRET) {
    throw new ConfigError("AUTH_SECRET is required when APP_ENV=production (at least 32 characters).");
  }
  // Sign-in works by e-mail; without SMTP, production mail would sit in a table instead.
  if (isProduction && !e.SMTP_URL) {
    throw new ConfigError("SMTP_URL is required when APP_ENV=production (sign-in links go by e-mail).");
  }
  // PGlite writes without fsync: after a power loss, writes it acknowledged can be gone or
  // its files corrupt. Production takes that risk only when asked to by name.
  if (isProduction && !e.DATABASE_URL && !e.ALLOW_EMBEDDED_DATABASE) {
    throw new ConfigError(
      "DATABASE_URL is required when APP_ENV=production: the embedded database (PGlite) does not fsync, so a power loss can lose acknowledged writes or corrupt it. Set ALLOW_EMBEDDED_DATABASE=1 to run production on it anyway.",
    );
  }
  // One key of a pair would sign with a key the browsers were never given.
  if (!e.VAPID_PUBLIC_KEY !== !e.VAPID_PRIVATE_KEY)
    throw new ConfigError("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are given together or not at all.");
  if (isProduction && e.MOVABLE_CLOCK)
    throw new ConfigError("MOVABLE_CLOCK is for browser tests, never production.");
  const oidcCredential = e.OIDC_CLIENT_SECRET ?? e.OIDC_CLIENT_PRIVATE_KEY;
  const oidcParts = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID, oidcCredential];
  if (oidcParts.some(Boolean) && !oidcParts.every(Boolean))
    throw new ConfigError(
      "OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET (or OIDC_CLIENT_PRIVATE_KEY) are given together or not at all.",
    );
  if (e.OIDC_CLIENT_SECRET && e.OIDC_CLIENT_PRIVATE_KEY)
    throw new ConfigError("Give OIDC_CLIENT_SECRET or OIDC_CLIENT_PRIVATE_KEY, not both.");
  if (e.OIDC_ONLY && !e.OIDC_ISSUER) throw new ConfigError("OIDC_ONLY=1 needs OIDC_ISSUER and its client.");
  const domains = (e.ALLOWED_EMAIL_DOMAINS ?? "")
    .split(",")
    .map((d) => d.trim().toLowerCase().replace(/^@/, ""))
    .filter(Boolean);
  return {
    port: e.PORT,
    host: e.HOST || (isProduction ? "0.0.0.0" : "localhost"),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || null,
    appEnv: e.APP_ENV,
    isProduction,
    demoTools: !isProduction,
    autoSignIn: !isProduction && (e.AUTO_SIGNIN ?? true),
    smtpUrl: e.SMTP_URL || null,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    authSecret: e.AUTH_SECRET ?? null,
    brandFile: e.BRAND_FILE || null,
    allowedEmailDomains: domains,
    sessionIdleMinutes: isProduction ? e.SESSION_IDLE_MINUTES : null,
    readCacheSeconds: e.READ_CACHE_SECONDS,
    rateLimit: {
      windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS,
      perEmail: e.RATE_LIMIT_PER_EMAIL,
      perIp: e.RATE_LIMIT_PER_IP,
    },
    searchPerMinute: e.SEARCH_PER_MINUTE,
    searchConcurrency: e.SEARCH_CONCURRENCY,
    minRestHours: e.MIN_REST_HOURS,
    webDist: path.resolve(e.WEB_DIST),
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    dbConnectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
    dbPoolSize: e.DATABASE_POOL_SIZE,
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    allowEmbeddedDatabase: e.ALLOW_EMBEDDED_DATABASE ?? false,
    minFreeDiskBytes: e.MIN_FREE_DISK_MB * 1024 * 1024,
    logLevel: e.LOG_LEVEL,
    urgentJobMs: e.URGENT_JOB_MS,
    movableClock: !isProduction && (e.MOVABLE_CLOCK ?? false),
    vapidKeys:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : null,
    vapidSubject: e.VAPID_SUBJECT ?? null,
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID && oidcCredential
        ? {
            issuer: e.OIDC_ISSUER,
            clientId: e.OIDC_CLIENT_ID,
            clientAuth: e.OIDC_CLIENT_SECRET
              ? { secret: e.OIDC_CLIENT_SECRET }
              : { privateKeyJwk: e.OIDC_CLIENT_PRIVATE_KEY! },
            displayName: e.OIDC_DISPLAY_NAME ?? "Logg inn med virksomhetskonto",
            emailClaim: e.OIDC_EMAIL_CLAIM,
            scopes: e.OIDC_SCOPES,
            only: e.OIDC_ONLY ?? false,
          }
        : null,
  };
}
