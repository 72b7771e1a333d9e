/**
 * A person's name lives in one place: first and last name on the profile. The database
 * makes the full name and the account's name from them in the same statement (migration
 * 0010), so code writes the parts only and nothing can drift.
 */
import { eq } from "drizzle-orm";
import { profiles } from "../../db/schema.ts";
import type { Tx } from "../../platform/tx.ts";

export async function setName(tx: Tx, userId: string, firstName: string, lastName: string): Promise<void> {
  await tx.update(profiles).set({ firstName, lastName }).where(eq(profiles.userId, userId));
}
