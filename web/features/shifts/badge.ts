import { useFollowShifts } from "./api/follow.ts";
import { useShiftCounts } from "./api/shifts.ts";

/**
 * The 'Ekstravakter' badge in the sidebar and on the mobile header's button: the open
 * shifts of my department (decisions.md: live, not the spec's fixed 5), kept current by
 * the department's realtime topic.
 */
export function useOpenShiftsCount(): number | undefined {
  useFollowShifts();
  return useShiftCounts().data?.open;
}
