/**
 * Deleting a person (decisions.md § Users): the notifications they received go. Those
 * sent to others name shifts and deals, never people (common/schemas/notifications.ts).
 */
import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { notifications } from "../../db/schema.ts";

export async function purgeNotifications(
  tx: Tx,
  _events: unknown,
  person: { userId: string },
): Promise<void> {
  await tx.delete(notifications).where(eq(notifications.recipientUserId, person.userId));
}
