/**
 * Fairness as it is shown: the admin page's picture (extra shifts, nights, weekends and
 * holidays per person) and 'Din plass i køen' on 'Mine vakter'.
 */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { fairnessOverview } from "../../../../common/schemas/shifts.ts";
import { myFairness } from "../../../../common/schemas/work.ts";
import { apiFetch } from "../../../lib/api.ts";
import { shiftKeys } from "./keys.ts";

export const fairnessQuery = () =>
  queryOptions({
    queryKey: shiftKeys.fairness,
    queryFn: () => apiFetch("/api/shifts/fairness", { schema: fairnessOverview }),
  });

export const useFairness = () => useQuery(fairnessQuery());

export const useMyFairness = () =>
  useQuery({
    queryKey: shiftKeys.fairnessMine,
    queryFn: () => apiFetch("/api/shifts/fairness/me", { schema: myFairness }),
  });
