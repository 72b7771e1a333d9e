import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type NotificationListResponse,
  type NotificationType,
  notificationListResponse,
} from "../../../common/schemas/notifications.ts";
import { notifications, shiftAssignments } from "../../db/schema.ts";
import { assignShiftTo, makeShift } from "../../test/factories.ts";
import { type Client, createTestApp, type TestApp } from "../../test/harness.ts";
import { twoDepartments, type World } from "../../test/world.ts";

/**
 * A notice carries what its shift or deal is now, so the bell offers only what that
 * state allows: read with the list, and the abilities from the policies.
 */
describe("notifications: what a notice points to, as it is now", () => {
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    t = await createTestApp();
    w = await twoDepartments(t);
  });
  afterAll(() => t.close());

  const tell = async (userIds: string[], type: NotificationType, payload: Record<string, unknown>) => {
    await t.ctx.db
      .insert(notifications)
      .values(userIds.map((recipientUserId) => ({ recipientUserId, type, payload })));
  };
  const listOf = async (who: Client): Promise<NotificationListResponse> => {
    const res = await who.get("/api/notifications");
    expect(res.statusCode).toBe(200);
    return notificationListResponse.parse(res.json());
  };
  const targetOf = async (who: Client, shiftId: string) =>
    (await listOf(who)).notifications.find(
      (n) => n.type === "shift_published" && n.payload.shiftId === shiftId,
    )?.target;

  it("follows a published shift from open to answered to assigned", async () => {
    const shift = await makeShift(t, {
      dept: w.a,
      title: "Dagvakt",
      startsAt: new Date(Date.now() + 3 * 86_400_000),
    });
    const ref = { shiftId: shift.id, title: shift.title, startsAt: shift.startsAt.toISOString() };
    await tell([w.ids.kari, w.ids.ola, w.ids.leader, w.ids.admin], "shift_published", ref);

    expect(await targetOf(w.as.kari, shift.id)).toEqual({
      shiftStatus: "open",
      startsAt: shift.startsAt.toISOString(),
      endsAt: shift.endsAt.toISOString(),
      dealStatus: null,
      answered: false,
      can: { interest: true, viewOutcome: false },
    });
    // Those who run the shift are not offered it.
    expect((await targetOf(w.as.leader, shift.id))?.can.interest).toBe(false);
    expect((await targetOf(w.as.admin, shift.id))?.can.interest).toBe(false);

    expect((await w.as.kari.post(`/api/shifts/${shift.id}/interest`)).statusCode).toBe(200);
    expect(await targetOf(w.as.kari, shift.id)).toMatchObject({ shiftStatus: "open", answered: true });
    expect(await targetOf(w.as.ola, shift.id)).toMatchObject({ answered: false });

    expect((await w.as.leader.post(`/api/shifts/${shift.id}/assign`)).statusCode).toBe(200);
    // Kari was a candidate: she may see the outcome. Ola was not; the leader runs it.
    expect(await targetOf(w.as.kari, shift.id)).toMatchObject({
      shiftStatus: "assigned",
      can: { interest: false, viewOutcome: true },
    });
    expect(await targetOf(w.as.ola, shift.id)).toMatchObject({
      shiftStatus: "assigned",
      can: { interest: false, viewOutcome: false },
    });
    expect((await targetOf(w.as.leader, shift.id))?.can.viewOutcome).toBe(true);
  });

  it("says when a shift was closed, and when it is gone", async () => {
    const closed = await makeShift(t, { dept: w.a, status: "closed" });
    const goneId = randomUUID();
    await tell([w.ids.lise], "shift_published", {
      shiftId: closed.id,
      title: closed.title,
      startsAt: closed.startsAt.toISOString(),
    });
    await tell([w.ids.lise], "shift_published", {
      shiftId: goneId,
      title: "Borte",
      startsAt: closed.startsAt.toISOString(),
    });
    expect(await targetOf(w.as.lise, closed.id)).toMatchObject({
      shiftStatus: "closed",
      can: { interest: false, viewOutcome: false },
    });
    expect(await targetOf(w.as.lise, goneId)).toEqual({
      shiftStatus: null,
      startsAt: null,
      endsAt: null,
      dealStatus: null,
      answered: false,
      can: { interest: false, viewOutcome: false },
    });
  });

  it("follows a swap deal: the owner's proposal notice and the leader's approval notice", async () => {
    // A roster shift Kari holds, given away: Ola claims it.
    const kari = await makeShift(t, {
      dept: w.a,
      kind: "roster",
      status: "assigned",
      startsAt: new Date(Date.now() + 30 * 3_600_000),
    });
    await assignShiftTo(t, kari.id, w.ids.kari);
    const [held] = await t.ctx.db
      .select({ id: shiftAssignments.id })
      .from(shiftAssignments)
      .where(eq(shiftAssignments.shiftId, kari.id));
    const offer = (
      await w.as.kari.post("/api/swaps/offers", {
        assignmentId: held!.id,
        visibility: "dept",
        requireSwap: false,
      })
    ).json() as { id: string };
    const deal = (await w.as.ola.post(`/api/swaps/offers/${offer.id}/deals`, {})).json() as { id: string };
    // Deals are told after the commit (the outbox): wait until the notice is there.
    const dealOf = async (who: Client, type: NotificationType) => {
      await expect
        .poll(async () => (await listOf(who)).notifications.some((n) => n.type === type))
        .toBe(true);
      return (await listOf(who)).notifications.find((n) => n.type === type)!.target;
    };
    expect(await dealOf(w.as.kari, "swap_matched_proposed")).toMatchObject({
      dealStatus: "waiting_owner",
      shiftStatus: "assigned",
      startsAt: kari.startsAt.toISOString(),
    });
    await w.as.kari.post(`/api/swaps/deals/${deal.id}/accept`);
    expect((await dealOf(w.as.kari, "swap_matched_proposed"))?.dealStatus).toBe("waiting_leader");
    expect((await dealOf(w.as.leader, "swap_ready_for_leader"))?.dealStatus).toBe("waiting_leader");
    await w.as.leader.post(`/api/swaps/deals/${deal.id}/approve`, {});
    expect((await dealOf(w.as.leader, "swap_ready_for_leader"))?.dealStatus).toBe("approved");
  });

  it("gives broadcasts no target", async () => {
    await tell([w.ids.per], "info", { title: "Hei", sentFrom: "admin_panel" });
    const [info] = (await listOf(w.as.per)).notifications;
    expect(info).toMatchObject({ type: "info", target: null });
  });
});
