/**
 * 'Tildel automatisk' asks first: who is interested and who of them could be given the
 * shift ('3 interesserte, 2 kan tildeles'), the rule that decides, then 'Tildel' or
 * 'Avbryt'. The list is the server's (the same read and rules as the assignment), read
 * afresh each time the dialog opens; nothing is decided until 'Tildel'.
 */
import { CircleAlert } from "lucide-react";
import { fairnessWindowDays } from "../../../../common/domain/fairness.ts";
import type { AssignmentPreview, ShiftDto } from "../../../../common/schemas/shifts.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog, DialogClose, DialogContent } from "../../../components/ui/dialog.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { errorText } from "../../../lib/api.ts";
import { useAssignmentPreview } from "../api/outcome.ts";
import { quoteShift } from "../format.ts";

const t = ui.shifts.assignConfirm;

function Candidates({ preview }: { preview: AssignmentPreview }) {
  return (
    <div className="flex flex-col gap-3">
      <p className="text-[15px] font-semibold text-ink">{t.summary(preview.interested, preview.eligible)}</p>
      <p className="text-sm text-muted-fg">{preview.rule}</p>
      <ul
        aria-label={t.listLabel}
        className="flex max-h-64 flex-col divide-y divide-border overflow-y-auto rounded-lg border border-border"
      >
        {preview.candidates.map((c) => (
          <li key={c.userId} className="flex flex-col gap-0.5 px-3 py-2">
            <div className="flex items-center justify-between gap-2">
              <span className="text-sm font-medium text-ink">{c.name}</span>
              {c.eligible ? (
                <Badge tone="success">{t.canAssign}</Badge>
              ) : (
                <Badge tone="warning">{ui.shifts.outcome.notEligible}</Badge>
              )}
            </div>
            <span className="text-xs text-muted-fg">
              {c.reason ?? t.count(c.fairnessValue, fairnessWindowDays)}
            </span>
          </li>
        ))}
      </ul>
      {preview.eligible === 0 && <p className="text-sm text-ink">{t.none}</p>}
    </div>
  );
}

export function AssignConfirmDialog({
  shift,
  open,
  onOpenChange,
  onConfirm,
}: {
  shift: ShiftDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) {
  const preview = useAssignmentPreview(shift.id, open);
  const ready = preview.data !== undefined && preview.data.eligible > 0;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t.title}
        description={quoteShift(shift)}
        className="max-h-[90dvh] overflow-y-auto"
      >
        {preview.isPending ? (
          <div role="status" className="flex flex-col gap-2">
            <span className="sr-only">{t.loading}</span>
            <Skeleton className="h-6" />
            <Skeleton className="h-16" />
          </div>
        ) : preview.isError ? (
          <p role="alert" className="flex items-start gap-2 text-sm text-error">
            <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
            {errorText(preview.error, t.failed)}
          </p>
        ) : (
          <Candidates preview={preview.data} />
        )}
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline">{t.cancel}</Button>
          </DialogClose>
          <Button
            disabled={!ready}
            onClick={() => {
              onOpenChange(false);
              onConfirm();
            }}
          >
            {t.confirm}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
