/**
 * Reading swaps: my offers, the market (page by page, asked for only while its tab is
 * open), my future assignments, the deals waiting, the history and the live counts.
 * Nothing is asked before there is a department ('Laster...' until then).
 */
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { swapLimits } from "../../../../common/base/limits.ts";
import {
  dealList,
  marketPage,
  myAssignments,
  myOffers,
  swapCounts,
  swapHistory,
} from "../../../../common/schemas/swaps.ts";
import { apiFetch } from "../../../lib/api.ts";
import { useSession } from "../../../lib/session.tsx";
import { swapKeys } from "./keys.ts";

const useHasDepartment = () => useSession().currentDeptId !== null;

export const myOffersQuery = () =>
  queryOptions({
    queryKey: swapKeys.mine,
    queryFn: () => apiFetch("/api/swaps/offers/mine", { schema: myOffers }),
  });

export const marketQuery = () =>
  infiniteQueryOptions({
    queryKey: swapKeys.market,
    queryFn: ({ pageParam }) =>
      apiFetch(`/api/swaps/market?offset=${pageParam}&limit=${swapLimits.marketPage}`, {
        schema: marketPage,
      }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextOffset ?? undefined,
  });

export const myAssignmentsQuery = (forOffer: string | null) =>
  queryOptions({
    queryKey: swapKeys.assignments(forOffer),
    queryFn: () =>
      apiFetch(`/api/swaps/assignments${forOffer ? `?forOffer=${encodeURIComponent(forOffer)}` : ""}`, {
        schema: myAssignments,
      }),
  });

export const dealsQuery = (view: "waiting" | "approval") =>
  queryOptions({
    queryKey: swapKeys.deals(view),
    queryFn: () => apiFetch(`/api/swaps/deals?view=${view}`, { schema: dealList }),
  });

export const historyQuery = () =>
  queryOptions({
    queryKey: swapKeys.history,
    queryFn: () => apiFetch("/api/swaps/history", { schema: swapHistory }),
  });

export const swapCountsQuery = () =>
  queryOptions({
    queryKey: swapKeys.counts,
    // The badges ask on every screen: that must not keep an idle session alive.
    queryFn: () => apiFetch("/api/swaps/counts", { schema: swapCounts, background: true }),
  });

export const useMyOffers = () => useQuery({ ...myOffersQuery(), enabled: useHasDepartment() });

/** Spec §7: the market is queried only when its tab is open; its tab alone calls this. */
export const useMarket = () => useInfiniteQuery({ ...marketQuery(), enabled: useHasDepartment() });

/** My future assignments; with `forOffer`, each says whether it may go for that offer's shift. */
export const useMyAssignments = (forOffer: string | null) =>
  useQuery({ ...myAssignmentsQuery(forOffer), enabled: useHasDepartment() });

export const useDeals = (view: "waiting" | "approval") =>
  useQuery({ ...dealsQuery(view), enabled: useHasDepartment() });

export const useHistory = () => useQuery({ ...historyQuery(), enabled: useHasDepartment() });

export const useSwapCounts = () => useQuery({ ...swapCountsQuery(), enabled: useHasDepartment() });
