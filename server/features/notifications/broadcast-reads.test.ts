/**
 * 'Sett av {n} av {m}' for 'Send varsel til alle' (issue 26 item 4): the sender and the
 * leaders and admins of the department it was sent from see how many have read it, and
 * who; anyone else finds nothing (404).
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { broadcastReaders, sentBroadcastList } from "../../../common/schemas/broadcast.ts";
import { broadcasts, notifications, user } from "../../db/schema.ts";
import { makeDepartment, makeStaff, signedInClient } from "../../test/factories.ts";
import { type Client, createTestApp, type TestApp } from "../../test/harness.ts";
import { demoRecipients } from "./helpers.test-support.ts";

describe("broadcast read status", () => {
  let t: TestApp;
  let as: Record<"admin" | "leader" | "kari" | "ola" | "otherLeader", Client>;
  let kari: string;
  let ola: string;
  let sent: string;

  const readersOf = async (c: Client, id = sent) => c.get(`/api/notifications/broadcasts/${id}`);
  const noticeOf = async (userId: string) => {
    const [row] = await t.ctx.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.recipientUserId, userId), eq(notifications.broadcastId, sent)));
    return row!.id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const people = await demoRecipients(t);
    kari = people.kari;
    ola = people.ola;
    const users = await t.ctx.db.select({ id: user.id, email: user.email }).from(user);
    const id = (email: string) => users.find((u) => u.email === email)!.id;
    const elsewhere = await makeDepartment(t);
    const otherLeader = await makeStaff(t, { role: "leader", dept: elsewhere.id, active: true });
    as = {
      admin: await signedInClient(t, id("admin@demo.no")),
      leader: await signedInClient(t, id("leder@demo.no")),
      kari: await signedInClient(t, kari),
      ola: await signedInClient(t, ola),
      otherLeader: await signedInClient(t, otherLeader.userId),
    };
    const res = await as.admin.post("/api/notifications/broadcast", {
      type: "info",
      title: "Personalmøte kl 14",
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.ctx.db.select().from(broadcasts);
    sent = row!.id;
  });
  afterAll(() => t.close());

  it("records the broadcast with its sender's department, and counts whom it reached", async () => {
    const [row] = await t.ctx.db.select().from(broadcasts).where(eq(broadcasts.id, sent));
    expect(row).toMatchObject({ type: "info", title: "Personalmøte kl 14" });
    expect(row!.deptId).toBe((await demoRecipients(t)).anestesi);
    const res = await readersOf(as.admin);
    expect(res.statusCode, res.body).toBe(200);
    const body = broadcastReaders.parse(res.json());
    expect(body.broadcast.seen).toBe(0);
    expect(body.broadcast.reached).toBe(body.unread.length);
    expect(body.unread.map((u) => u.userId)).toEqual(expect.arrayContaining([kari, ola]));
    expect(body.read).toEqual([]);
  });

  it("'Sett av n av m' follows reading, and who read it first comes first", async () => {
    expect((await as.kari.post(`/api/notifications/${await noticeOf(kari)}/read`)).statusCode).toBe(200);
    expect((await as.ola.post("/api/notifications/read-all")).statusCode).toBe(200);
    const body = broadcastReaders.parse((await readersOf(as.leader)).json());
    expect(body.broadcast.seen).toBe(2);
    expect(body.read.map((r) => r.userId)).toEqual([kari, ola]);
    expect(body.unread.map((u) => u.userId)).not.toContain(kari);
    expect(body.read.length + body.unread.length).toBe(body.broadcast.reached);
    // reading again changes nothing
    await as.kari.post(`/api/notifications/${await noticeOf(kari)}/read`);
    expect(broadcastReaders.parse((await readersOf(as.admin)).json()).broadcast.seen).toBe(2);
  });

  it("lists sent broadcasts to the department's leaders and admins, not to leaders elsewhere", async () => {
    for (const c of [as.admin, as.leader]) {
      const res = await c.get("/api/notifications/broadcasts");
      expect(res.statusCode, res.body).toBe(200);
      const list = sentBroadcastList.parse(res.json()).broadcasts;
      expect(list.map((b) => b.id)).toContain(sent);
      expect(list.find((b) => b.id === sent)).toMatchObject({ seen: 2, title: "Personalmøte kl 14" });
    }
    const elsewhere = await as.otherLeader.get("/api/notifications/broadcasts");
    expect(elsewhere.statusCode).toBe(200);
    expect(sentBroadcastList.parse(elsewhere.json()).broadcasts).toEqual([]);
    expect((await as.kari.get("/api/notifications/broadcasts")).statusCode).toBe(403);
  });

  it("hides who read it from staff and from leaders of other departments (404)", async () => {
    for (const c of [as.kari, as.ola, as.otherLeader]) {
      const res = await readersOf(c);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: "broadcast_not_found" } });
    }
    expect((await readersOf(as.admin, "00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    expect((await readersOf(as.admin, "ikke-en-id")).statusCode).toBe(400);
  });
});
