import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { topics } from "../../../common/schemas/realtime.ts";
import { notificationOutbox, notifications, staff } from "../../db/schema.ts";
import type { BusEvent } from "../../platform/events.ts";
import { withTx } from "../../platform/tx.ts";
import { makeStaff } from "../../test/factories.ts";
import { createTestApp, driver, type TestApp } from "../../test/harness.ts";
import { demoRecipients, notificationsOf } from "./helpers.test-support.ts";
import { deliverQueued, notifyAfterCommit } from "./outbox.ts";

const shift = () => ({ shiftId: randomUUID(), title: "Dagvakt", startsAt: "2030-01-07T06:00:00.000Z" });

describe("notifications after the commit", () => {
  let t: TestApp;
  let ids: { kari: string; ola: string; anestesi: string };

  const rowsOf = (...userIds: string[]) => notificationsOf(t, ...userIds);

  beforeAll(async () => {
    t = await createTestApp();
    ids = await demoRecipients(t);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.ctx.db.delete(notifications);
    await t.ctx.db.delete(notificationOutbox);
  });

  it("writes an outbox row in the transaction, and the notifications once it has committed", async () => {
    const heard: BusEvent[] = [];
    const stop = t.ctx.bus.subscribe(topics.user(ids.kari), (e) => heard.push(e));
    const payload = shift();
    await withTx(t.ctx, async (tx, events) => {
      await notifyAfterCommit(
        tx,
        events,
        [ids.kari, ids.ola, ids.kari, randomUUID()],
        "shift_assigned_closed",
        payload,
      );
      const queued = await tx.select().from(notificationOutbox);
      expect(queued).toHaveLength(1);
      expect(await tx.select().from(notifications)).toEqual([]);
    });
    await t.ctx.background.settled();
    stop();

    const rows = await rowsOf(ids.kari, ids.ola);
    expect(rows.map((r) => r.recipientUserId).sort()).toEqual([ids.kari, ids.ola].sort());
    for (const row of rows)
      expect(row).toMatchObject({ type: "shift_assigned_closed", payload, readAt: null });
    expect(await t.ctx.db.select().from(notificationOutbox)).toEqual([]);
    const karis = rows.find((r) => r.recipientUserId === ids.kari)!;
    expect(heard.map((e) => [e.type, e.payload])).toEqual([
      ["notification.created", { notificationId: karis.id, added: 1, type: "shift_assigned_closed" }],
    ]);
  });

  it("queues nothing when the transaction rolls back, and refuses a payload of the wrong shape", async () => {
    await expect(
      withTx(t.ctx, async (tx, events) => {
        await notifyAfterCommit(tx, events, [ids.kari], "shift_assigned_closed", shift());
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    await expect(
      withTx(t.ctx, (tx, events) =>
        notifyAfterCommit(tx, events, [ids.kari], "shift_assigned_closed", { title: "Dagvakt" } as never),
      ),
    ).rejects.toBeInstanceOf(ZodError);
    await t.ctx.background.settled();
    expect(await t.ctx.db.select().from(notificationOutbox)).toEqual([]);
    expect(await rowsOf(ids.kari)).toEqual([]);
  });

  it("delivers what was left queued, leaving out people deactivated meanwhile", async () => {
    const leaving = await makeStaff(t, { role: "staff", dept: ids.anestesi, active: true });
    // As an instance that stopped between its commit and the delivery leaves it.
    await t.ctx.db.insert(notificationOutbox).values([
      { type: "shift_published", payload: shift(), recipients: [ids.kari, leaving.userId] },
      { type: "shift_assigned_closed", payload: shift(), recipients: [ids.ola] },
    ]);
    await t.ctx.db.update(staff).set({ isActive: false }).where(eq(staff.userId, leaving.userId));
    expect(await deliverQueued(t.ctx)).toBe(2);
    const rows = await rowsOf(ids.kari, ids.ola, leaving.userId);
    expect(rows.map((r) => [r.recipientUserId, r.type]).sort()).toEqual(
      [
        [ids.kari, "shift_published"],
        [ids.ola, "shift_assigned_closed"],
      ].sort(),
    );
    expect(await deliverQueued(t.ctx)).toBe(0);
  });

  it.skipIf(driver === "pglite")(
    "writes each notification once when instances deliver at the same time",
    async () => {
      const recipients = [ids.kari, ids.ola];
      await t.ctx.db.insert(notificationOutbox).values(
        Array.from({ length: 20 }, () => ({
          type: "shift_published" as const,
          payload: shift(),
          recipients,
        })),
      );
      const counts = await Promise.all(Array.from({ length: 4 }, () => deliverQueued(t.ctx)));
      expect(counts.reduce((a, b) => a + b, 0)).toBe(20);
      const rows = await rowsOf(...recipients);
      expect(rows).toHaveLength(40);
      expect(
        new Set(rows.map((r) => `${r.recipientUserId} ${(r.payload as { shiftId: string }).shiftId}`)).size,
      ).toBe(40);
      expect(
        await t.ctx.db
          .select()
          .from(notificationOutbox)
          .where(eq(notificationOutbox.type, "shift_published")),
      ).toEqual([]);
    },
  );
});
