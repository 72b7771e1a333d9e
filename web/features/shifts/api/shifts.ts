/**
 * Reading extra shifts: the lists of the screen's tabs and the counts of my current
 * department (the tabs, the admin counters and the navigation's badge).
 */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { type ShiftView, shiftCounts, shiftList } from "../../../../common/schemas/shifts.ts";
import { apiFetch } from "../../../lib/api.ts";
import { useSession } from "../../../lib/session.tsx";
import { shiftKeys } from "./keys.ts";

export const shiftListQuery = (view: ShiftView) =>
  queryOptions({
    queryKey: shiftKeys.list(view),
    queryFn: () => apiFetch(`/api/shifts?view=${view}`, { schema: shiftList }),
  });

export const shiftCountsQuery = () =>
  queryOptions({
    queryKey: shiftKeys.counts,
    // The badge asks on every screen: it must not keep an idle session alive.
    queryFn: () => apiFetch("/api/shifts/counts", { schema: shiftCounts, background: true }),
  });

/** Only once there is a department ('Velg din avdeling' comes first). */
const useHasDepartment = () => useSession().currentDeptId !== null;

export function useShiftList(view: ShiftView) {
  return useQuery({ ...shiftListQuery(view), enabled: useHasDepartment() });
}

export function useShiftCounts() {
  return useQuery({ ...shiftCountsQuery(), enabled: useHasDepartment() });
}
