/**
 * The outcome dialog is open while the address says `?outcome={shiftId}`: the bell links
 * to a result (`/shifts/assigned?outcome=…`), and 'Se tildeling' and 'Tildel automatisk'
 * open it the same way. Opening and closing replace the history entry, so Back leaves the
 * screen rather than reopening a dialog.
 */
import { useLocation, useSearchParams } from "react-router";

export const outcomeParam = "outcome";

interface OutcomeState {
  /** opened right after this person ran the assignment ('Tildeling fullført') */
  afterAssign?: boolean;
}

export function useOutcomeParam() {
  const [params, setParams] = useSearchParams();
  const state = useLocation().state as OutcomeState | null;
  const change = (shiftId: string | null, next: OutcomeState = {}) =>
    setParams(
      (prev) => {
        const updated = new URLSearchParams(prev);
        if (shiftId) updated.set(outcomeParam, shiftId);
        else updated.delete(outcomeParam);
        return updated;
      },
      { replace: true, state: next },
    );
  return {
    shiftId: params.get(outcomeParam),
    afterAssign: state?.afterAssign === true,
    open: (shiftId: string, options: OutcomeState = {}) => change(shiftId, options),
    close: () => change(null),
  };
}
