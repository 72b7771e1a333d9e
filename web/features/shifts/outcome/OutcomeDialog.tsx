/**
 * The assignment outcome (spec §2 Notifications, §3): the shift, who got it, my status
 * and rank, how the assignment works, the candidates with their 90-day counts, and the
 * full audit on request. Open while the address holds `?outcome={shiftId}`.
 */
import { ChevronDown, CircleAlert, PartyPopper } from "lucide-react";
import { Collapsible } from "radix-ui";
import { useState } from "react";
import type { AssignmentOutcome } from "../../../../common/schemas/shifts.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog, DialogClose, DialogContent } from "../../../components/ui/dialog.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { ApiError } from "../../../lib/api.ts";
import { cn } from "../../../lib/cn.ts";
import { useFeature } from "../../../lib/config.tsx";
import { useOutcome } from "../api/outcome.ts";
import { shiftWhen } from "../format.ts";
import { AuditTable } from "./AuditTable.tsx";
import { CandidateList } from "./CandidateList.tsx";
import { useOutcomeParam } from "./outcome-param.ts";

const t = ui.shifts.outcome;

/**
 * 'Din status' for a candidate; for a leader or admin who was none (only candidates and
 * those who run the shift see an outcome), the ward's: how many were interested and how
 * many could be given it, never 'Du var ikke blant de interesserte' to the one who assigned.
 */
function statusRow(outcome: AssignmentOutcome): { term: string; value: string } {
  if (outcome.yourRank !== null)
    return { term: t.yourStatus, value: t.rank(outcome.yourRank, outcome.totalCandidates) };
  if (outcome.candidates.some((c) => c.candidateId === outcome.yourId))
    return { term: t.yourStatus, value: t.ineligible };
  const eligible = outcome.candidates.filter((c) => c.rank !== null).length;
  return { term: t.wardStatus, value: t.ward(outcome.candidates.length, eligible) };
}

/** 'Du fikk vakten' / 'Du fikk ikke', for candidates, behind `shiftOutcomeBanner` (decisions.md). */
function Banner({ outcome }: { outcome: AssignmentOutcome }) {
  const on = useFeature("shiftOutcomeBanner");
  if (!on || !outcome.candidates.some((c) => c.candidateId === outcome.yourId)) return null;
  const won = outcome.winnerId === outcome.yourId;
  return (
    <p
      role="status"
      className={cn(
        "flex items-center gap-2 rounded-lg border px-3 py-2.5 text-[15px] font-semibold",
        won ? "border-success/30 bg-success/10 text-success-ink" : "border-border bg-muted text-ink",
      )}
    >
      {won && <PartyPopper aria-hidden className="size-5" />}
      {won ? t.won : t.lost}
    </p>
  );
}

/** The spec's 'Hvordan fungerer tildelingen?', folded until asked for. */
function HowItWorks({ outcome }: { outcome: AssignmentOutcome }) {
  return (
    <Collapsible.Root className="rounded-lg border border-border">
      <Collapsible.Trigger className="group flex min-h-11 w-full items-center justify-between gap-2 px-3 text-left text-sm font-medium text-ink hover:bg-muted">
        {t.howItWorks}
        <ChevronDown aria-hidden className="size-4 transition-transform group-data-[state=open]:rotate-180" />
      </Collapsible.Trigger>
      <Collapsible.Content className="px-3 pb-3 text-sm text-muted-fg">
        {/* ui.shifts.explanation, worded by the server with the rest hours in force for this run */}
        {outcome.explanation}
      </Collapsible.Content>
    </Collapsible.Root>
  );
}

function StatusRow({ outcome }: { outcome: AssignmentOutcome }) {
  const { term, value } = statusRow(outcome);
  return (
    <>
      <dt className="text-muted-fg">{term}</dt>
      <dd className="text-ink">{value}</dd>
    </>
  );
}

function OutcomeBody({
  outcome,
  audit,
  onToggleAudit,
}: {
  outcome: AssignmentOutcome;
  audit: boolean;
  onToggleAudit: () => void;
}) {
  return (
    <div className="flex flex-col gap-4">
      <div>
        <p className="text-base font-semibold text-ink">{outcome.title}</p>
        <p className="text-sm text-muted-fg tabular">{shiftWhen(outcome)}</p>
      </div>
      <Banner outcome={outcome} />
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-[15px]">
        <dt className="text-muted-fg">{t.winner}</dt>
        <dd className="font-medium text-ink">{outcome.winnerName ?? t.noWinner}</dd>
        <StatusRow outcome={outcome} />
      </dl>
      <HowItWorks outcome={outcome} />
      <CandidateList outcome={outcome} />
      {audit && <AuditTable shiftId={outcome.shiftId} />}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" aria-expanded={audit} onClick={onToggleAudit}>
          {audit ? t.hideAudit : t.showAudit}
        </Button>
        <DialogClose asChild>
          <Button>{t.close}</Button>
        </DialogClose>
      </div>
    </div>
  );
}

function OutcomeFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <div className="flex flex-col gap-4">
      <div
        role="alert"
        className="flex items-start gap-2 rounded-md border border-error/30 bg-error/5 px-3 py-2.5 text-sm text-error"
      >
        <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span>
          <strong className="block">{missing ? t.notFoundTitle : t.failedTitle}</strong>
          {missing ? t.notFound : t.failed}
        </span>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {!missing && (
          <Button variant="outline" onClick={onRetry}>
            {ui.common.retry}
          </Button>
        )}
        <DialogClose asChild>
          <Button>{t.close}</Button>
        </DialogClose>
      </div>
    </div>
  );
}

function OutcomeContent({ shiftId, title }: { shiftId: string; title: string }) {
  const outcome = useOutcome(shiftId);
  // The audit table needs room: the dialog widens while it shows.
  const [audit, setAudit] = useState(false);
  return (
    <DialogContent
      title={title}
      className={cn("max-h-[90dvh] overflow-y-auto", audit ? "max-w-5xl" : "max-w-lg")}
    >
      {outcome.isPending ? (
        <div role="status" className="flex flex-col gap-3">
          <span className="sr-only">{t.loading}</span>
          <Skeleton className="h-10" />
          <Skeleton className="h-16" />
          <Skeleton className="h-24" />
        </div>
      ) : outcome.isError ? (
        <OutcomeFailure error={outcome.error} onRetry={() => outcome.refetch()} />
      ) : (
        <OutcomeBody outcome={outcome.data} audit={audit} onToggleAudit={() => setAudit(!audit)} />
      )}
    </DialogContent>
  );
}

/** The dialog of the screen it sits on; it follows the address. */
export function OutcomeDialog() {
  const { shiftId, afterAssign, close } = useOutcomeParam();
  return (
    <Dialog open={shiftId !== null} onOpenChange={(open) => !open && close()}>
      {shiftId && <OutcomeContent shiftId={shiftId} title={afterAssign ? t.titleAfterAssign : t.title} />}
    </Dialog>
  );
}
