import { useFollowShifts } from "./api/follow.ts";
import { useShiftCounts } from "./api/shifts.ts";

/**
 * The 'Ekstravakter' badge in the sidebar and on the mobile header's button: the open
 * shifts of my department I have not answered yet (decisions.md § The open-shift badge):
 * it drops the moment I register interest. 'Venter svar' counts the open shifts I did
 * answer, under the same condition as 'Åpne', so the difference is what still asks me.
 * Kept current by the department's realtime topic.
 */
export function useOpenShiftsCount(): number | undefined {
  useFollowShifts();
  const counts = useShiftCounts().data;
  return counts && Math.max(0, counts.open - counts.waiting);
}
