import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { topics } from "../../../common/schemas/realtime.ts";
import { notifications, user } from "../../db/schema.ts";
import type { BusEvent } from "../../platform/events.ts";
import { withTx } from "../../platform/tx.ts";
import { makeStaff } from "../../test/factories.ts";
import { createTestApp, type TestApp } from "../../test/harness.ts";
import { demoRecipients, notificationsOf } from "./helpers.test-support.ts";
import { notify } from "./service.ts";

/** Long enough for the bus's microtasks to have run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

const shift = () => ({ shiftId: randomUUID(), title: "Dagvakt", startsAt: "2030-01-07T06:00:00.000Z" });

describe("notify", () => {
  let t: TestApp;
  let ids: { kari: string; ola: string; anestesi: string };
  let heard: BusEvent[];
  let stops: (() => void)[] = [];

  const rowsOf = (...userIds: string[]) => notificationsOf(t, ...userIds);
  const listen = (...userIds: string[]) => {
    for (const id of userIds) stops.push(t.ctx.bus.subscribe(topics.user(id), (e) => heard.push(e)));
  };

  beforeAll(async () => {
    t = await createTestApp();
    ids = await demoRecipients(t);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.ctx.db.delete(notifications);
    heard = [];
  });
  afterEach(() => {
    for (const stop of stops) stop();
    stops = [];
  });

  it("writes one row per recipient, once each, and ignores ids of nobody", async () => {
    const payload = shift();
    const written = await withTx(t.ctx, (tx, events) =>
      notify(tx, events, [ids.kari, ids.ola, ids.kari, randomUUID()], "shift_published", payload),
    );
    expect(written.map((w) => w.recipientId).sort()).toEqual([ids.kari, ids.ola].sort());
    const rows = await rowsOf(ids.kari, ids.ola);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({ type: "shift_published", payload, readAt: null });
      expect(written.map((w) => w.id)).toContain(row.id);
    }
  });

  it("refuses a payload that does not fit its type before writing anything", async () => {
    listen(ids.kari);
    const bad = [
      // a field of another type
      ["shift_published", { title: "Hei", sentFrom: "admin_panel" }],
      // a copy of personal data slipped in
      ["shift_assigned_winner", { ...shift(), winnerName: "Kari Nordmann" }],
      // a title over the spec's 100 characters
      ["announcement", { title: "x".repeat(101), sentFrom: "admin_panel" }],
      ["info", { title: "Hei", sentFrom: "somewhere" }],
      ["swap_approved", { ...shift(), offerId: "not-an-id", dealId: randomUUID() }],
    ] as const;
    for (const [type, payload] of bad) {
      const attempt = withTx(t.ctx, (tx, events) =>
        // biome-ignore lint/suspicious/noExplicitAny: wrong on purpose
        notify(tx, events, [ids.kari], type, payload as any),
      );
      await expect(attempt, type).rejects.toBeInstanceOf(ZodError);
    }
    await settle();
    expect(await rowsOf(ids.kari)).toEqual([]);
    expect(heard).toEqual([]);
  });

  it("keeps a broadcast's text and extra information, trimmed", async () => {
    await withTx(t.ctx, (tx, events) =>
      notify(tx, events, [ids.kari], "maintenance", {
        title: "  Nedetid i kveld ",
        description: "Systemet er nede 22–23.",
        sentFrom: "admin_panel",
        extra: { ward: "Post 1", minutes: 60 },
      }),
    );
    const [row] = await rowsOf(ids.kari);
    expect(row!.payload).toEqual({
      title: "Nedetid i kveld",
      description: "Systemet er nede 22–23.",
      sentFrom: "admin_panel",
      extra: { ward: "Post 1", minutes: 60 },
    });
  });

  it("skips deactivated people, and reaches newcomers without a department", async () => {
    const gone = await makeStaff(t, { role: "staff", dept: ids.anestesi, active: false });
    const [newcomer] = await t.ctx.db
      .insert(user)
      .values({ name: "Ny Person", email: `ny-${randomUUID()}@sykehus.no`, emailVerified: true })
      .returning();
    const written = await withTx(t.ctx, (tx, events) =>
      notify(tx, events, [gone.userId, newcomer!.id, ids.kari], "shift_published", shift()),
    );
    expect(written.map((w) => w.recipientId).sort()).toEqual([newcomer!.id, ids.kari].sort());
    expect(await rowsOf(gone.userId)).toEqual([]);
  });

  it("tells each recipient after the commit, with the notification and their unread count", async () => {
    listen(ids.kari, ids.ola);
    await withTx(t.ctx, (tx, events) => notify(tx, events, [ids.kari], "shift_published", shift()));
    await settle();
    heard = [];
    const seenWhenHeard: Promise<number>[] = [];
    stops.push(
      t.ctx.bus.subscribe(topics.user(ids.ola), () =>
        seenWhenHeard.push(rowsOf(ids.ola).then((r) => r.length)),
      ),
    );

    const written = await withTx(t.ctx, async (tx, events) => {
      const rows = await notify(tx, events, [ids.kari, ids.ola], "shift_assigned_closed", shift());
      await settle();
      // Nothing is told before the commit.
      expect(heard).toEqual([]);
      return rows;
    });
    await settle();
    const idOf = (userId: string) => written.find((w) => w.recipientId === userId)!.id;
    expect(heard).toHaveLength(2);
    expect(heard).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          topic: topics.user(ids.kari),
          type: "notification.created",
          payload: { notificationId: idOf(ids.kari), added: 1, type: "shift_assigned_closed" },
        }),
        expect.objectContaining({
          topic: topics.user(ids.ola),
          type: "notification.created",
          payload: { notificationId: idOf(ids.ola), added: 1, type: "shift_assigned_closed" },
        }),
      ]),
    );
    // A listener that reads finds what the event announces.
    expect(await Promise.all(seenWhenHeard)).toEqual([1]);
  });

  it("announces an urgent notice or a mention as such, so it reaches someone quiet off shift", async () => {
    listen(ids.kari, ids.ola);
    await withTx(t.ctx, async (tx, events) => {
      await notify(tx, events, [ids.kari], "shift_published", shift(), { urgent: true });
      await notify(tx, events, [ids.ola], "shift_published", shift(), { mention: "role" });
    });
    await settle();
    expect(heard.map((e) => [e.topic, e.payload])).toEqual(
      expect.arrayContaining([
        [topics.user(ids.kari), expect.objectContaining({ type: "shift_published", urgent: true })],
        [topics.user(ids.ola), expect.objectContaining({ type: "shift_published", mention: "role" })],
      ]),
    );
    expect(heard.every((e) => !("urgent" in e.payload) || e.topic === topics.user(ids.kari))).toBe(true);
  });

  it("writes nothing and tells nobody when the caller's transaction rolls back", async () => {
    listen(ids.kari);
    const failing = withTx(t.ctx, async (tx, events) => {
      await notify(tx, events, [ids.kari], "shift_published", shift());
      throw new Error("avbrutt");
    });
    await expect(failing).rejects.toThrow("avbrutt");
    await settle();
    expect(await rowsOf(ids.kari)).toEqual([]);
    expect(heard).toEqual([]);
  });

  it("writes nothing for nobody", async () => {
    listen(ids.kari);
    expect(await withTx(t.ctx, (tx, events) => notify(tx, events, [], "shift_published", shift()))).toEqual(
      [],
    );
    await settle();
    expect(heard).toEqual([]);
  });
});
