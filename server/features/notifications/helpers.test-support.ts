import { eq, inArray } from "drizzle-orm";
import { departments, notifications, user } from "../../db/schema.ts";
import type { TestApp } from "../../test/harness.ts";

/** Kari and Ola of the demo's Anestesi, and the department: the notification tests' recipients. */
export async function demoRecipients(t: TestApp) {
  const users = await t.ctx.db.select({ id: user.id, email: user.email }).from(user);
  const userId = (email: string) => users.find((u) => u.email === email)!.id;
  const [anestesi] = await t.ctx.db.select().from(departments).where(eq(departments.name, "Anestesi"));
  return { kari: userId("kari@demo.no"), ola: userId("ola@demo.no"), anestesi: anestesi!.id };
}

/** The notifications these people have. */
export const notificationsOf = (t: TestApp, ...userIds: string[]) =>
  t.ctx.db.select().from(notifications).where(inArray(notifications.recipientUserId, userIds));
