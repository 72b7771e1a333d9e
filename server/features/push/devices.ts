/**
 * A person's devices for push ('Varsler på denne enheten'): subscribing one, the list
 * 'Min profil' shows, removing one, and 'Vis innhold i varsler'.
 *
 * A subscription belongs to the person whose session made it. The same browser
 * subscribing again (a new key after the browser rotated it, or the button pressed
 * twice) updates its keys and stays one device. A browser whose endpoint another person
 * holds was signed in as someone else since: it moves to the caller, and the pushes still
 * queued for the other person are dropped with the move.
 */
import { and, count, desc, eq, sql } from "drizzle-orm";
import { pushLimits } from "../../../common/base/limits.ts";
import type { PushDevice, PushState, PushSubscriptionInput } from "../../../common/schemas/push.ts";
import type { Db } from "../../db/client.ts";
import { pushPreferences, pushQueue, pushSubscriptions } from "../../db/schema.ts";
import type { AppContext } from "../../platform/context.ts";
import { conflict, unprocessable } from "../../platform/errors.ts";
import { withTx } from "../../platform/tx.ts";

const loopbackHosts = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Push services are reached over https only. A test or staging installation may name a
 * push endpoint on this computer over plain http (a local stand-in for a push service);
 * production never.
 */
export function endpointAllowed(endpoint: string, allowLoopbackHttp: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol === "https:") return true;
  return allowLoopbackHttp && url.protocol === "http:" && loopbackHosts.has(url.hostname);
}

const device = (row: { id: string; browser: string; createdAt: Date }): PushDevice => ({
  id: row.id,
  browser: row.browser,
  createdAt: row.createdAt.toISOString(),
});

const deviceColumns = {
  id: pushSubscriptions.id,
  browser: pushSubscriptions.browser,
  createdAt: pushSubscriptions.createdAt,
};

export async function pushStateOf(db: Db, userId: string, publicKey: string): Promise<PushState> {
  const [devices, [preference]] = await Promise.all([
    db
      .select(deviceColumns)
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id)),
    db
      .select({ showContent: pushPreferences.showContent })
      .from(pushPreferences)
      .where(eq(pushPreferences.userId, userId)),
  ]);
  return { publicKey, devices: devices.map(device), showContent: preference?.showContent ?? false };
}

/** Subscribes this device; `created` is false when it was already the caller's. */
export async function subscribeDevice(
  ctx: AppContext,
  userId: string,
  input: PushSubscriptionInput,
  browser: string,
): Promise<{ device: PushDevice; created: boolean }> {
  if (!endpointAllowed(input.endpoint, !ctx.config.isProduction))
    throw unprocessable("push_endpoint_not_https");
  const now = ctx.clock.now();
  return withTx(ctx, async (tx) => {
    // One subscribe of a person at a time: the count below stays true until the insert.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`push:${userId}`}))`);
    const [held] = await tx
      .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, input.endpoint))
      .for("update");
    const keys = { p256dh: input.keys.p256dh, auth: input.keys.auth };
    if (held?.userId === userId) {
      const [row] = await tx
        .update(pushSubscriptions)
        .set(keys)
        .where(eq(pushSubscriptions.id, held.id))
        .returning(deviceColumns);
      return { device: device(row!), created: false };
    }
    const [mine] = await tx
      .select({ n: count() })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId));
    if ((mine?.n ?? 0) >= pushLimits.devicesPerPerson) throw conflict("push_too_many_devices");
    if (held) {
      // The browser now signs in as the caller: what was queued for the other person stays theirs.
      await tx.delete(pushQueue).where(eq(pushQueue.subscriptionId, held.id));
      const [row] = await tx
        .update(pushSubscriptions)
        .set({ ...keys, userId, browser, createdAt: now })
        .where(eq(pushSubscriptions.id, held.id))
        .returning(deviceColumns);
      return { device: device(row!), created: true };
    }
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({ userId, endpoint: input.endpoint, ...keys, browser, createdAt: now })
      .returning(deviceColumns);
    return { device: device(row!), created: true };
  });
}

/** The device's owner, or null when there is no such device. */
export async function ownerOfDevice(db: Db, id: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.id, id));
  return row?.userId ?? null;
}

/** Removes my device (its queued pushes go with it); false when it was not mine (any more). */
export async function removeDevice(db: Db, userId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return gone.length > 0;
}

export async function setShowContent(db: Db, userId: string, showContent: boolean): Promise<void> {
  await db
    .insert(pushPreferences)
    .values({ userId, showContent })
    .onConflictDoUpdate({ target: pushPreferences.userId, set: { showContent, updatedAt: new Date() } });
}
