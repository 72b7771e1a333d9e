/**
 * A side panel's short list of shifts (the rail, 'Hurtighandlinger'): the first three,
 * with loading, error-with-retry and empty states like every list, and a link to all.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { ShiftDto, ShiftView } from "../../../../common/schemas/shifts.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { useShiftList } from "../api/shifts.ts";
import { shiftWhen } from "../format.ts";

/** Enough for a glance; the screen has the rest. */
const shown = 3;

export interface PanelTexts {
  loading: string;
  failed: string;
  retry: string;
  none: string;
  all: string;
}

export function PanelList({
  view,
  pick,
  texts,
  to,
  action,
  onNavigate,
}: {
  view: ShiftView;
  /** which of the list's shifts count here, in their order */
  pick: (shifts: readonly ShiftDto[]) => ShiftDto[];
  texts: PanelTexts;
  /** the screen with all of them */
  to: string;
  action?: (shift: ShiftDto) => ReactNode;
  onNavigate?: () => void;
}) {
  const list = useShiftList(view);
  if (list.isPending)
    return (
      <div role="status" className="flex flex-col gap-2">
        <span className="sr-only">{texts.loading}</span>
        {[0, 1].map((i) => (
          <Skeleton key={i} className="h-10" />
        ))}
      </div>
    );
  if (list.isError)
    return (
      <div className="flex flex-col items-start gap-2">
        <p className="text-sm text-error">{texts.failed}</p>
        <Button variant="outline" size="sm" aria-label={texts.retry} onClick={() => list.refetch()}>
          {ui.common.retry}
        </Button>
      </div>
    );
  const shifts = pick(list.data.shifts).slice(0, shown);
  return (
    <div className="flex flex-col gap-2">
      {shifts.length === 0 ? (
        <p className="text-sm text-muted-fg">{texts.none}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border">
          {shifts.map((shift) => (
            <li key={shift.id} className="flex flex-col gap-1.5 py-2 first:pt-0">
              <span className="text-sm font-semibold text-ink tabular">{shiftWhen(shift)}</span>
              <span className="text-sm text-muted-fg">
                {shift.title} · {shift.location}
              </span>
              {action?.(shift)}
            </li>
          ))}
        </ul>
      )}
      <Link
        to={to}
        onClick={onNavigate}
        className="text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        {texts.all}
      </Link>
    </div>
  );
}
