/**
 * Pushes end to end, against a push service of our own: a `node:http` server on
 * 127.0.0.1 that takes what web-push sends (aes128gcm body, VAPID authorization),
 * answers as a push service would, and decrypts each body with the device's keys as a
 * browser does (`http_ece`). What happens in the app (a direct message, an urgent one, a
 * mention, a shift given, a broadcast) must arrive once, say what it is about and, unless
 * the person asked for previews, nothing of what was written or by whom.
 */
import { createECDH, type ECDH, randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { currentShiftBlock } from "../../../common/domain/shift-block.ts";
import { type PushPayload, pushPayload } from "../../../common/schemas/push.ts";
import {
  dutyHoldings,
  dutyRoles,
  profiles,
  pushPreferences,
  pushQueue,
  pushSubscriptions,
  shiftAssignments,
  shifts,
} from "../../db/schema.ts";
import {
  addInterest,
  assignShiftTo,
  makeDepartment,
  makeShift,
  makeStaff,
  signedInClient,
} from "../../test/factories.ts";
import { type Client, createTestApp, type TestApp } from "../../test/harness.ts";
import { maxAttempts } from "./delivery.ts";

/** http_ece ships no types; what the test uses of it. */
const ece = createRequire(import.meta.url)("http_ece") as {
  decrypt(body: Buffer, params: { version: "aes128gcm"; privateKey: ECDH; authSecret: Buffer }): Buffer;
};

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

interface Device {
  path: string;
  ecdh: ECDH;
  secret: Buffer;
  id: string;
}

const hour = 3_600_000;

describe("web push delivery", () => {
  let t: TestApp;
  let now: Date;
  let server: Server;
  let port: number;
  let received: Received[];
  /** what the push service answers each path, in turn (then 201) */
  let answers: Map<string, number[]>;
  let dept: string;
  let kari: { id: string; as: Client; name: string };
  let ola: { id: string; as: Client; name: string };
  let leader: { id: string; as: Client };
  let admin: { id: string; as: Client };
  let n = 0;
  /** the app's log, to show it names no endpoint, key, text or person */
  let log = "";

  const settle = async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
    await t.ctx.background.settled();
  };

  /** A browser's subscription on our push service, with its own keys. */
  async function subscribe(as: Client): Promise<Device> {
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    const secret = randomBytes(16);
    const path = `/push/${++n}`;
    const res = await as.post("/api/push/subscriptions", {
      endpoint: `http://127.0.0.1:${port}${path}`,
      keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: secret.toString("base64url") },
    });
    expect(res.statusCode, res.body).toBe(201);
    return { path, ecdh, secret, id: res.json().id };
  }

  /** What reached the device, decrypted as its browser would, as text and as the payload. */
  function pushesTo(device: Device): { text: string; payload: PushPayload; headers: IncomingHttpHeaders }[] {
    return received
      .filter((r) => r.path === device.path && r.body.length > 0)
      .map((r) => {
        const text = ece
          .decrypt(r.body, { version: "aes128gcm", privateKey: device.ecdh, authSecret: device.secret })
          .toString("utf8");
        return { text, payload: pushPayload.parse(JSON.parse(text)), headers: r.headers };
      });
  }

  const person = async (role: "staff" | "leader" | "admin", name: string) => {
    const made = await makeStaff(t, { role, dept, active: true, name });
    return { id: made.userId, as: await signedInClient(t, made.userId), name };
  };
  const directThread = async () =>
    (await ola.as.post("/api/chat/direct", { userId: kari.id })).json().id as string;
  const post = async (threadId: string, body: object) => {
    const res = await ola.as.post(`/api/chat/threads/${threadId}/messages`, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  /** Kari's 'Stille når jeg ikke er på vakt', and whether she is off shift now (a shift tomorrow only). */
  const quiet = async (on: boolean, offShift: boolean) => {
    await t.ctx.db.update(profiles).set({ quietOffShift: on }).where(eq(profiles.userId, kari.id));
    if (offShift) {
      const s = await makeShift(t, {
        dept,
        kind: "roster",
        status: "assigned",
        startsAt: new Date(now.getTime() + 20 * hour),
      });
      await assignShiftTo(t, s.id, kari.id);
    }
  };

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const path = req.url ?? "";
        received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
        const status = answers.get(path)?.shift() ?? 201;
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
    now = new Date();
    const stream = new Writable({
      write(chunk, _encoding, done) {
        log += chunk.toString();
        done();
      },
    });
    t = await createTestApp({ LOG_LEVEL: "info" }, { clock: { now: () => now }, logger: { stream } });
    dept = (await makeDepartment(t)).id;
    kari = await person("staff", "Kari Nordvik");
    ola = await person("staff", "Ola Sørli");
    leader = await person("leader", "Lars Leder");
    admin = await person("admin", "Ingrid Admin");
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(async () => {
    now = new Date();
    received = [];
    answers = new Map();
    await t.ctx.db.delete(pushSubscriptions);
    await t.ctx.db.delete(pushPreferences);
    await t.ctx.db.delete(shiftAssignments);
    await t.ctx.db.delete(shifts);
    await t.ctx.db.delete(dutyHoldings);
    await t.ctx.db.update(profiles).set({ quietOffShift: false }).where(eq(profiles.userId, kari.id));
  });
  afterEach(settle);

  it("pushes a direct message once, signed with VAPID and encrypted: a kind and an id, no text, no name", async () => {
    const device = await subscribe(kari.as);
    const other = await subscribe(ola.as);
    const thread = await directThread();
    await post(thread, { content: "Kan du ta nattevakten på fredag?" });
    await settle();
    const pushes = pushesTo(device);
    expect(pushes.map((p) => p.payload)).toEqual([{ kind: "message", id: thread, threadKind: "direct" }]);
    const [push] = pushes;
    expect(push!.text).not.toContain("nattevakten");
    expect(push!.text).not.toContain("Ola");
    const publicKey = (await kari.as.get("/api/push")).json().publicKey as string;
    expect(push!.headers.authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`),
    );
    expect(push!.headers["content-encoding"]).toBe("aes128gcm");
    expect(push!.headers.urgency).toBe("normal");
    expect(Number(push!.headers.ttl)).toBeGreaterThan(0);
    // The sender's own device hears nothing of it; the delivered row is gone.
    expect(pushesTo(other)).toEqual([]);
    expect(await t.ctx.db.select().from(pushQueue)).toEqual([]);
  });

  it("pushes an urgent message once ('Haster'), although it is also a notice and an unread message", async () => {
    const device = await subscribe(kari.as);
    const thread = await directThread();
    await post(thread, { content: "Ring meg med en gang", urgent: true });
    await settle();
    const pushes = pushesTo(device);
    expect(pushes.map((p) => p.payload)).toEqual([{ kind: "urgent", id: thread, threadKind: "direct" }]);
    expect(pushes[0]!.headers.urgency).toBe("high");
  });

  it("pushes a mention of a role I hold now, once", async () => {
    const device = await subscribe(kari.as);
    const [role] = await t.ctx.db
      .insert(dutyRoles)
      .values({ deptId: dept, name: "Ansvarshavende sykepleier" })
      .returning();
    const block = currentShiftBlock(now);
    await t.ctx.db.insert(dutyHoldings).values({
      roleId: role!.id,
      deptId: dept,
      blockStart: block.start,
      blockEnd: block.end,
      userId: kari.id,
    });
    const thread = (await ola.as.post("/api/chat/department")).json().id as string;
    await post(thread, { content: "@Ansvarshavende sykepleier kan du komme til stue 3?" });
    await settle();
    expect(pushesTo(device).map((p) => p.payload)).toEqual([
      { kind: "mention", id: thread, threadKind: "department" },
    ]);
  });

  it("pushes the shift I got once; not that someone else got it", async () => {
    const device = await subscribe(kari.as);
    const olas = await subscribe(ola.as);
    await t.ctx.db.update(profiles).set({ quietOffShift: false }).where(eq(profiles.userId, ola.id));
    const shift = await makeShift(t, { dept, startsAt: new Date(now.getTime() + 48 * hour) });
    await addInterest(t, shift.id, [kari.id, ola.id]);
    const res = await leader.as.post(`/api/shifts/${shift.id}/assign`, {});
    expect(res.statusCode, res.body).toBe(200);
    await settle();
    const winner = res.json().winner.userId as string;
    const [won, lost] = winner === kari.id ? [device, olas] : [olas, device];
    const pushes = pushesTo(won);
    expect(pushes.map((p) => p.payload.kind)).toEqual(["shift"]);
    expect(pushes[0]!.text).not.toContain(shift.title);
    expect(pushesTo(lost)).toEqual([]);
  });

  it("pushes a broadcast, and with 'Vis innhold i varsler' on its heading", async () => {
    const device = await subscribe(kari.as);
    await kari.as.put("/api/push/preference", { showContent: true });
    const res = await admin.as.post("/api/notifications/broadcast", {
      type: "announcement",
      title: "Personalmøte kl. 14",
    });
    expect(res.statusCode, res.body).toBe(200);
    await settle();
    const pushes = pushesTo(device).map((p) => p.payload);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]).toMatchObject({ kind: "broadcast", preview: { title: "Personalmøte kl. 14" } });
  });

  it("with 'Vis innhold i varsler' on, the preview names the sender and starts the message", async () => {
    const device = await subscribe(kari.as);
    await kari.as.put("/api/push/preference", { showContent: true });
    const thread = await directThread();
    const long = `Kan du ta nattevakten på fredag? ${"Det er travelt. ".repeat(30)}`;
    await post(thread, { content: long });
    await settle();
    const [push] = pushesTo(device).map((p) => p.payload);
    expect(push).toMatchObject({ kind: "message", id: thread, preview: { title: "Ola Sørli" } });
    expect(push!.preview!.body.startsWith("Kan du ta nattevakten på fredag?")).toBe(true);
    expect(push!.preview!.body.length).toBeLessThanOrEqual(200);
    expect(push!.preview!.body.endsWith("…")).toBe(true);
  });

  it("keeps ordinary pushes from someone quiet off shift, but not a mention by name nor an urgent message", async () => {
    const device = await subscribe(kari.as);
    await quiet(true, true);
    const direct = await directThread();
    await post(direct, { content: "Ses i morgen" });
    await settle();
    expect(pushesTo(device)).toEqual([]);
    const department = (await ola.as.post("/api/chat/department")).json().id as string;
    await post(department, { content: "@Kari Nordvik har du nøkkelen?" });
    await post(direct, { content: "Brannalarm, ring meg", urgent: true });
    await settle();
    expect(
      pushesTo(device)
        .map((p) => p.payload.kind)
        .sort(),
    ).toEqual(["mention", "urgent"]);
    // On shift now the same message is pushed.
    await quiet(true, false);
    await t.ctx.db.delete(shiftAssignments);
    await t.ctx.db.delete(shifts);
    const s = await makeShift(t, {
      dept,
      kind: "roster",
      status: "assigned",
      startsAt: new Date(now.getTime() - hour),
    });
    await assignShiftTo(t, s.id, kari.id);
    received = [];
    await post(direct, { content: "Ses etterpå" });
    await settle();
    expect(pushesTo(device).map((p) => p.payload.kind)).toEqual(["message"]);
  });

  it("removes a subscription its push service says is gone (410)", async () => {
    const device = await subscribe(kari.as);
    answers.set(device.path, [410]);
    await post(await directThread(), { content: "Hei" });
    await settle();
    expect(received.filter((r) => r.path === device.path)).toHaveLength(1);
    expect(
      await t.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, device.id)),
    ).toEqual([]);
    expect(await t.ctx.db.select().from(pushQueue)).toEqual([]);
  });

  it("tries a refused push (500) again later, by the job, with growing pauses, and gives up at last", async () => {
    const device = await subscribe(kari.as);
    const thread = await directThread();
    answers.set(device.path, [500]);
    await post(thread, { content: "Hei" });
    await settle();
    const tries = () => received.filter((r) => r.path === device.path).length;
    expect(tries()).toBe(1);
    // Not due yet: the job sends nothing.
    await t.jobs.runNow("push.deliver");
    expect(tries()).toBe(1);
    now = new Date(now.getTime() + 31_000);
    await t.jobs.runNow("push.deliver");
    expect(tries()).toBe(2);
    expect(pushesTo(device).map((p) => p.payload.kind)).toEqual(["message", "message"]);
    expect(await t.ctx.db.select().from(pushQueue)).toEqual([]);

    // Refused every time: 30 s, 60 s, 120 s, 240 s apart, then dropped; the device stays.
    received = [];
    answers.set(device.path, Array(maxAttempts).fill(500));
    await post(thread, { content: "Hei igjen" });
    await settle();
    for (let pause = 30_000; tries() < maxAttempts; pause *= 2) {
      const before = tries();
      now = new Date(now.getTime() + pause - 1000);
      await t.jobs.runNow("push.deliver");
      expect(tries()).toBe(before);
      now = new Date(now.getTime() + 2000);
      await t.jobs.runNow("push.deliver");
      expect(tries()).toBe(before + 1);
    }
    expect(await t.ctx.db.select().from(pushQueue)).toEqual([]);
    const [kept] = await t.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
    expect(kept).toBeDefined();
  });

  // Last: the log of everything above.
  it("logs pushes by subscription id only: no endpoint, key, text or name", () => {
    expect(log).toContain("push subscription gone: removed");
    expect(log).toContain("push refused: retried later");
    expect(log).toContain("push given up");
    for (const secret of [`127.0.0.1:${port}/push`, "nattevakten", "Brannalarm", "Ola Sørli", "Kari Nordvik"])
      expect(log).not.toContain(secret);
  });
});
