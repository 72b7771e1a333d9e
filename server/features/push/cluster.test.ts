/**
 * Two instances on one PostgreSQL: an event is turned into pushes by the instance that
 * published it only (the other hears it over the bus, but not through its tap), and two
 * senders draining one queue at once send each row once (`FOR UPDATE SKIP LOCKED`).
 */
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pushQueue } from "../../db/schema.ts";
import { makeDepartment, makeStaff, signedInClient } from "../../test/factories.ts";
import { createTestCluster, driver, type TestApp } from "../../test/harness.ts";
import { pushRuntime } from "./runtime.ts";

const keys = {
  p256dh: "BO7bZxPI1xTF1ifcoXRqfDd0v5H4IGU5ZbJX8WuQN7on7IEUEOUu7KCxYA9zxAP-k9qbfkATHEurV-n-LIHx_Qs",
  auth: "1Fg_pEuPxioEGBlFRBFLmA",
};

describe.skipIf(driver !== "postgres")("push with two instances", () => {
  let cluster: Awaited<ReturnType<typeof createTestCluster>>;
  let a: TestApp;
  let b: TestApp;
  let server: Server;
  let received: string[];
  let endpoint: string;

  const settle = async () => {
    await new Promise((resolve) => setTimeout(resolve, 100));
    await Promise.all([a.ctx.background.settled(), b.ctx.background.settled()]);
  };

  beforeAll(async () => {
    received = [];
    server = createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        received.push(req.url ?? "");
        res.writeHead(201).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/push/kari`;
    cluster = await createTestCluster(2);
    [a, b] = cluster.apps as [TestApp, TestApp];
  });
  afterAll(async () => {
    await cluster?.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it("pushes a message once, from the instance that published it, and each queued row once", async () => {
    const dept = (await makeDepartment(a)).id;
    const kari = await makeStaff(a, { role: "staff", dept, active: true });
    const ola = await makeStaff(a, { role: "staff", dept, active: true });
    const kariOnA = await signedInClient(a, kari.userId);
    const olaOnB = await signedInClient(b, ola.userId);
    const device = await kariOnA.post("/api/push/subscriptions", { endpoint, keys });
    expect(device.statusCode, device.body).toBe(201);
    // Both instances use the same keys.
    expect((await pushRuntime(a.ctx).vapid()).publicKey).toBe((await pushRuntime(b.ctx).vapid()).publicKey);

    const thread = (await olaOnB.post("/api/chat/direct", { userId: kari.userId })).json().id as string;
    const sent = await olaOnB.post(`/api/chat/threads/${thread}/messages`, { content: "Hei fra B" });
    expect(sent.statusCode, sent.body).toBe(201);
    await settle();
    expect(received).toHaveLength(1);

    // Sixty waiting rows and both senders at once: sixty pushes.
    received = [];
    await a.ctx.db.insert(pushQueue).values(
      Array.from({ length: 60 }, () => ({
        subscriptionId: device.json().id as string,
        payload: { kind: "message", id: randomUUID(), threadKind: "direct" },
      })),
    );
    await Promise.all([pushRuntime(a.ctx).sender.kick(), pushRuntime(b.ctx).sender.kick()]);
    expect(received).toHaveLength(60);
    expect(await a.ctx.db.select().from(pushQueue)).toEqual([]);
  });
});
