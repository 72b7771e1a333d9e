/**
 * What an outsider can send that must change nothing: forged proxy headers, control
 * characters, crafted return paths; and what the server must never give away: tokens
 * in logs, raw addresses in tables, cacheable answers, the API map in production.
 */
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { returnPath } from "../../common/schemas/auth.ts";
import { loadConfig } from "../config.ts";
import { rateLimits } from "../db/schema.ts";
import { createTestApp, type TestApp } from "../test/harness.ts";
import { redactUrl } from "./logging.ts";

describe("forged proxy headers (TRUST_PROXY off, the default)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_IP: "3", RATE_LIMIT_PER_EMAIL: "100" });
  });
  afterAll(() => t.close());

  it("do not reset the per-IP limit with a new X-Forwarded-For", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t
        .client()
        .post(
          "/api/auth/magic-link",
          { email: `person${i}@sykehus.no` },
          { "x-forwarded-for": `10.0.0.${i}`, "x-real-ip": `10.0.0.${i}` },
        );
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 429, 429, 429]);
  });

  it("do not make a foreign origin our own through X-Forwarded-Host", async () => {
    const res = await t
      .client()
      .post(
        "/api/auth/sign-in",
        { email: "kari@demo.no", password: "demo1234" },
        { origin: "https://evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" },
      );
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe("forbidden_origin");
  });
});

describe("TRUST_PROXY set to one hop", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: "1", RATE_LIMIT_PER_IP: "2", RATE_LIMIT_PER_EMAIL: "100" });
  });
  afterAll(() => t.close());

  it("counts per client address as the proxy reports it", async () => {
    const from = (ip: string) =>
      t.client().post("/api/auth/magic-link", { email: "a@sykehus.no" }, { "x-forwarded-for": ip });
    expect((await from("192.0.2.1")).statusCode).toBe(200);
    expect((await from("192.0.2.1")).statusCode).toBe(200);
    expect((await from("192.0.2.1")).statusCode).toBe(429);
    expect((await from("192.0.2.2")).statusCode).toBe(200);
  });
});

describe("TRUST_PROXY values", () => {
  it.each([
    [undefined, false],
    ["false", false],
    ["0", false],
    ["true", true],
    ["2", 2],
    ["10.0.0.1, 10.0.0.0/8", "10.0.0.1, 10.0.0.0/8"],
  ])("%s → %s", (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toBe(expected);
  });

  it("listens on loopback only in staging unless HOST is set", () => {
    expect(loadConfig({}).host).toBe("localhost");
    expect(loadConfig({ HOST: "0.0.0.0" }).host).toBe("0.0.0.0");
    expect(
      loadConfig({
        APP_ENV: "production",
        AUTH_SECRET: "x".repeat(32),
        SMTP_URL: "smtp://mail.sykehus.no",
        DATABASE_URL: "postgres://vaktrom@db.sykehus.no/vaktrom",
      }).host,
    ).toBe("0.0.0.0");
  });
});

describe("control characters and return paths", () => {
  let t: TestApp;
  beforeAll(async () => {
    // Malformed requests count against the limits too; here they are the point.
    t = await createTestApp({ RATE_LIMIT_PER_IP: "1000", RATE_LIMIT_PER_EMAIL: "1000" });
  });
  afterAll(() => t.close());

  it("refuses a NUL or a line break in an address or name with 400, never 500", async () => {
    const bodies: [string, object][] = [
      ["/api/auth/sign-in", { email: "kari\u0000@demo.no", password: "demo1234" }],
      ["/api/auth/magic-link", { email: "kari@demo.no\u0000" }],
      ["/api/auth/password-reset", { email: "kari@demo.no\r\nBcc: x@y.no" }],
      [
        "/api/auth/register",
        {
          fullName: "Nils\u0000",
          email: "nils@sykehus.no",
          password: "hemmelig",
          confirmPassword: "hemmelig",
        },
      ],
      [
        "/api/auth/register",
        {
          fullName: "Nils",
          email: "nils\u0000@sykehus.no",
          password: "hemmelig",
          confirmPassword: "hemmelig",
        },
      ],
    ];
    for (const [url, body] of bodies) {
      const res = await t.client().post(url, body);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.code).toBe("validation_failed");
    }
  });

  it.each([
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r/evil.example",
    "//evil.example",
    "/\\evil.example",
    "/\\/evil.example",
    "https://evil.example",
    "javascript:alert(1)",
    "chat",
  ])("refuses the return path %j", async (next) => {
    expect(returnPath.safeParse(next).success).toBe(false);
    const res = await t.client().post("/api/auth/magic-link", { email: "kari@demo.no", next });
    expect(res.statusCode).toBe(400);
  });

  it.each(["/", "/chat/dm/123", "/shifts/swaps?tab=history", "/chat#bottom"])("accepts %j", (next) => {
    expect(returnPath.safeParse(next).success).toBe(true);
  });
});

describe("what the server gives away", () => {
  let t: TestApp;
  let log = "";
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        log += chunk.toString();
        done();
      },
    });
    t = await createTestApp({ LOG_LEVEL: "info" }, { logger: { stream } });
  });
  afterAll(() => t.close());

  it("logs auth paths without their query string", async () => {
    await t.client().get("/auth/magic?token=hemmelig-token-123&next=%2F");
    await t.client().get("/api/auth/session?token=hemmelig-token-456");
    await t.client().get("/api/health?probe=1");
    expect(log).toContain("/auth/magic?[redacted]");
    expect(log).not.toContain("hemmelig-token");
    expect(log).toContain("/api/health?probe=1");
    expect(redactUrl("/auth/confirm?token=x")).toBe("/auth/confirm?[redacted]");
  });

  it("stores rate-limit keys as hashes, with no address or IP in them", async () => {
    await t.client().post("/api/auth/magic-link", { email: "kari@demo.no" });
    const keys = (await t.ctx.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(key).not.toMatch(/kari|@|127\.0\.0\.1|magic/);
      expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
  });

  it("marks every API answer no-store, and allows sockets only to its own origin", async () => {
    for (const url of ["/api/health", "/api/auth/session", "/api/config", "/api/nothing-here"]) {
      const res = await t.client().get(url);
      expect(res.headers["cache-control"], url).toBe("no-store");
    }
    const csp = String((await t.client().get("/")).headers["content-security-policy"]);
    const connect = csp.split(";").find((d) => d.trim().startsWith("connect-src"));
    expect(connect?.trim()).toBe("connect-src 'self' ws://localhost:3000");
  });

  it("serves the API documentation outside production", async () => {
    expect((await t.client().get("/api/docs/json")).statusCode).toBe(200);
  });
});

describe("production", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      { APP_ENV: "production", PUBLIC_URL: "https://vakt.sykehus.no" },
      { seed: false },
    );
  });
  afterAll(() => t.close());

  it("does not serve the API documentation", async () => {
    for (const url of ["/api/docs", "/api/docs/json", "/api/docs/static/index.html"]) {
      expect((await t.client().get(url)).statusCode, url).toBe(404);
    }
  });

  it("allows sockets only to its own secure origin", async () => {
    const csp = String((await t.client().get("/api/health")).headers["content-security-policy"]);
    expect(csp).toContain("connect-src 'self' wss://vakt.sykehus.no");
  });

  it("refuses its `__Host-` session cookie without Origin on a state-changing request", async () => {
    const headers = { cookie: "__Host-vaktrom.session_token=forged" };
    const res = await t.app.inject({ method: "POST", url: "/api/chat/department", headers });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe("forbidden_origin");
    const own = await t.app.inject({
      method: "POST",
      url: "/api/chat/department",
      headers: { ...headers, origin: "https://vakt.sykehus.no" },
    });
    expect(own.statusCode).toBe(401);
  });

  it("pins browsers to HTTPS", async () => {
    const res = await t.client().get("/api/health");
    expect(res.headers["strict-transport-security"]).toMatch(/^max-age=\d+; includeSubDomains$/);
  });
});
