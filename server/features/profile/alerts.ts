/**
 * 'Stille når jeg ikke er på vakt' (issue 26 item 5): my setting, and whether it silences
 * ordinary toasts and sounds now. The rule is common/domain/quiet.ts; whether I am on
 * shift is the roster's (`personOnShift`). The client asks again at `until` and when the
 * window gets the focus back; a change of the setting is announced on my topic
 * (`alerts.changed`), so my other tabs follow. Whatever else changes the answer before
 * `until` (a duty role given to me for the ongoing block) may announce the same.
 */
import { eq } from "drizzle-orm";
import { isQuiet, quietSettingOf } from "../../../common/domain/quiet.ts";
import type { Membership } from "../../../common/domain/roles.ts";
import type { AlertsState } from "../../../common/schemas/alerts.ts";
import { topics } from "../../../common/schemas/realtime.ts";
import type { Db } from "../../db/client.ts";
import { profiles } from "../../db/schema.ts";
import { personOnShift } from "../../platform/roster.ts";
import { type TxDeps, withTx } from "../../platform/tx.ts";

export async function alertsOf(
  db: Db,
  me: { userId: string; memberships: readonly Membership[] },
  at: Date,
): Promise<AlertsState> {
  const [row] = await db
    .select({ quietOffShift: profiles.quietOffShift })
    .from(profiles)
    .where(eq(profiles.userId, me.userId));
  const setting = quietSettingOf(row?.quietOffShift ?? null, me.memberships);
  if (!setting) return { quietOffShift: false, quiet: false, until: null };
  const shift = await personOnShift(db, me.userId, at);
  return {
    quietOffShift: true,
    quiet: isQuiet({ setting, ...shift }),
    until: shift.until?.toISOString() ?? null,
  };
}

export function setQuietOffShift(deps: TxDeps, userId: string, quietOffShift: boolean): Promise<void> {
  return withTx(deps, async (tx, events) => {
    await tx.update(profiles).set({ quietOffShift }).where(eq(profiles.userId, userId));
    events.publish(topics.user(userId), "alerts.changed");
  });
}
