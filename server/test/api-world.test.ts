import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiWorld, buildApiWorld, requestFor, routeKey } from "./api-world.ts";
import { createTestApp, type TestApp } from "./harness.ts";

describe("api world", () => {
  let t: TestApp;
  let world: ApiWorld;
  beforeAll(async () => {
    t = await createTestApp();
    world = await buildApiWorld(t);
  });
  afterAll(() => t.close());

  it("has a request for every route that passes the route's validation", async () => {
    const invalid: string[] = [];
    for (const route of t.routes) {
      if (route.url === "/api/realtime") continue; // a WebSocket upgrade, no body
      const req = await requestFor(t, route, world, { dept: "a", caller: world.ids.admin });
      const res = await t.app.inject({
        method: req.method as "GET",
        url: req.url,
        ...(req.payload === undefined ? {} : { payload: req.payload }),
        headers: { ...req.headers, cookie: world.as.admin.cookieHeader() },
      });
      if (res.statusCode === 400 && res.json().error?.code === "validation_failed")
        invalid.push(`${routeKey(route)}: ${res.body}`);
    }
    expect(invalid).toEqual([]);
  });

  it("names an unknown path parameter", async () => {
    await expect(
      requestFor(t, { method: "GET", url: "/api/things/:thingId" }, world, { dept: "a", caller: null }),
    ).rejects.toThrow("GET /api/things/:thingId: no resource for :thingId");
  });

  it("names a route without a body", async () => {
    await expect(
      requestFor(t, { method: "POST", url: "/api/things" }, world, { dept: "a", caller: null }),
    ).rejects.toThrow("POST /api/things: no valid body");
  });
});
