import { hashPassword } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";
import { account, user } from "./db/schema.ts";
import { demoAccountsWithDemoPassword, seedDemoData } from "./db/seed/demo.ts";
import { createTestApp, type TestApp } from "./test/harness.ts";

describe("configuration", () => {
  it("requires AUTH_SECRET in production", () => {
    expect(() => loadConfig({ APP_ENV: "production" })).toThrow(ConfigError);
    expect(() => loadConfig({ APP_ENV: "production", AUTH_SECRET: "x".repeat(32) })).not.toThrow();
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
      ALLOWED_EMAIL_DOMAINS: "Sykehus.no, @ous.no",
    });
    expect(prod).toMatchObject({ demoTools: false, autoSignIn: false, sessionIdleMinutes: 60 });
    expect(prod.allowedEmailDomains).toEqual(["sykehus.no", "ous.no"]);
  });

  it("refuses a malformed value with a readable message", () => {
    expect(() => loadConfig({ PORT: "abc" })).toThrow(/PORT/);
  });
});

describe("demo data and production safety", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { seed: false });
  });
  afterAll(() => t.close());

  it("seeds only an empty database, and finds demo accounts with the demo password", async () => {
    expect(await seedDemoData(t.ctx.db)).toBe(true);
    expect(await seedDemoData(t.ctx.db)).toBe(false);
    expect((await demoAccountsWithDemoPassword(t.ctx.db)).sort()).toHaveLength(6);
    const [admin] = await t.ctx.db.select().from(user).where(eq(user.email, "admin@demo.no"));
    await t.ctx.db
      .update(account)
      .set({ password: await hashPassword("a-real-strong-password") })
      .where(eq(account.userId, admin!.id));
    expect(await demoAccountsWithDemoPassword(t.ctx.db)).not.toContain("admin@demo.no");
  });
});
