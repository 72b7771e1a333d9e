/**
 * The last active admin (decisions.md § Users). Every change that can take an admin
 * away (demotion, deactivation, deletion) first takes one transaction-scoped advisory
 * lock, then counts the active admins that remain, inside its transaction: two admins
 * demoting each other at the same moment run one after the other, and the second
 * sees the first one's change and is refused.
 */
import { and, countDistinct, eq, ne, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { staff } from "../../db/schema.ts";
import { conflict } from "../../platform/errors.ts";

/** An arbitrary fixed key for "the set of admins"; nothing else locks on it. */
const adminsLockKey = 720_401;

/** Takes the lock; returns how many active admins there are before the change. */
export async function lockAdmins(tx: Tx): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(${adminsLockKey})`);
  return activeAdmins(tx);
}

/** Active admins, leaving out `except` (a person about to be deleted). */
async function activeAdmins(tx: Tx, except?: string): Promise<number> {
  const [row] = await tx
    .select({ n: countDistinct(staff.userId) })
    .from(staff)
    .where(
      and(eq(staff.role, "admin"), eq(staff.isActive, true), except ? ne(staff.userId, except) : undefined),
    );
  return row!.n;
}

/**
 * After the change (under `lockAdmins`): 409 when it would leave no active admin. An
 * installation that has none yet (before its first admin is invited) is not refused.
 */
export async function requireAnAdmin(tx: Tx, before: number, except?: string): Promise<void> {
  if (before > 0 && (await activeAdmins(tx, except)) === 0) throw conflict("last_admin");
}
