import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { notificationListResponse } from "../../../common/schemas/notifications.ts";
import { topics } from "../../../common/schemas/realtime.ts";
import { notifications, user } from "../../db/schema.ts";
import type { BusEvent } from "../../platform/events.ts";
import { type Client, createTestApp, type TestApp } from "../../test/harness.ts";

/** Long enough for the bus's microtasks to have run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

const notFoundBody = { error: { code: "notification_not_found", message: "Fant ikke varselet." } };

describe("notifications API", () => {
  let t: TestApp;
  let ids: { kari: string; ola: string };
  let kari: Client;
  let heard: BusEvent[];
  let stop: () => void;

  /** `n` notifications for `userId`, a minute apart, the last one newest; returns their ids, oldest first. */
  async function seed(userId: string, n: number, read = false) {
    const base = Date.UTC(2030, 0, 1);
    const rows = await t.ctx.db
      .insert(notifications)
      .values(
        Array.from({ length: n }, (_, i) => ({
          recipientUserId: userId,
          type: "shift_published" as const,
          payload: { shiftId: randomUUID(), title: `Vakt ${i}`, startsAt: "2030-02-01T06:00:00.000Z" },
          createdAt: new Date(base + i * 60_000),
          readAt: read ? new Date(base) : null,
        })),
      )
      .returning({ id: notifications.id });
    return rows.map((r) => r.id);
  }

  const unreadOf = async (userId: string) =>
    (
      await t.ctx.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.recipientUserId, userId), isNull(notifications.readAt)))
    ).length;

  beforeAll(async () => {
    t = await createTestApp();
    const users = await t.ctx.db.select({ id: user.id, email: user.email }).from(user);
    const userId = (email: string) => users.find((u) => u.email === email)!.id;
    ids = { kari: userId("kari@demo.no"), ola: userId("ola@demo.no") };
    kari = t.client();
    await kari.signIn("kari@demo.no");
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.ctx.db.delete(notifications);
    heard = [];
    stop = t.ctx.bus.subscribe(topics.user(ids.kari), (e) => heard.push(e));
  });
  afterEach(() => stop());

  it("answers 401 when signed out", async () => {
    const [id] = await seed(ids.kari, 1);
    const anonymous = t.client();
    for (const res of [
      await anonymous.get("/api/notifications"),
      await anonymous.get("/api/notifications/unread-count"),
      await anonymous.post(`/api/notifications/${id}/read`),
      await anonymous.post("/api/notifications/read-all"),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe("not_authenticated");
    }
    expect(await unreadOf(ids.kari)).toBe(1);
  });

  it("lists my latest 20, newest first, with the unread count of all of mine", async () => {
    const mine = await seed(ids.kari, 23);
    await seed(ids.kari, 2, true);
    await seed(ids.ola, 3);
    const res = await kari.get("/api/notifications");
    expect(res.statusCode).toBe(200);
    const body = notificationListResponse.parse(res.json());
    expect(body.unreadCount).toBe(23);
    expect(body.notifications).toHaveLength(20);
    // The 23 unread ones are the newest (the read ones are as old as the oldest).
    expect(body.notifications.map((n) => n.id)).toEqual(mine.slice(-20).reverse());
    expect(body.notifications[0]).toMatchObject({
      type: "shift_published",
      payload: { title: "Vakt 22" },
      createdAt: new Date(Date.UTC(2030, 0, 1) + 22 * 60_000).toISOString(),
      readAt: null,
    });
  });

  it("lists nothing for someone who has nothing", async () => {
    await seed(ids.ola, 2);
    expect((await kari.get("/api/notifications")).json()).toEqual({ unreadCount: 0, notifications: [] });
  });

  it("counts my unread ones for the bell's poll, which is not activity", async () => {
    await seed(ids.kari, 3);
    await seed(ids.kari, 4, true);
    await seed(ids.ola, 5);
    const res = await kari.get("/api/notifications/unread-count", { "x-activity": "background" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ unreadCount: 3 });
  });

  it("marks one of mine read, once, and tells my other tabs", async () => {
    const [first] = await seed(ids.kari, 2);
    const res = await kari.post(`/api/notifications/${first}/read`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ unreadCount: 1 });
    const [row] = await t.ctx.db.select().from(notifications).where(eq(notifications.id, first!));
    expect(row!.readAt).toBeInstanceOf(Date);

    // Again: nothing changes, the same answer, nobody is told twice.
    const again = await kari.post(`/api/notifications/${first}/read`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ unreadCount: 1 });
    const [same] = await t.ctx.db.select().from(notifications).where(eq(notifications.id, first!));
    expect(same!.readAt).toEqual(row!.readAt);

    await settle();
    expect(heard).toMatchObject([
      { type: "notification.read", payload: { notificationId: first, unreadCount: 1 } },
    ]);
    expect(await unreadOf(ids.kari)).toBe(1);
  });

  it("answers someone else's notification like a missing one, and changes nothing", async () => {
    const [olas] = await seed(ids.ola, 1);
    const leader = t.client();
    await leader.signIn("leder@demo.no");
    for (const c of [kari, leader]) {
      const res = await c.post(`/api/notifications/${olas}/read`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(notFoundBody);
    }
    const unknown = await kari.post(`/api/notifications/${randomUUID()}/read`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(notFoundBody);
    expect((await kari.post("/api/notifications/abc/read")).statusCode).toBe(400);
    expect(await unreadOf(ids.ola)).toBe(1);
  });

  it("marks all of mine read, and nobody else's", async () => {
    await seed(ids.kari, 3);
    await seed(ids.ola, 2);
    const res = await kari.post("/api/notifications/read-all");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ unreadCount: 0 });
    expect(await unreadOf(ids.kari)).toBe(0);
    expect(await unreadOf(ids.ola)).toBe(2);
    expect(
      (await kari.get("/api/notifications")).json().notifications.every((n: { readAt: string }) => n.readAt),
    ).toBe(true);

    // Nothing left to read: the same answer, and no event.
    expect((await kari.post("/api/notifications/read-all")).json()).toEqual({ unreadCount: 0 });
    await settle();
    expect(heard).toMatchObject([{ type: "notification.read", payload: { unreadCount: 0 } }]);
  });
});
