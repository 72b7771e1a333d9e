/** Deleting a person (decisions.md § Users): their presence row goes. */
import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { presence } from "../../db/schema.ts";

export async function purgePresence(tx: Tx, _events: unknown, person: { userId: string }): Promise<void> {
  await tx.delete(presence).where(eq(presence.userId, person.userId));
}
