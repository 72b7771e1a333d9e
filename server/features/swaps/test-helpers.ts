/**
 * What the swap API tests share: two departments and their people (as the shift tests
 * have them: Kari, Ola, Lise staff and a leader and an admin in A; Per and a leader in
 * B), and shifts people hold, made straight in the database.
 */
import { eq } from "drizzle-orm";
import { notifications, shiftAssignments } from "../../db/schema.ts";
import { assignShiftTo, makeDepartment, makeShift, makeStaff, signedInClient } from "../../test/factories.ts";
import type { Client, TestApp } from "../../test/harness.ts";

export const hourMs = 3_600_000;
export const dayMs = 86_400_000;

const roles = {
  admin: ["admin", "a"],
  leader: ["leader", "a"],
  kari: ["staff", "a"],
  ola: ["staff", "a"],
  lise: ["staff", "a"],
  leaderB: ["leader", "b"],
  per: ["staff", "b"],
} as const;
export type Person = keyof typeof roles;

export interface World {
  a: string;
  b: string;
  ids: Record<Person, string>;
  as: Record<Person, Client>;
  names: Record<Person, string>;
}

export async function swapWorld(t: TestApp): Promise<World> {
  const a = (await makeDepartment(t)).id;
  const b = (await makeDepartment(t)).id;
  const entries = await Promise.all(
    (Object.keys(roles) as Person[]).map(async (name) => {
      const [role, dept] = roles[name];
      return [name, await makeStaff(t, { role, dept: dept === "a" ? a : b, active: true })] as const;
    }),
  );
  const clients = await Promise.all(entries.map(([, made]) => signedInClient(t, made.userId)));
  const pick = <T>(f: (i: number) => T) =>
    Object.fromEntries(entries.map(([name], i) => [name, f(i)])) as Record<Person, T>;
  return {
    a,
    b,
    ids: pick((i) => entries[i]![1].userId),
    names: pick((i) => entries[i]![1].fullName),
    as: pick((i) => clients[i]!),
  };
}

/** A roster shift in `dept` that `userId` holds, `hoursAhead` from now, `hours` long; its assignment id. */
export async function holding(
  t: TestApp,
  dept: string,
  userId: string,
  hoursAhead: number,
  hours = 8,
  title = "Dagvakt",
) {
  const shift = await makeShift(t, {
    dept,
    kind: "roster",
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
