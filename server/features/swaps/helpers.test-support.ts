/**
 * What the swap API tests share: two departments and their people (as the shift tests
 * have them: Kari, Ola, Lise staff and a leader and an admin in A; Per and a leader in
 * B), and shifts people hold, made straight in the database.
 */
import { eq } from "drizzle-orm";
import { notifications, shiftAssignments } from "../../db/schema.ts";
import { assignShiftTo, makeShift } from "../../test/factories.ts";
import type { Client, TestApp } from "../../test/harness.ts";
import { twoDepartments, type World } from "../../test/world.ts";

export const hourMs = 3_600_000;
export const dayMs = 86_400_000;

export const swapWorld = twoDepartments;
export type { World };

/**
 * A roster shift (or an extra one) in `dept` that `userId` holds, `hoursAhead` from now,
 * `hours` long; its assignment id.
 */
export async function holding(
  t: TestApp,
  dept: string,
  userId: string,
  hoursAhead: number,
  hours = 8,
  title = "Dagvakt",
  kind: "roster" | "extra" = "roster",
) {
  const shift = await makeShift(t, {
    dept,
    kind,
    status: "assigned",
    title,
    startsAt: new Date(Date.now() + hoursAhead * hourMs),
    hours,
  });
  await assignShiftTo(t, shift.id, userId);
  const [row] = await t.ctx.db
    .select({ id: shiftAssignments.id })
    .from(shiftAssignments)
    .where(eq(shiftAssignments.shiftId, shift.id));
  return { shiftId: shift.id, assignmentId: row!.id, startsAt: shift.startsAt, endsAt: shift.endsAt };
}

/** An offer of one of my assignments. */
export async function offerOf(
  client: Client,
  assignmentId: string,
  extra: Record<string, unknown> = {},
): Promise<{ id: string } & Record<string, unknown>> {
  const res = await client.post("/api/swaps/offers", { assignmentId, visibility: "dept", ...extra });
  if (res.statusCode !== 201) throw new Error(`offer failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** The notification types `userId` got, oldest first. */
export async function notificationTypesOf(t: TestApp, userId: string): Promise<string[]> {
  const rows = await t.ctx.db
    .select({ type: notifications.type, at: notifications.createdAt })
    .from(notifications)
    .where(eq(notifications.recipientUserId, userId))
    .orderBy(notifications.createdAt);
  return rows.map((r) => r.type);
}
