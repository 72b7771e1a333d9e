/**
 * A real app on a real database for API tests: each call gets its own fresh database
 * (a PGlite loaded from the run's template, or a PostgreSQL copy of it), the demo
 * data, and an inject client that keeps cookies like a browser.
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { Logger } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { inject } from "vitest";
import { type BuiltApp, buildApp } from "../app.ts";
import { type Env, loadConfig } from "../config.ts";
import { type Database, openDatabase, pgliteExtensions } from "../db/client.ts";
import { ensureDemoUsers } from "../db/seed/demo.ts";
import type { Clock } from "../platform/clock.ts";
import type { AppContext } from "../platform/context.ts";
import { listMailbox } from "../platform/mail.ts";
import { databaseUrlFor, randomDbName } from "./pg-admin.ts";

export const driver = process.env.TEST_DRIVER === "postgres" ? "postgres" : "pglite";

async function freshDatabase(
  env: Env,
  opts: TestAppOptions,
): Promise<{ database: Database; drop(): Promise<void> }> {
  if (driver === "pglite") {
    const tar = await readFile(inject("pgliteTemplate"));
    const client = await PGlite.create({ loadDataDir: new Blob([tar]), extensions: pgliteExtensions });
    const database = await openDatabase({ pglite: client }, { logger: opts.queryLogger });
    return { database, drop: async () => {} };
  }
  return freshPostgresDatabase(env, opts);
}

async function freshPostgresDatabase(
  env: Env = {},
  opts: TestAppOptions = {},
): Promise<{ database: Database; drop(): Promise<void>; url: string }> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = randomDbName("vaktrom_test");
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject("pgTemplate")}`);
  const url = databaseUrlFor(adminUrl, name);
  // The app's timeouts as its environment sets them, as main.ts opens the database
  // (only those read here: the rest of a production environment is testConfig's).
  const { dbStatementTimeoutMs, dbConnectTimeoutMs } = loadConfig({
    DB_STATEMENT_TIMEOUT_MS: env.DB_STATEMENT_TIMEOUT_MS,
    DB_CONNECT_TIMEOUT_MS: env.DB_CONNECT_TIMEOUT_MS,
  });
  const database = await openDatabase(
    {
      databaseUrl: opts.databaseVia?.(url) ?? url,
      statementTimeoutMs: dbStatementTimeoutMs,
      connectTimeoutMs: dbConnectTimeoutMs,
    },
    { logger: opts.queryLogger },
  );
  return {
    database,
    url,
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export interface TestApp extends BuiltApp {
  client(): Client;
  mailsTo(email: string): Promise<Awaited<ReturnType<typeof listMailbox>>>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  seed?: boolean;
  /** pino options, e.g. a stream to read the log */
  logger?: object;
  /** the app's clock, for tests that move time */
  clock?: Clock;
  /** routes a test adds to the real app (to exercise the pipeline's steps) */
  extraRoutes?: (app: FastifyInstance, ctx: AppContext) => void;
  /** PostgreSQL: the address the app reaches its database by, e.g. through a fault proxy */
  databaseVia?: (url: string) => string;
  /** sees every statement the app sends, with its parameters (server/test/query-plans.ts) */
  queryLogger?: Logger;
}

async function testConfig(env: Env) {
  const webDist = await mkdtemp(path.join(os.tmpdir(), "vaktrom-web-"));
  await writeFile(
    path.join(webDist, "index.html"),
    '<!doctype html><html lang="nb"><div id="root"></div></html>',
  );
  const config = loadConfig({
    LOG_LEVEL: "silent",
    DATA_DIR: webDist,
    WEB_DIST: webDist,
    PUBLIC_URL: "http://localhost:3000",
    AUTH_SECRET: env.APP_ENV === "production" ? "test-secret-test-secret-test-secret-42" : undefined,
    // Production needs SMTP; nothing listens here, so mail stays in the outbox for the test.
    SMTP_URL: env.APP_ENV === "production" ? "smtp://127.0.0.1:9" : undefined,
    // The test hands the app its database itself (PGlite or PostgreSQL), never through
    // DATABASE_URL: production's refusal of the embedded database does not apply.
    ALLOW_EMBEDDED_DATABASE: env.APP_ENV === "production" ? "1" : undefined,
    ...env,
  });
  return { config, webDist };
}

/** One app on `database`; closing it closes the app and `database`, then `afterClose`. */
export async function startTestApp(
  env: Env,
  database: Database,
  opts: TestAppOptions,
  afterClose: () => Promise<void>,
): Promise<TestApp> {
  const { config, webDist } = await testConfig(env);
  const built = await buildApp({
    config,
    database,
    logger: opts.logger ?? false,
    ...(opts.clock ? { clock: opts.clock } : {}),
  });
  opts.extraRoutes?.(built.app, built.ctx);
  await built.app.ready();
  return {
    ...built,
    client: () => new Client(built),
    // Sign-in mails are written after the answer: wait for that work first.
    mailsTo: async (email) => {
      await built.ctx.background.settled();
      return (await listMailbox(database.db)).filter((m) => m.to === email);
    },
    async close() {
      await built.app.close();
      await database.close();
      await afterClose();
      await rm(webDist, { recursive: true, force: true });
    },
  };
}

export async function createTestApp(env: Env = {}, opts: TestAppOptions = {}): Promise<TestApp> {
  const { database, drop } = await freshDatabase(env, opts);
  if (opts.seed !== false) await ensureDemoUsers(database.db);
  return startTestApp(env, database, opts, drop);
}

/**
 * Several app instances on one fresh PostgreSQL database, each with its own connection
 * pool, bus connection and files folder, as instances behind a load balancer are. Only
 * on PostgreSQL: the embedded database is one process's.
 */
export async function createTestCluster(
  count: number,
  env: Env = {},
  opts: TestAppOptions = {},
): Promise<{ apps: TestApp[]; close(): Promise<void> }> {
  if (driver !== "postgres") throw new Error("createTestCluster needs TEST_DRIVER=postgres");
  const { database: first, drop, url } = await freshPostgresDatabase();
  if (opts.seed !== false) await ensureDemoUsers(first.db);
  const apps: TestApp[] = [await startTestApp(env, first, opts, async () => {})];
  for (let i = 1; i < count; i++) {
    apps.push(await startTestApp(env, await openDatabase({ databaseUrl: url }), opts, async () => {}));
  }
  return {
    apps,
    async close() {
      for (const app of apps) await app.close();
      await drop();
    },
  };
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Like a browser: keeps the cookies the server sets and sends them back, and names the
 * page's origin (the app's) on state-changing requests.
 */
export class Client {
  private cookies = new Map<string, string>();
  constructor(private readonly built: BuiltApp) {}

  /** The origin our pages are served from, which a browser sends as Origin. */
  get origin(): string {
    return new URL(this.built.ctx.config.publicUrl).origin;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  /** What a page of ours sends on a request it makes itself (an upload, a socket): its cookies and Origin. */
  browserHeaders(): { cookie: string; origin: string } {
    return { cookie: this.cookieHeader(), origin: this.origin };
  }

  /** Holds a cookie as if the server had set it (a session made without signing in). */
  setCookie(name: string, value: string) {
    this.cookies.set(name, value);
  }

  async request(method: Method, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await this.built.app.inject({
      method,
      url,
      headers: {
        ...(this.cookies.size ? { cookie: this.cookieHeader() } : {}),
        ...(method === "GET" ? {} : { origin: this.origin }),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    const setCookie = res.headers["set-cookie"];
    for (const c of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair, ...attrs] = c.split(";");
      const [name, value] = pair!.split("=");
      const expired = attrs.some((a) => /max-age=0/i.test(a.trim())) || value === "";
      if (expired) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value!);
    }
    return res;
  }

  get = (url: string, headers?: Record<string, string>) => this.request("GET", url, undefined, headers);
  post = (url: string, body?: unknown, headers?: Record<string, string>) =>
    this.request("POST", url, body ?? {}, headers);
  put = (url: string, body?: unknown) => this.request("PUT", url, body ?? {});

  async session() {
    return (await this.get("/api/auth/session")).json().session;
  }

  async signIn(email: string, password = "demo1234") {
    const res = await this.post("/api/auth/sign-in", { email, password });
    if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  }
}

/** The token in the fragment of the link to `pathname` in the newest mail to `email`. */
export async function tokenFromMail(app: TestApp, email: string, pathname: string): Promise<string> {
  const [mail] = await app.mailsTo(email);
  if (!mail) throw new Error(`no mail to ${email}`);
  const match = mail.text.match(new RegExp(`https?://\\S+${pathname}#\\S+`));
  if (!match) throw new Error(`no ${pathname} link in mail to ${email}`);
  return new URLSearchParams(new URL(match[0]).hash.slice(1)).get("token")!;
}
