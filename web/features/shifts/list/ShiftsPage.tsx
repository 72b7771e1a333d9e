/**
 * /shifts/open and /shifts/assigned, one screen (spec §2 Extra shifts): the tabs
 * 'Åpne', 'Venter svar', 'Mine tildelte' and, for leaders and admins, 'Utkast'. Each
 * tab has its address ('Venter svar' and 'Utkast' as `?tab=` on /shifts/open), so a
 * link or the bell can open any of them, and the outcome dialog opens over any tab.
 * 'Mine vakter' (/shifts/assigned) also shows 'Din plass i køen'.
 */
import { Plus } from "lucide-react";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { isLeaderOrAdmin } from "../../../../common/domain/roles.ts";
import type { ShiftView } from "../../../../common/schemas/shifts.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Page } from "../../../components/page.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { paths } from "../../../lib/paths.ts";
import { useSession } from "../../../lib/session.tsx";
import { useFollowShifts } from "../api/follow.ts";
import { useShiftCounts } from "../api/shifts.ts";
import { CalendarFeedButton } from "../calendar/CalendarFeed.tsx";
import { ShiftFormDialog } from "../form/ShiftFormDialog.tsx";
import { useMayCreateShifts } from "../may-create.ts";
import { OutcomeDialog } from "../outcome/OutcomeDialog.tsx";
import { QueuePlace } from "../queue/QueuePlace.tsx";
import { type ShiftTab, ShiftTabs, tabParam } from "./ShiftTabs.tsx";

const t = ui.shifts;

/** Where each tab lives. */
const addressOf: Record<ShiftView, string> = {
  open: paths.shifts.open,
  waiting: `${paths.shifts.open}?${tabParam}=waiting`,
  assigned: paths.shifts.assigned,
  drafts: `${paths.shifts.open}?${tabParam}=drafts`,
  filled: `${paths.shifts.admin}?${tabParam}=filled`,
};

/** The tab an address asks for; one it may not see ('Utkast' for staff) is 'Åpne'. */
function viewOf(route: "open" | "assigned", asked: string | null, showDrafts: boolean): ShiftView {
  if (route === "assigned") return "assigned";
  if (asked === "waiting" || (asked === "drafts" && showDrafts)) return asked;
  return "open";
}

export function ShiftsPage({ tab }: { tab: "open" | "assigned" }) {
  useFollowShifts();
  const { role } = useSession();
  const mayCreate = useMayCreateShifts();
  const counts = useShiftCounts();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [creating, setCreating] = useState(false);
  // The server says who sees drafts (a count, not null); until it has, the role guesses.
  const showDrafts = counts.data ? counts.data.drafts !== null : isLeaderOrAdmin(role);
  const view = viewOf(tab, params.get(tabParam), showDrafts);
  const tabs: ShiftTab[] = [
    { view: "open", label: t.views.open.tab },
    { view: "waiting", label: t.views.waiting.tab },
    { view: "assigned", label: t.views.assigned.tab, extra: <CalendarFeedButton /> },
    ...(showDrafts ? [{ view: "drafts" as const, label: t.views.drafts.tab }] : []),
  ];
  const page = tab === "open" ? ui.pages.shifts : ui.pages.myShifts;

  return (
    <Page
      title={page.title}
      subtitle={page.subtitle}
      actions={
        mayCreate && (
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden />
            {t.newShift}
          </Button>
        )
      }
    >
      <ShiftTabs
        tabs={tabs}
        value={view}
        onChange={(next) => navigate(addressOf[next])}
        counts={counts.data}
      />
      {/* 'Mine vakter': where I stand for the next ones, below the ones I have. */}
      {tab === "assigned" && <QueuePlace />}
      {mayCreate && <ShiftFormDialog open={creating} onOpenChange={setCreating} />}
      <OutcomeDialog />
    </Page>
  );
}
