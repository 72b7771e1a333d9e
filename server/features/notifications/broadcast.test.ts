import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { broadcastLimits } from "../../../common/base/limits.ts";
import { broadcastResponse } from "../../../common/schemas/broadcast.ts";
import { topics } from "../../../common/schemas/realtime.ts";
import { adminAuditLog, departments, notifications, user } from "../../db/schema.ts";
import type { BusEvent } from "../../platform/events.ts";
import { makeStaff, signedInClient } from "../../test/factories.ts";
import { type Client, createTestApp, type TestApp } from "../../test/harness.ts";

/** Long enough for the bus's microtasks to have run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

const url = "/api/notifications/broadcast";
const valid = { type: "maintenance", title: "Nedetid i kveld", description: "Systemet er nede 22–23." };

describe("broadcast API", () => {
  let t: TestApp;
  let ids: Record<"admin" | "leader" | "kari", string>;
  let as: Record<"admin" | "leader" | "kari", Client>;
  let anestesi: string;
  let heard: BusEvent[];
  let stops: (() => void)[] = [];

  /** people a test deactivated */
  const inactiveIds: string[] = [];
  const allRows = () => t.ctx.db.select().from(notifications);
  /** Everyone a broadcast should reach: confirmed accounts, not deactivated. */
  async function reachableUserIds(): Promise<string[]> {
    const rows = await t.ctx.db.select({ id: user.id }).from(user).where(eq(user.emailVerified, true));
    const inactive = new Set(inactiveIds);
    return rows.map((r) => r.id).filter((id) => !inactive.has(id));
  }
  function listen(userIds: readonly string[]) {
    for (const id of userIds) stops.push(t.ctx.bus.subscribe(topics.user(id), (e) => heard.push(e)));
  }

  beforeAll(async () => {
    t = await createTestApp();
    const users = await t.ctx.db.select({ id: user.id, email: user.email }).from(user);
    const userId = (email: string) => users.find((u) => u.email === email)!.id;
    ids = { admin: userId("admin@demo.no"), leader: userId("leder@demo.no"), kari: userId("kari@demo.no") };
    as = {
      admin: await signedInClient(t, ids.admin),
      leader: await signedInClient(t, ids.leader),
      kari: await signedInClient(t, ids.kari),
    };
    const [dept] = await t.ctx.db.select().from(departments).where(eq(departments.name, "Anestesi"));
    anestesi = dept!.id;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.ctx.db.delete(notifications);
    await t.ctx.db.delete(adminAuditLog);
    heard = [];
  });
  afterEach(() => {
    for (const stop of stops) stop();
    stops = [];
  });

  it("reaches every active user but the sender, once each, and tells each of them at once", async () => {
    const everyone = await reachableUserIds();
    const others = everyone.filter((id) => id !== ids.admin);
    listen(everyone);

    const res = await as.admin.post(url, { ...valid, title: "  Nedetid i kveld ", extra: { minutter: 60 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(broadcastResponse.parse(res.json())).toEqual({ count: others.length });

    const rows = await allRows();
    expect(rows.map((r) => r.recipientUserId).sort()).toEqual([...others].sort());
    for (const row of rows) {
      expect(row).toMatchObject({
        type: "maintenance",
        payload: {
          title: "Nedetid i kveld",
          description: "Systemet er nede 22–23.",
          sentFrom: "admin_panel",
          extra: { minutter: 60 },
        },
        readAt: null,
      });
    }
    await settle();
    expect(heard).toHaveLength(others.length);
    for (const id of others) {
      const row = rows.find((r) => r.recipientUserId === id)!;
      expect(heard).toContainEqual(
        expect.objectContaining({
          topic: topics.user(id),
          type: "notification.created",
          payload: { notificationId: row.id, added: 1, type: "maintenance" },
        }),
      );
    }
    // Kari finds it in her bell.
    const bell = (await as.kari.get("/api/notifications")).json();
    expect(bell.unreadCount).toBe(1);
    expect(bell.notifications[0]).toMatchObject({
      type: "maintenance",
      payload: { title: "Nedetid i kveld" },
    });
  });

  it("keeps out an empty description and extra object", async () => {
    const res = await as.admin.post(url, { type: "info", title: "Hei", description: "  ", extra: {} });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientUserId, ids.kari));
    expect(row!.payload).toEqual({ title: "Hei", sentFrom: "admin_panel" });
  });

  it("skips deactivated people and unconfirmed accounts, and reaches newcomers without a department", async () => {
    const gone = await makeStaff(t, { role: "staff", dept: anestesi, active: false });
    inactiveIds.push(gone.userId);
    const [unconfirmed] = await t.ctx.db
      .insert(user)
      .values({ name: "Ubekreftet", email: `ny-${randomUUID()}@sykehus.no`, emailVerified: false })
      .returning();
    const [newcomer] = await t.ctx.db
      .insert(user)
      .values({ name: "Ny Person", email: `ny-${randomUUID()}@sykehus.no`, emailVerified: true })
      .returning();
    listen([gone.userId, unconfirmed!.id]);

    const res = await as.admin.post(url, valid);
    expect(res.statusCode, res.body).toBe(200);
    const everyone = await reachableUserIds();
    expect(res.json().count).toBe(everyone.length - 1);
    const rowsOf = (userIds: string[]) =>
      t.ctx.db.select().from(notifications).where(inArray(notifications.recipientUserId, userIds));
    expect(await rowsOf([gone.userId, unconfirmed!.id])).toEqual([]);
    expect(await rowsOf([newcomer!.id])).toHaveLength(1);
    await settle();
    expect(heard).toEqual([]);
  });

  it("records one audit row with its kind and count, and nothing of its text", async () => {
    const res = await as.admin.post(url, { ...valid, type: "alert" });
    const { count } = res.json();
    const rows = await t.ctx.db.select().from(adminAuditLog);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorUserId: ids.admin,
      action: "notification.broadcast",
      targetType: "broadcast",
      targetId: null,
      details: { type: "alert", count },
    });
    expect(JSON.stringify(rows[0])).not.toContain(valid.title);
  });

  it("refuses leaders and staff with 403, and the signed out with 401, writing nothing", async () => {
    for (const who of [as.leader, as.kari]) {
      const res = await who.post(url, valid);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error: { code: "broadcast_refused", message: "Bare administratorer kan sende varsel til alle." },
      });
    }
    const anonymous = await t.client().post(url, valid);
    expect(anonymous.statusCode).toBe(401);
    expect(await allRows()).toEqual([]);
    expect(await t.ctx.db.select().from(adminAuditLog)).toEqual([]);
  });

  it("answers a malformed body with 400 and the fields at fault", async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ title: "Hei" }, "type"],
      [{ type: "party", title: "Hei" }, "type"],
      [{ type: "info" }, "title"],
      [{ type: "info", title: "To\nlinjer" }, "title"],
      [{ type: "info", title: "Hei", description: 5 }, "description"],
      [{ type: "info", title: "Hei", extra: [1, 2] }, "extra"],
      [{ type: "info", title: "Hei", extra: "tekst" }, "extra"],
    ];
    for (const [body, field] of bad) {
      const res = await as.admin.post(url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe("validation_failed");
      expect(Object.keys(res.json().error.fields), JSON.stringify(body)).toContain(field);
    }
    expect(await allRows()).toEqual([]);
  });

  it("answers a broken rule with 422, its code and its Norwegian message", async () => {
    // The messages name the limits the rules apply.
    const bad: [Record<string, unknown>, string, string][] = [
      [{ type: "info", title: "   " }, "broadcast_required", "Type og tittel må fylles ut"],
      [
        { type: "info", title: "x".repeat(broadcastLimits.titleMaxLength + 1) },
        "broadcast_title_too_long",
        `Tittelen kan være på høyst ${broadcastLimits.titleMaxLength} tegn.`,
      ],
      [
        { type: "info", title: "Hei", description: "x".repeat(broadcastLimits.descriptionMaxLength + 1) },
        "broadcast_description_too_long",
        `Beskrivelsen kan være på høyst ${broadcastLimits.descriptionMaxLength} tegn.`,
      ],
      [
        { type: "info", title: "Hei", extra: { note: "x".repeat(broadcastLimits.extraMaxChars) } },
        "broadcast_extra_too_large",
        `Tilleggsinformasjonen kan være på høyst ${broadcastLimits.extraMaxChars} tegn.`,
      ],
      [
        { type: "info", title: "Hei", extra: { note: "a\u0000b" } },
        "broadcast_extra_invalid",
        "Tilleggsinformasjon må være gyldig JSON",
      ],
    ];
    for (const [body, code, message] of bad) {
      const res = await as.admin.post(url, body);
      expect(res.statusCode, code).toBe(422);
      expect(res.json()).toEqual({ error: { code, message } });
    }
    // Exactly at the limits, after trimming: accepted.
    const atLimit = await as.admin.post(url, {
      type: "info",
      title: ` ${"x".repeat(broadcastLimits.titleMaxLength)} `,
      description: "y".repeat(broadcastLimits.descriptionMaxLength),
    });
    expect(atLimit.statusCode, atLimit.body).toBe(200);
  });
});

describe("broadcast rate limit", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_IP: "2" });
  });
  afterAll(() => t.close());

  it("refuses a flood from one address with 429", async () => {
    const [admin] = await t.ctx.db.select().from(user).where(eq(user.email, "admin@demo.no"));
    const client = await signedInClient(t, admin!.id);
    expect((await client.post(url, valid)).statusCode).toBe(200);
    expect((await client.post(url, valid)).statusCode).toBe(200);
    const third = await client.post(url, valid);
    expect(third.statusCode).toBe(429);
    expect(third.json().error.code).toBe("rate_limited");
  });
});
