import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultBrand } from "../../common/schemas/brand.ts";
import { createTestApp, type TestApp } from "../test/harness.ts";

describe("platform endpoints", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("reports health with the database status", async () => {
    const res = await t.client().get("/api/health");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "ok", database: "ok", driver: t.ctx.driver });
  });

  it("serves the app configuration with flags and limits", async () => {
    const res = await t.client().get("/api/config");
    expect(res.json()).toMatchObject({
      environment: "staging",
      autoSignIn: true,
      demoTools: true,
      features: { shifts: true, chatModerationBlocking: false, devSwitcher: false },
      limits: { maxUploadMB: 20, passwordMinLength: 6 },
    });
  });

  it("serves the default brand", async () => {
    const res = await t.client().get("/brand/brand.default.json");
    expect(res.json()).toEqual(defaultBrand);
    expect(res.json().colors.primary).toBe("#1F3A5B");
  });

  it("sends security headers with a CSP that allows no inline script", async () => {
    const res = await t.client().get("/login");
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(csp).toContain("frame-ancestors 'none'");
    // HTTPS is the production proxy's: staging and tests do not pin browsers to it.
    expect(res.headers["strict-transport-security"]).toBeUndefined();
    // The same headers on API answers.
    const api = await t.client().get("/api/health");
    expect(api.headers["content-security-policy"]).toBe(res.headers["content-security-policy"]);
    expect(api.headers["x-frame-options"]).toBe("DENY");
  });

  it("serves the web app for page paths and JSON 404 for unknown API paths", async () => {
    for (const url of ["/", "/chat/department", "/auth/magic?token=abc"]) {
      const page = await t.client().get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.body).toContain('<div id="root">');
      expect(page.headers["cache-control"]).toBe("no-cache");
    }
    const api = await t.client().get("/api/nope");
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe("not_found");
  });

  it("compresses larger responses", async () => {
    const res = await t.client().get("/api/docs/json", { "accept-encoding": "br, gzip" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("gzip");
  });

  it("publishes an OpenAPI document generated from the schemas", async () => {
    const res = await t.client().get("/api/docs/json", { "accept-encoding": "identity" });
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3/);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/api/auth/magic-link", "/api/health"]));
    expect(doc.paths["/api/auth/register"].post.requestBody).toBeDefined();
    expect(Object.keys(doc.paths["/api/auth/register"].post.responses)).toEqual(
      expect.arrayContaining(["201", "4XX"]),
    );
  });

  it("answers malformed JSON with 400 invalid_json, never 500", async () => {
    for (const payload of ['{"email": ', "", "[1,"]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/magic-link",
        headers: { "content-type": "application/json" },
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe("invalid_json");
    }
  });

  it("answers schema violations with 400 validation_failed and the fields", async () => {
    const res = await t.client().post("/api/auth/magic-link", { email: 42 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("validation_failed");
    expect(res.json().error.fields).toHaveProperty("email");
    const next = await t
      .client()
      .post("/api/auth/magic-link", { email: "kari@demo.no", next: "//evil.example" });
    expect(next.statusCode).toBe(400);
  });

  it("refuses oversized bodies with 413", async () => {
    const res = await t
      .client()
      .post("/api/auth/magic-link", { email: "a@b.no", pad: "x".repeat(1_100_000) });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe("payload_too_large");
  });

  it("refuses state-changing requests from a foreign origin", async () => {
    const res = await t.client().post(
      "/api/auth/sign-in",
      { email: "kari@demo.no", password: "demo1234" },
      {
        origin: "https://evil.example",
      },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe("forbidden_origin");
    const own = await t.client().post(
      "/api/auth/sign-in",
      { email: "kari@demo.no", password: "demo1234" },
      {
        origin: "http://localhost:3000",
      },
    );
    expect(own.statusCode).toBe(200);
  });

  it("refuses a state-changing request that carries the session cookie but no Origin", async () => {
    const kari = t.client();
    await kari.signIn("kari@demo.no");
    const post = (headers: Record<string, string>) =>
      t.app.inject({
        method: "POST",
        url: "/api/chat/department",
        headers: { cookie: kari.cookieHeader(), ...headers },
      });
    const unvouched: Record<string, string>[] = [
      {},
      { "sec-fetch-site": "same-site" },
      { "sec-fetch-site": "none" },
    ];
    for (const headers of unvouched) {
      const res = await post(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().error.code).toBe("forbidden_origin");
    }
    // A forged or stale session cookie is refused the same way: the check is before its reading.
    const forged = await t.app.inject({
      method: "POST",
      url: "/api/chat/department",
      headers: { cookie: "theme=dark; vaktrom.session_token=forged" },
    });
    expect(forged.json().error.code).toBe("forbidden_origin");
    // The browser vouching for it as same-origin stands in for the Origin it left out.
    expect((await post({ "sec-fetch-site": "same-origin" })).statusCode).toBe(200);
    expect((await post({ origin: kari.origin })).statusCode).toBe(200);
  });

  it("lets a request without the session cookie through without Origin (signing in)", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in",
      payload: { email: "kari@demo.no", password: "demo1234" },
      headers: { cookie: "theme=dark" },
    });
    expect(res.statusCode).toBe(200);
  });

  it("requires a session for protected endpoints", async () => {
    const res = await t.client().get("/api/departments");
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({ code: "not_authenticated", message: "Du må være innlogget." });
  });
});

describe("brand file", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "vaktrom-brand-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("overrides brand and flags from BRAND_FILE", async () => {
    const file = path.join(dir, "brand.json");
    await writeFile(
      file,
      JSON.stringify({ name: "St. Olavs", colors: { primary: "#004080" }, features: { devSwitcher: true } }),
    );
    const t = await createTestApp({ BRAND_FILE: file });
    try {
      const brand = (await t.client().get("/brand/brand.default.json")).json();
      expect(brand.name).toBe("St. Olavs");
      expect(brand.colors.primary).toBe("#004080");
      expect(brand.colors.border).toBe(defaultBrand.colors.border);
      expect((await t.client().get("/api/config")).json().features.devSwitcher).toBe(true);
    } finally {
      await t.close();
    }
  });

  it("falls back to the defaults when the file is missing or invalid", async () => {
    const broken = path.join(dir, "broken.json");
    await writeFile(broken, "{ not json");
    for (const file of [path.join(dir, "missing.json"), broken]) {
      const t = await createTestApp({ BRAND_FILE: file });
      try {
        expect((await t.client().get("/brand/brand.default.json")).json()).toEqual(defaultBrand);
      } finally {
        await t.close();
      }
    }
  });
});
