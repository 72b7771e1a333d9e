import { hashPassword } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";
import { account, user } from "./db/schema.ts";
import { demoAccountsWithDemoPassword } from "./db/seed/demo.ts";
import { prepareDatabase } from "./startup.ts";
import { createTestApp, type TestApp } from "./test/harness.ts";

describe("configuration", () => {
  it("requires AUTH_SECRET and SMTP_URL in production", () => {
    const smtp = { SMTP_URL: "smtp://mail.sykehus.no" };
    const secret = { AUTH_SECRET: "x".repeat(32) };
    const db = { DATABASE_URL: "postgres://vaktrom@db.sykehus.no/vaktrom" };
    expect(() => loadConfig({ APP_ENV: "production", ...smtp, ...db })).toThrow(/AUTH_SECRET/);
    expect(() => loadConfig({ APP_ENV: "production", ...secret, ...db })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ APP_ENV: "production", ...secret, ...smtp, ...db })).not.toThrow();
  });

  it("refuses the embedded database in production unless allowed by name, saying why", () => {
    const production = {
      APP_ENV: "production",
      AUTH_SECRET: "x".repeat(32),
      SMTP_URL: "smtp://mail.sykehus.no",
    };
    expect(() => loadConfig(production)).toThrow(ConfigError);
    expect(() => loadConfig(production)).toThrow(
      /DATABASE_URL.*fsync.*power loss.*ALLOW_EMBEDDED_DATABASE=1/s,
    );
    expect(() => loadConfig({ ...production, ALLOW_EMBEDDED_DATABASE: "0" })).toThrow(/fsync/);
    expect(loadConfig({ ...production, ALLOW_EMBEDDED_DATABASE: "1" }).allowEmbeddedDatabase).toBe(true);
    // Staging may use it freely: it is for trying the app out.
    expect(loadConfig({}).databaseUrl).toBeNull();
  });

  it("turns demo tools, auto sign-in and the idle timeout on by environment", () => {
    const staging = loadConfig({});
    expect(staging).toMatchObject({
      appEnv: "staging",
      demoTools: true,
      autoSignIn: true,
      sessionIdleMinutes: null,
      port: 3000,
    });
    expect(loadConfig({ AUTO_SIGNIN: "0" }).autoSignIn).toBe(false);
    const prod = loadConfig({
      APP_ENV: "production",
      AUTH_SECRET: "x".repeat(32),
      SMTP_URL: "smtp://mail.sykehus.no",
      ALLOW_EMBEDDED_DATABASE: "1",
      ALLOWED_EMAIL_DOMAINS: "Sykehus.no, @ous.no",
    });
    expect(prod).toMatchObject({ demoTools: false, autoSignIn: false, sessionIdleMinutes: 60 });
    expect(prod.allowedEmailDomains).toEqual(["sykehus.no", "ous.no"]);
  });

  it("refuses a malformed value with a readable message", () => {
    expect(() => loadConfig({ PORT: "abc" })).toThrow(/PORT/);
  });

  it("takes single sign-on whole: issuer, client and one credential, or none of it", () => {
    const issuer = { OIDC_ISSUER: "https://login.microsoftonline.com/t/v2.0", OIDC_CLIENT_ID: "app" };
    expect(loadConfig({}).oidc).toBeNull();
    expect(() => loadConfig(issuer)).toThrow(/OIDC_CLIENT_SECRET/);
    expect(() => loadConfig({ OIDC_ONLY: "1" })).toThrow(/OIDC_ONLY/);
    expect(() => loadConfig({ ...issuer, OIDC_CLIENT_SECRET: "s", OIDC_CLIENT_PRIVATE_KEY: "{}" })).toThrow(
      /not both/,
    );
    expect(loadConfig({ ...issuer, OIDC_CLIENT_SECRET: "s" }).oidc).toMatchObject({
      clientAuth: { secret: "s" },
      displayName: "Logg inn med virksomhetskonto",
      emailClaim: "email",
      only: false,
    });
  });
});

describe("demo data and production safety", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { seed: false });
  });
  afterAll(() => t.close());

  const production = loadConfig({
    APP_ENV: "production",
    AUTH_SECRET: "x".repeat(32),
    SMTP_URL: "smtp://mail.sykehus.no",
    ALLOW_EMBEDDED_DATABASE: "1",
  });

  it("seeds staging only when the database is empty", async () => {
    expect(await prepareDatabase(loadConfig({}), t.ctx.db)).toBe(true);
    expect(await prepareDatabase(loadConfig({}), t.ctx.db)).toBe(false);
    expect(await t.ctx.db.select().from(user)).toHaveLength(6);
  });

  it("seeds a chat history that the demo people can read, with nothing unread", async () => {
    const kari = t.client();
    await kari.signIn("kari@demo.no");
    const thread = (await kari.post("/api/chat/department")).json();
    const page = (await kari.get(`/api/chat/threads/${thread.id}/messages`)).json();
    expect(page.messages.length).toBeGreaterThan(5);
    expect(page.messages.every((m: { content: string | null }) => m.content)).toBe(true);
    const dms = (await kari.get("/api/chat/direct")).json();
    expect(JSON.stringify(dms)).toContain("Ola Nordmann");
    const unread = (await kari.get("/api/chat/unread")).json();
    expect(unread).toMatchObject({ department: 0, direct: 0, channels: 0 });
    expect(unread.threads.length).toBeGreaterThanOrEqual(3);
    // The private channel is its members' only.
    const channels = JSON.stringify((await kari.get("/api/chat/channels")).json());
    expect(channels).toContain("Fagutvikling");
    expect(channels).not.toContain("Ledergruppen");
  });

  it("refuses to start production while demo accounts have the demo password", async () => {
    await expect(prepareDatabase(production, t.ctx.db)).rejects.toThrow(/demo password/);
    expect((await demoAccountsWithDemoPassword(t.ctx.db)).sort()).toHaveLength(6);
    const strong = await hashPassword("a-real-strong-password");
    for (const u of await t.ctx.db.select().from(user)) {
      await t.ctx.db.update(account).set({ password: strong }).where(eq(account.userId, u.id));
    }
    expect(await demoAccountsWithDemoPassword(t.ctx.db)).toEqual([]);
    expect(await prepareDatabase(production, t.ctx.db)).toBe(false);
  });
});
