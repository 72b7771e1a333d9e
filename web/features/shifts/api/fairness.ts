/** The admin page's fairness picture: extra shifts per person in the last 90 days. */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { fairnessOverview } from "../../../../common/schemas/shifts.ts";
import { apiFetch } from "../../../lib/api.ts";
import { shiftKeys } from "./keys.ts";

export const fairnessQuery = () =>
  queryOptions({
    queryKey: shiftKeys.fairness,
    queryFn: () => apiFetch("/api/shifts/fairness", { schema: fairnessOverview }),
  });

export const useFairness = () => useQuery(fairnessQuery());
