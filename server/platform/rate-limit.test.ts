import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/harness.ts";
import { AppError } from "./errors.ts";
import { enforceRateLimits } from "./rate-limit.ts";

describe("enforceRateLimits", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const attempt = (key: string, max: number, windowSeconds: number) =>
    enforceRateLimits(t.ctx.db, [{ key, max }], windowSeconds, "test-secret").then(
      () => "ok",
      (err: unknown) => (err instanceof AppError ? `${err.status} ${err.code}` : String(err)),
    );

  it("counts attempts per key within the window, then refuses with 429", async () => {
    const outcomes = [];
    for (let i = 0; i < 4; i++) outcomes.push(await attempt("probe:a", 3, 60));
    expect(outcomes).toEqual(["ok", "ok", "ok", "429 rate_limited"]);
    // Another key has its own count.
    expect(await attempt("probe:b", 3, 60)).toBe("ok");
  });

  it("starts a new window once the old one has passed", async () => {
    expect(await attempt("probe:c", 1, 1)).toBe("ok");
    expect(await attempt("probe:c", 1, 1)).toBe("429 rate_limited");
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await attempt("probe:c", 1, 1)).toBe("ok");
  });
});
