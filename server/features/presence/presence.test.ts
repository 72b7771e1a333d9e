import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BusEvent } from "../../platform/events.ts";
import { createTestApp, type TestApp } from "../../test/harness.ts";

describe("presence", () => {
  let t: TestApp;
  let now = new Date("2026-11-23T10:00:00Z");
  let ids: { anestesi: string; intensiv: string };
  beforeAll(async () => {
    t = await createTestApp({}, { clock: { now: () => now } });
    const c = t.client();
    await c.signIn("kari@demo.no");
    const s = await c.session();
    const per = t.client();
    await per.signIn("intensiv@demo.no");
    ids = { anestesi: s.currentDeptId, intensiv: (await per.session()).currentDeptId };
  });
  afterAll(() => t.close());

  const listen = (topic: string) => {
    const seen: BusEvent[] = [];
    const stop = t.ctx.bus.subscribe(topic, (e) => seen.push(e));
    return {
      async events() {
        await new Promise((r) => setTimeout(r, 20));
        stop();
        return seen.map((e) => [e.type, "userId" in e.payload ? e.payload.userId : undefined]);
      },
    };
  };

  it("records a heartbeat and announces someone coming online once, on their department", async () => {
    const kari = t.client();
    await kari.signIn("kari@demo.no");
    const kariId = (await kari.session()).user.id;
    const anestesi = listen(`dept:${ids.anestesi}`);
    const intensiv = listen(`dept:${ids.intensiv}`);
    expect((await kari.post("/api/presence/heartbeat", {}, { "x-activity": "background" })).statusCode).toBe(
      200,
    );
    now = new Date(now.getTime() + 30_000);
    await kari.post("/api/presence/heartbeat", {}, { "x-activity": "background" });
    expect(await anestesi.events()).toEqual([["presence.online", kariId]]);
    expect(await intensiv.events()).toEqual([]);

    // Away after 90 s without a heartbeat; the next one announces her again.
    now = new Date(now.getTime() + 5 * 60_000);
    const again = listen(`dept:${ids.anestesi}`);
    await kari.post("/api/presence/heartbeat", {}, { "x-activity": "background" });
    expect(await again.events()).toEqual([["presence.online", kariId]]);
  });

  it("lists the department's people seen in the last ten minutes, for its members only", async () => {
    const ola = t.client();
    await ola.signIn("ola@demo.no");
    const res = await ola.get(`/api/departments/${ids.anestesi}/presence`);
    expect(res.statusCode).toBe(200);
    const kariId = (
      await (async () => {
        const k = t.client();
        await k.signIn("kari@demo.no");
        return k.session();
      })()
    ).user.id;
    expect(res.json().presence).toEqual([{ userId: kariId, lastSeenAt: now.toISOString() }]);

    now = new Date(now.getTime() + 11 * 60_000);
    expect((await ola.get(`/api/departments/${ids.anestesi}/presence`)).json().presence).toEqual([]);

    const per = t.client();
    await per.signIn("intensiv@demo.no");
    expect((await per.get(`/api/departments/${ids.anestesi}/presence`)).statusCode).toBe(403);
    expect((await t.client().post("/api/presence/heartbeat")).statusCode).toBe(401);
  });
});
