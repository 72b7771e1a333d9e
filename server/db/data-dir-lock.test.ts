/**
 * The embedded database's folder is one process's: a second server on the same DATA_DIR
 * refuses to start, naming the folder and the holder; after the holder is killed with
 * kill -9 (its lock left behind), a new server starts on it.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { driver } from "../test/harness.ts";
import { buildServerWhenStale, type SpawnedServer, spawnServer } from "../test/spawned-server.ts";

describe.skipIf(driver !== "pglite")("the embedded database's folder lock", { timeout: 180_000 }, () => {
  let dataDir: string;
  const servers: SpawnedServer[] = [];
  beforeAll(async () => {
    buildServerWhenStale();
    dataDir = await mkdtemp(path.join(os.tmpdir(), "vaktrom-lock-"));
  }, 300_000);
  afterAll(async () => {
    for (const server of servers) await server.cleanUp();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("refuses a second process on the same DATA_DIR, then lets a new one in after the holder's kill -9", async () => {
    const first = await spawnServer({ dataDir });
    servers.push(first);
    const holder = first.serverPid();

    const second = await spawnServer({ dataDir, healthy: false });
    servers.push(second);
    expect((await second.exited).code).not.toBe(0);
    expect(second.output()).toContain(`The embedded database in ${dataDir} is in use by process ${holder}`);
    // The first one was not disturbed.
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);

    // No shutdown, no clean-up: the lock file stays behind, its process gone.
    process.kill(holder, "SIGKILL");
    await first.exited;
    const third = await spawnServer({ dataDir });
    servers.push(third);
    expect((await fetch(`${third.url}/api/health`)).status).toBe(200);
  });
});
