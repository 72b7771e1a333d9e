import { useFollowSwaps } from "./api/follow.ts";
import { useSwapCounts } from "./api/queries.ts";

/**
 * The live counts of decisions.md § Swaps, kept current by the realtime topics: the
 * mobile header's 'Bytte' shows the department's open dept offers, the sidebar's
 * 'Byttevakt' what waits for me (answers I owe; for leaders also approvals).
 */
export function useMarketCount(): number | undefined {
  useFollowSwaps();
  return useSwapCounts().data?.market;
}

export function useWaitingForMeCount(): number | undefined {
  useFollowSwaps();
  return useSwapCounts().data?.waitingForMe;
}
