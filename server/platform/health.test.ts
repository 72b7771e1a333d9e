/**
 * Health reports the database, the disk where files are written and the event bus;
 * any of them not ok makes it 503, so a load balancer takes the instance out.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/harness.ts";
import { type EventBus, InProcessEventBus } from "./events.ts";
import { busCheck, diskCheck } from "./health.ts";

describe("health", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("is ok with the database, the disk and the bus", async () => {
    const res = await t.client().get("/api/health");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", database: "ok", driver: t.ctx.driver, disk: "ok", bus: "ok" });
  });

  it("is 503 when the disk runs low", async () => {
    const low = await createTestApp({ MIN_FREE_DISK_MB: String(1024 * 1024 * 1024) }, { seed: false });
    try {
      const res = await low.client().get("/api/health");
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: "degraded", database: "ok", disk: "low", bus: "ok" });
    } finally {
      await low.close();
    }
  });
});

describe("the disk and bus checks", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "vaktrom-health-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("say ok for a writable folder with room, low under the minimum, error where nothing can be written", async () => {
    expect(await diskCheck(dir, 0)()).toBe("ok");
    expect(await diskCheck(dir, Number.MAX_SAFE_INTEGER)()).toBe("low");
    expect(await diskCheck(path.join(dir, "not-yet"), 0)()).toBe("ok");
    // There, but nothing can be written in it (a file where the folder should be; as root,
    // a read-only folder would still take a file).
    const file = path.join(dir, "a-file");
    await writeFile(file, "");
    expect(await diskCheck(file, 0)()).toBe("error");
  });

  it("take the bus's own word (the in-process one always reaches its listeners)", () => {
    expect(busCheck(new InProcessEventBus())()).toBe("ok");
    const bus = (healthy: boolean): EventBus => ({
      publish: async () => {},
      subscribe: () => () => {},
      onResync: () => () => {},
      heardWithin: () => false,
      close: async () => {},
      healthy: () => healthy,
    });
    expect(busCheck(bus(true))()).toBe("ok");
    expect(busCheck(bus(false))()).toBe("error");
  });
});
