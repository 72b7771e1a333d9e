/**
 * One tab's shifts as a responsive grid of cards, with the states every list has
 * (ui.md): skeletons while loading, an empty state that says what to do next, and an
 * error with a retry.
 */
import { CalendarX2, CircleAlert } from "lucide-react";
import { isLeaderOrAdmin } from "../../../../common/domain/roles.ts";
import type { ShiftView } from "../../../../common/schemas/shifts.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Button } from "../../../components/ui/button.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { errorText } from "../../../lib/api.ts";
import { useSession } from "../../../lib/session.tsx";
import { useShiftList } from "../api/shifts.ts";
import { ShiftCard } from "../card/ShiftCard.tsx";

const t = ui.shifts;

const gridClass = "grid grid-cols-1 gap-4 @xl:grid-cols-2 @4xl:grid-cols-3";

function GridSkeleton({ label }: { label: string }) {
  return (
    <div role="status" className={gridClass}>
      <span className="sr-only">{label}</span>
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex flex-col gap-3 rounded-lg border border-border bg-white p-4">
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-4 w-24" />
          <Skeleton className="mt-2 h-10 w-full" />
        </div>
      ))}
    </div>
  );
}

export function ShiftGrid({ view }: { view: ShiftView }) {
  const list = useShiftList(view);
  const leads = isLeaderOrAdmin(useSession().role);
  const texts = t.views[view];
  if (list.isPending) return <GridSkeleton label={texts.loading} />;
  if (list.isError) {
    const message = errorText(list.error, t.listFailed);
    return (
      <EmptyState
        icon={CircleAlert}
        title={t.listFailed}
        action={
          <Button variant="outline" onClick={() => list.refetch()}>
            {ui.common.retry}
          </Button>
        }
      >
        {message !== t.listFailed && message}
      </EmptyState>
    );
  }
  if (list.data.shifts.length === 0)
    return (
      <EmptyState icon={CalendarX2} title={texts.empty}>
        {"nextLeader" in texts && leads ? texts.nextLeader : texts.next}
      </EmptyState>
    );
  return (
    <div className={gridClass}>
      {list.data.shifts.map((shift) => (
        <ShiftCard key={shift.id} shift={shift} />
      ))}
    </div>
  );
}
