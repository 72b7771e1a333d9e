/**
 * One tab's shifts as a responsive grid of cards, with the states every list has
 * (ui.md): skeletons while loading, an empty state that says what to do next, and an
 * error with a retry.
 */
import { CalendarX2, CircleAlert } from "lucide-react";
import { isLeaderOrAdmin } from "../../../../common/domain/roles.ts";
import type { ShiftView } from "../../../../common/schemas/shifts.ts";
import { ui } from "../../../../common/texts/index.ts";
import { CardGridSkeleton, cardGridClass } from "../../../components/card-grid.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { errorText } from "../../../lib/api.ts";
import { useSession } from "../../../lib/session.tsx";
import { useShiftList } from "../api/shifts.ts";
import { ShiftCard } from "../card/ShiftCard.tsx";

const t = ui.shifts;

export function ShiftGrid({ view }: { view: ShiftView }) {
  const list = useShiftList(view);
  const leads = isLeaderOrAdmin(useSession().role);
  const texts = t.views[view];
  if (list.isPending) return <CardGridSkeleton label={texts.loading} />;
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
    <div className={cardGridClass}>
      {list.data.shifts.map((shift) => (
        <ShiftCard key={shift.id} shift={shift} />
      ))}
    </div>
  );
}
