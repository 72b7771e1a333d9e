/**
 * Swaps change under everyone's eyes: the server says `swap.offersChanged` on the
 * department's topic (with its new count of open dept offers) and `swap.dealsChanged`
 * on the topics of the people a deal concerns. Every swap screen and badge calls this
 * hook.
 */
import { z } from "zod";
import { type SwapCounts, swapEvents } from "../../../../common/schemas/swaps.ts";
import { featureFollow, refetchFeature, useFollowFeature } from "../../../lib/follow.ts";
import { swapKeys } from "./keys.ts";

const offersPayload = z.object({ openDeptOffers: z.number().int().nonnegative() });

const follow = featureFollow(swapKeys.all, (client, event) => {
  if (event.type === swapEvents.offersChanged) {
    // The header's 'Bytte' shows the new count at once; the rest follows from the server.
    const parsed = offersPayload.safeParse(event.payload);
    if (parsed.success)
      client.setQueryData<SwapCounts>(
        swapKeys.counts,
        (counts) => counts && { ...counts, market: parsed.data.openDeptOffers },
      );
    refetchFeature(client, swapKeys.all);
  }
  if (event.type === swapEvents.dealsChanged) refetchFeature(client, swapKeys.all);
});

export const useFollowSwaps = () => useFollowFeature(follow);
