/**
 * Swaps change under everyone's eyes: the server says `swap.offersChanged` on the
 * department's topic (with its new count of open dept offers) and `swap.dealsChanged`
 * on the topics of the people a deal concerns. Every swap screen and badge calls this
 * hook.
 */
import type { SwapCounts } from "../../../../common/schemas/swaps.ts";
import { featureFollow, refetchFeature, useFollowFeature } from "../../../lib/follow.ts";
import { swapKeys } from "./keys.ts";

const follow = featureFollow(swapKeys.all, (client, event) => {
  if (event.type === "swap.offersChanged") {
    // The header's 'Bytte' shows the new count at once; the rest follows from the server.
    const market = event.payload.openDeptOffers;
    client.setQueryData<SwapCounts>(swapKeys.counts, (counts) => counts && { ...counts, market });
    refetchFeature(client, swapKeys.all);
  }
  if (event.type === "swap.dealsChanged") refetchFeature(client, swapKeys.all);
});

export const useFollowSwaps = () => useFollowFeature(follow);
