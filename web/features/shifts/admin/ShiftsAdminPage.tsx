/**
 * /shifts/admin 'Administrere Ekstravakter' (spec §2; leaders and admins, the route
 * checks): 'Opprett ny ekstravakt', the counters, the open shifts, the drafts and the
 * assigned ones ('Tildelt', newest assignment first, with who got it) with the same
 * cards as the list screen, and the fairness picture. An assignment run here
 * ends in 'Tildeling fullført' with its result. `below`: what the route table adds
 * after them (the working-time rules and the competences, another feature's).
 */
import { Plus } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useSearchParams } from "react-router";
import type { ShiftCounts, ShiftView } from "../../../../common/schemas/shifts.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Page } from "../../../components/page.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { useFollowShifts } from "../api/follow.ts";
import { useShiftCounts } from "../api/shifts.ts";
import { ShiftFormDialog } from "../form/ShiftFormDialog.tsx";
import { ShiftTabs, tabParam } from "../list/ShiftTabs.tsx";
import { useMayCreateShifts } from "../may-create.ts";
import { OutcomeDialog } from "../outcome/OutcomeDialog.tsx";
import { outcomeParam } from "../outcome/outcome-param.ts";
import { FairnessChart } from "./FairnessChart.tsx";

const t = ui.shifts.admin;

function Counters({ counts }: { counts: ShiftCounts | undefined }) {
  const items = [
    [t.openCount, counts?.open],
    [t.interestedCount, counts?.interested],
    [t.draftCount, counts ? (counts.drafts ?? 0) : undefined],
  ] as const;
  return (
    <dl aria-label={t.countersLabel} className="grid grid-cols-3 gap-3">
      {items.map(([label, value]) => (
        <div key={label} className="flex flex-col rounded-lg border border-border bg-white p-3 md:p-4">
          <dt className="text-sm text-muted-fg">{label}</dt>
          <dd className="text-2xl font-semibold text-ink tabular">{value ?? "–"}</dd>
        </div>
      ))}
    </dl>
  );
}

export function ShiftsAdminPage({ below }: { below?: ReactNode }) {
  useFollowShifts();
  const counts = useShiftCounts();
  const mayCreate = useMayCreateShifts();
  const [creating, setCreating] = useState(false);
  const [params, setParams] = useSearchParams();
  const asked = params.get(tabParam);
  const view: ShiftView = asked === "drafts" || asked === "filled" ? asked : "open";
  const show = (next: ShiftView) =>
    setParams(
      (prev) => {
        const updated = new URLSearchParams(prev);
        updated.delete(outcomeParam);
        if (next !== "open") updated.set(tabParam, next);
        else updated.delete(tabParam);
        return updated;
      },
      { replace: true },
    );

  return (
    <Page title={ui.pages.shiftsAdmin.title} subtitle={ui.pages.shiftsAdmin.subtitle}>
      {mayCreate && (
        <section className="flex flex-col gap-3 rounded-lg border border-primary/20 bg-secondary p-4 sm:flex-row sm:items-center sm:justify-between md:p-5">
          <div>
            <h2 className="text-base font-semibold text-secondary-fg">{t.createTitle}</h2>
            <p className="text-sm text-secondary-fg/85">{t.createBody}</p>
          </div>
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden />
            {ui.shifts.newShift}
          </Button>
        </section>
      )}
      <Counters counts={counts.data} />
      <ShiftTabs
        tabs={[
          { view: "open", label: t.openTab },
          { view: "drafts", label: t.draftsTab },
          { view: "filled", label: t.filledTab },
        ]}
        value={view}
        onChange={show}
        counts={counts.data}
      />
      <FairnessChart />
      {below}
      {mayCreate && <ShiftFormDialog open={creating} onOpenChange={setCreating} />}
      <OutcomeDialog />
    </Page>
  );
}
