/**
 * Push subscriptions through the API (issue 27): who may, what is refused, the device
 * limit, one device per browser, removing, the preview choice, the VAPID keys, and that a
 * deactivated or deleted person's devices go.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { pushLimits } from "../../../common/base/limits.ts";
import { pushDevice, pushState } from "../../../common/schemas/push.ts";
import { loadConfig } from "../../config.ts";
import { adminAuditLog, appSettings, pushSubscriptions, user } from "../../db/schema.ts";
import { makeDepartment, makeStaff, signedInClient } from "../../test/factories.ts";
import { type Client, createTestApp, type TestApp } from "../../test/harness.ts";
import { browserLabel } from "./browser-label.ts";
import { endpointAllowed } from "./devices.ts";
import { resolveVapid } from "./vapid.ts";

const keys = {
  p256dh: "BO7bZxPI1xTF1ifcoXRqfDd0v5H4IGU5ZbJX8WuQN7on7IEUEOUu7KCxYA9zxAP-k9qbfkATHEurV-n-LIHx_Qs",
  auth: "1Fg_pEuPxioEGBlFRBFLmA",
};
const endpoint = () => `https://push.example.com/send/${randomUUID()}`;
const chromeOnAndroid =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";

describe("push subscriptions API", () => {
  let t: TestApp;
  let dept: string;
  let kari: { id: string; as: Client };
  let ola: { id: string; as: Client };
  let admin: { id: string; as: Client };

  const subscribe = (as: Client, body: unknown, userAgent = chromeOnAndroid) =>
    as.post("/api/push/subscriptions", body, { "user-agent": userAgent });
  const state = async (as: Client) => {
    const res = await as.get("/api/push");
    expect(res.statusCode, res.body).toBe(200);
    return pushState.parse(res.json());
  };
  const person = async (role: "staff" | "admin") => {
    const made = await makeStaff(t, { role, dept, active: true });
    return { id: made.userId, as: await signedInClient(t, made.userId) };
  };

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_IP: "100000" });
    dept = (await makeDepartment(t)).id;
    kari = await person("staff");
    ola = await person("staff");
    admin = await person("admin");
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.ctx.db.delete(pushSubscriptions);
  });

  it("asks for a signed-in person (401) and a subscription as the Push API gives it (400)", async () => {
    const anonymous = t.client();
    expect((await anonymous.get("/api/push")).statusCode).toBe(401);
    expect((await subscribe(anonymous, { endpoint: endpoint(), keys })).statusCode).toBe(401);
    expect((await anonymous.put("/api/push/preference", { showContent: true })).statusCode).toBe(401);
    expect((await anonymous.request("DELETE", `/api/push/subscriptions/${randomUUID()}`)).statusCode).toBe(
      401,
    );
    for (const body of [
      {},
      { endpoint: "ikke en adresse", keys },
      { endpoint: endpoint() },
      { endpoint: endpoint(), keys: { p256dh: "", auth: keys.auth } },
      { endpoint: `https://push.example.com/${"x".repeat(pushLimits.endpointMaxLength)}`, keys },
    ]) {
      const res = await subscribe(kari.as, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe("validation_failed");
    }
    expect((await kari.as.put("/api/push/preference", { showContent: "ja" })).statusCode).toBe(400);
    expect((await kari.as.request("DELETE", "/api/push/subscriptions/ikke-en-id")).statusCode).toBe(400);
  });

  it("subscribes over https only; a push endpoint on this computer only outside production (422)", async () => {
    const plain = await subscribe(kari.as, { endpoint: "http://push.example.com/send/1", keys });
    expect(plain.statusCode).toBe(422);
    expect(plain.json().error.code).toBe("push_endpoint_not_https");
    expect((await subscribe(kari.as, { endpoint: "ftp://push.example.com/1", keys })).statusCode).toBe(422);
    // The test app runs as staging: a local stand-in for a push service is accepted.
    expect((await subscribe(kari.as, { endpoint: "http://127.0.0.1:8123/push/1", keys })).statusCode).toBe(
      201,
    );
    expect((await subscribe(kari.as, { endpoint: "http://localhost:8123/push/2", keys })).statusCode).toBe(
      201,
    );
    // Production: never plain http, not even to this computer.
    expect(endpointAllowed("http://127.0.0.1:8123/push/1", false)).toBe(false);
    expect(endpointAllowed("http://localhost/push", false)).toBe(false);
    expect(endpointAllowed("https://fcm.googleapis.com/fcm/send/abc", false)).toBe(true);
    expect(endpointAllowed("http://10.0.0.5/push", true)).toBe(false);
  });

  it("lists my devices only, newest first, labelled by browser and system, never keeping the User-Agent", async () => {
    const first = await subscribe(kari.as, { endpoint: endpoint(), keys });
    expect(first.statusCode, first.body).toBe(201);
    const firstDevice = pushDevice.parse(first.json());
    expect(firstDevice.browser).toBe("Chrome på Android");
    const second = pushDevice.parse((await subscribe(kari.as, { endpoint: endpoint(), keys }, "")).json());
    expect(second.browser).toBe("Ukjent nettleser");
    await subscribe(ola.as, { endpoint: endpoint(), keys });
    const mine = await state(kari.as);
    expect(mine.devices.map((d) => d.id)).toEqual([second.id, firstDevice.id]);
    expect(mine.publicKey).toMatch(/^[A-Za-z0-9_-]{80,90}$/);
    expect((await state(ola.as)).devices).toHaveLength(1);
    const stored = JSON.stringify(await t.ctx.db.select().from(pushSubscriptions));
    expect(stored).not.toContain("Pixel");
    expect(stored).not.toContain("Mozilla");
  });

  it("keeps one device per browser: subscribing again updates its keys (200, the same device)", async () => {
    const at = endpoint();
    const first = pushDevice.parse((await subscribe(kari.as, { endpoint: at, keys })).json());
    const again = await subscribe(kari.as, {
      endpoint: at,
      keys: { ...keys, auth: "bnl0dC1hdXRoLXNlY3JldA" },
    });
    expect(again.statusCode).toBe(200);
    expect(pushDevice.parse(again.json())).toEqual(first);
    const rows = await t.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, at));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.auth).toBe("bnl0dC1hdXRoLXNlY3JldA");
  });

  it("moves a browser's subscription to whoever signs in on it next", async () => {
    const at = endpoint();
    const karis = pushDevice.parse((await subscribe(kari.as, { endpoint: at, keys })).json());
    const moved = await subscribe(ola.as, { endpoint: at, keys });
    expect(moved.statusCode).toBe(201);
    expect(moved.json().id).toBe(karis.id);
    expect((await state(kari.as)).devices).toEqual([]);
    expect((await state(ola.as)).devices.map((d) => d.id)).toEqual([karis.id]);
  });

  it(`allows ${pushLimits.devicesPerPerson} devices a person (409 beyond), the same browser again still`, async () => {
    const endpoints = Array.from({ length: pushLimits.devicesPerPerson }, endpoint);
    for (const at of endpoints)
      expect((await subscribe(kari.as, { endpoint: at, keys })).statusCode).toBe(201);
    const over = await subscribe(kari.as, { endpoint: endpoint(), keys });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.code).toBe("push_too_many_devices");
    expect((await subscribe(kari.as, { endpoint: endpoints[0], keys })).statusCode).toBe(200);
    expect((await state(kari.as)).devices).toHaveLength(pushLimits.devicesPerPerson);
  });

  it("removes my device (204); someone else's or an unknown one is not there (404)", async () => {
    const karis = pushDevice.parse((await subscribe(kari.as, { endpoint: endpoint(), keys })).json());
    for (const [as, id] of [
      [ola.as, karis.id],
      [admin.as, karis.id],
      [kari.as, randomUUID()],
    ] as const) {
      const res = await as.request("DELETE", `/api/push/subscriptions/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe("push_device_not_found");
    }
    expect((await state(kari.as)).devices).toHaveLength(1);
    expect((await kari.as.request("DELETE", `/api/push/subscriptions/${karis.id}`)).statusCode).toBe(204);
    expect((await state(kari.as)).devices).toEqual([]);
    expect((await kari.as.request("DELETE", `/api/push/subscriptions/${karis.id}`)).statusCode).toBe(404);
  });

  it("shows no content in pushes until I turn 'Vis innhold i varsler' on", async () => {
    const fresh = await person("staff");
    expect((await state(fresh.as)).showContent).toBe(false);
    const on = await fresh.as.put("/api/push/preference", { showContent: true });
    expect(on.statusCode).toBe(200);
    expect(pushState.parse(on.json()).showContent).toBe(true);
    expect((await state(fresh.as)).showContent).toBe(true);
    expect((await state(kari.as)).showContent).toBe(false);
    await fresh.as.put("/api/push/preference", { showContent: false });
    expect((await state(fresh.as)).showContent).toBe(false);
  });

  it("writes no endpoint or key into the audit log", async () => {
    const at = endpoint();
    const device = pushDevice.parse((await subscribe(kari.as, { endpoint: at, keys })).json());
    await kari.as.request("DELETE", `/api/push/subscriptions/${device.id}`);
    const log = JSON.stringify(await t.ctx.db.select().from(adminAuditLog));
    for (const secret of [at, keys.p256dh, keys.auth]) expect(log).not.toContain(secret);
  });

  it("removes a person's devices when they are deactivated, and when they are deleted", async () => {
    const nina = await person("staff");
    const per = await person("staff");
    await subscribe(nina.as, { endpoint: endpoint(), keys });
    await subscribe(per.as, { endpoint: endpoint(), keys });
    const off = await admin.as.post(`/api/admin/users/${nina.id}/activation`, { active: false });
    expect(off.statusCode, off.body).toBe(200);
    const left = async (userId: string) =>
      (await t.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))).length;
    expect(await left(nina.id)).toBe(0);
    expect(await left(per.id)).toBe(1);
    await t.ctx.db.delete(user).where(eq(user.id, per.id));
    expect(await left(per.id)).toBe(0);
  });

  it("makes its VAPID keys once: two instances starting together end with the same pair", async () => {
    const config = t.ctx.config;
    const [a, b] = await Promise.all([resolveVapid(t.ctx.db, config), resolveVapid(t.ctx.db, config)]);
    expect(a).toEqual(b);
    expect((await state(kari.as)).publicKey).toBe(a.publicKey);
    const [kept] = await t.ctx.db.select().from(appSettings).where(eq(appSettings.key, "vapid_keys"));
    expect(JSON.parse(kept!.value).publicKey).toBe(a.publicKey);
    expect(a.subject).toBe("mailto:no-reply@vaktrom.local");
    // Given by the environment, they are used as they are.
    const given = loadConfig({
      VAPID_PUBLIC_KEY: "pub",
      VAPID_PRIVATE_KEY: "priv",
      VAPID_SUBJECT: "mailto:drift@sykehus.no",
    });
    expect(await resolveVapid(t.ctx.db, given)).toEqual({
      publicKey: "pub",
      privateKey: "priv",
      subject: "mailto:drift@sykehus.no",
    });
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: "pub" })).toThrow(/together/);
  });

  it("labels devices by browser and system", () => {
    const cases: [string, string][] = [
      [chromeOnAndroid, "Chrome på Android"],
      [
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
        "Safari på iOS",
      ],
      [
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0",
        "Edge på Windows",
      ],
      ["Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0", "Firefox på Linux"],
      [
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
        "Safari på macOS",
      ],
      [
        "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36",
        "Samsung Internet på Android",
      ],
      ["curl/8.5.0", "Ukjent nettleser"],
    ];
    for (const [ua, label] of cases) expect(browserLabel(ua)).toBe(label);
    expect(browserLabel(undefined)).toBe("Ukjent nettleser");
  });
});
