/**
 * What deleting a person (features/users/delete.ts) asks of each feature, in order: swaps
 * (their deals name assignments) before shifts, and sign-in last. Features do not import
 * each other, so they meet here, beside `app.ts`: each exports a single `purge.ts`, and
 * what a feature stores about a person is removed by the feature that knows it.
 */

import { purgeAuth } from "./features/auth/purge.ts";
import { purgeChat } from "./features/chat/purge.ts";
import { purgeNotifications } from "./features/notifications/purge.ts";
import { notify } from "./features/notifications/service.ts";
import { purgePresence } from "./features/presence/purge.ts";
import { purgeAvatar } from "./features/profile/purge.ts";
import { purgeShifts } from "./features/shifts/purge.ts";
import { purgeSwaps } from "./features/swaps/purge.ts";
import type { Purge } from "./features/users/delete.ts";
import type { AppContext } from "./platform/context.ts";

export function userPurges(ctx: AppContext): Purge[] {
  const swaps = purgeSwaps(notify);
  const shifts = purgeShifts(notify);
  const auth = purgeAuth(ctx.rateLimitSecret);
  return [
    nothingLeft(swaps),
    nothingLeft(shifts),
    async (tx, events, p) => ({ files: await purgeChat(tx, events, p) }),
    nothingLeft(purgeNotifications),
    nothingLeft(purgePresence),
    purgeAvatar,
    async (tx, events, p) => ({ sessions: await auth(tx, events, p) }),
  ];
}

/** A purge that removes rows only: nothing to do after the commit. */
const nothingLeft =
  (purge: (...args: Parameters<Purge>) => Promise<void>): Purge =>
  async (...args) => {
    await purge(...args);
    return {};
  };
