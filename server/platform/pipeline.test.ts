import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/harness.ts";
import { authenticate, authorize, registerRouteRegistry, requireFeature } from "./pipeline.ts";

describe("the route registry", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("lists every /api route with the action it declares", () => {
    const byRoute = Object.fromEntries(t.routes.map((r) => [`${r.method} ${r.url}`, r.action]));
    expect(byRoute).toMatchObject({
      "GET /api/health": "public",
      "POST /api/auth/magic-link": "public",
      "GET /api/departments": "department.list",
      "POST /api/me/departments": "department.join",
      "PUT /api/me/current-department": "department.switch",
      "GET /api/realtime": "realtime.connect",
    });
    for (const r of t.routes) expect(r.action, `${r.method} ${r.url}`).toBeTruthy();
  });

  it("refuses a route that declares no action", async () => {
    const app = Fastify();
    registerRouteRegistry(app);
    expect(() => app.get("/api/forgotten", async () => ({}))).toThrow(/declares no policy action/);
    await app.close();
  });

  it("refuses a route whose action no authorize step checks", async () => {
    const app = Fastify();
    registerRouteRegistry(app);
    expect(() =>
      app.get("/api/unchecked", { config: { action: "department.read" } }, async () => ({})),
    ).toThrow(/no authorize step checks it/);
    const check = authorize(t.ctx, "department.switch", () => ({ type: "department", id: "x" }));
    expect(() =>
      app.get(
        "/api/mismatch",
        { config: { action: "department.read" }, preHandler: [check] },
        async () => ({}),
      ),
    ).toThrow(/no authorize step checks it/);
    await app.close();
  });
});

describe("the pipeline's steps", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        extraRoutes(app, ctx) {
          app.get(
            "/api/test/hidden/:deptId",
            {
              config: { action: "thread.read" },
              preValidation: [authenticate(ctx)],
              preHandler: [
                authorize(ctx, "thread.read", (req) => {
                  const { deptId } = req.params as { deptId: string };
                  if (deptId === "missing") return null;
                  return { type: "thread", id: "t", deptId, kind: "direct", isPublic: false, memberIds: [] };
                }),
              ],
            },
            async () => ({ ok: true }),
          );
          app.get(
            "/api/test/off",
            { config: { action: "public" }, onRequest: [requireFeature(ctx, "devSwitcher")] },
            async () => ({ ok: true }),
          );
        },
      },
    );
  });
  afterAll(() => t.close());

  it("answers 401 before anything else when nobody is signed in", async () => {
    const res = await t.client().get("/api/test/hidden/x");
    expect(res.statusCode).toBe(401);
  });

  it("hides what the policy hides (404), and a missing resource looks the same", async () => {
    const c = t.client();
    await c.signIn("kari@demo.no");
    const [dept] = (await c.session()).memberships;
    const hidden = await c.get(`/api/test/hidden/${dept.deptId}`);
    const missing = await c.get("/api/test/hidden/missing");
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).toBe(missing.body);
  });

  it("answers a switched-off feature with 404 feature_disabled", async () => {
    const res = await t.client().get("/api/test/off");
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("feature_disabled");
  });
});
