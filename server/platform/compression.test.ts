import { gunzipSync } from "node:zlib";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/harness.ts";
import { acceptsGzip, registerCompression } from "./compression.ts";

describe("acceptsGzip", () => {
  it.each([
    ["gzip, deflate, br", true],
    ["br;q=1.0, gzip;q=0.8", true],
    ["*", true],
    ["GZIP", true],
    ["gzip;q=0", false],
    ["br, identity", false],
    ["", false],
    [undefined, false],
  ])("%s → %s", (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});

describe("compressed answers", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("gzips a larger answer for a client that takes it, and says it varies", async () => {
    const plain = await t.client().get("/api/docs/json", { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);
    const zipped = await t.app.inject({
      method: "GET",
      url: "/api/docs/json",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(Number(zipped.headers["content-length"])).toBe(zipped.rawPayload.length);
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
  });

  it("leaves small answers as they are", async () => {
    const res = await t.client().get("/api/health", { "accept-encoding": "gzip" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
  });
});

describe("answers of every size", () => {
  // Under 8 KB compressed in place, from 8 KB on libuv's threads: both give the same gzip.
  it.each([500, 4_000, 8_192, 60_000])("an answer of %i characters arrives whole", async (size) => {
    const app = Fastify();
    registerCompression(app);
    const text = JSON.stringify({ items: Array.from({ length: size }, (_, i) => i % 10).join("") });
    app.get("/", async (_request, reply) => reply.type("application/json").send(text));
    const res = await app.inject({ method: "GET", url: "/", headers: { "accept-encoding": "gzip" } });
    const body =
      res.headers["content-encoding"] === "gzip" ? gunzipSync(res.rawPayload).toString() : res.body;
    expect(res.headers["content-encoding"]).toBe(size >= 1024 ? "gzip" : undefined);
    expect(body).toBe(text);
    await app.close();
  });
});
