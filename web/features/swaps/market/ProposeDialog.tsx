/**
 * 'Foreslå vaktbytte' (spec §5 Propose swap): which of my future assignments I give for
 * the offered shift. The server says for each whether giving it would leave me with
 * overlapping shifts or too little rest; those are shown with the reason and cannot be
 * chosen. Sending without a choice says what is missing.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import type { SwapOfferDto } from "../../../../common/schemas/swaps.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog, DialogClose, DialogContent } from "../../../components/ui/dialog.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { toast } from "../../../components/ui/toaster.tsx";
import { cn } from "../../../lib/cn.ts";
import { useAnswerOffer } from "../api/mutations.ts";
import { useMyAssignments } from "../api/queries.ts";
import { ShiftLine } from "../card/ShiftLine.tsx";
import { quoteSwapShift } from "../format.ts";
import { LoadFailed } from "../list/states.tsx";

const t = ui.swaps.propose;

function ProposeForm({ offer, onDone }: { offer: SwapOfferDto; onDone: () => void }) {
  const id = useId();
  const assignments = useMyAssignments(offer.id);
  const propose = useAnswerOffer();
  const [chosen, setChosen] = useState<string | null>(null);
  // The choices arrive after the dialog opened: the focus goes to the first that may be taken.
  const first = useRef<HTMLInputElement>(null);
  const loaded = assignments.isSuccess;
  useEffect(() => {
    if (loaded) first.current?.focus();
  }, [loaded]);
  const firstFree = assignments.data?.assignments.find((a) => a.blockedReason === null)?.assignmentId;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!chosen) {
      toast.error(t.missingTitle, { description: t.missingBody });
      return;
    }
    propose.mutate({ offerId: offer.id, assignmentId: chosen }, { onSuccess: onDone });
  }

  if (assignments.isPending)
    return (
      <div role="status" className="flex flex-col gap-2">
        <span className="sr-only">{ui.swaps.loading}</span>
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-14 w-full" />
      </div>
    );
  if (assignments.isError)
    return (
      <LoadFailed
        title={ui.swaps.mine.failed}
        error={assignments.error}
        onRetry={() => assignments.refetch()}
      />
    );
  const list = assignments.data.assignments;
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {list.length === 0 ? (
        <p className="text-sm text-muted-fg">{t.none}</p>
      ) : (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold text-ink">{t.choose}</legend>
          {list.map((a) => {
            const blocked = a.blockedReason !== null;
            const reasonId = `${id}-${a.assignmentId}-reason`;
            return (
              <label
                key={a.assignmentId}
                className={cn(
                  "flex min-h-11 items-start gap-3 rounded-md border border-border p-3",
                  blocked ? "bg-muted" : "has-checked:border-primary",
                )}
              >
                <input
                  type="radio"
                  name={`${id}-assignment`}
                  value={a.assignmentId}
                  ref={a.assignmentId === firstFree ? first : undefined}
                  disabled={blocked}
                  checked={chosen === a.assignmentId}
                  onChange={() => setChosen(a.assignmentId)}
                  aria-describedby={blocked ? reasonId : undefined}
                  className="mt-1 size-4 accent-primary"
                />
                <span className="flex flex-col gap-1">
                  <ShiftLine shift={a} />
                  {blocked && (
                    <span id={reasonId} className="text-sm text-error">
                      {a.blockedReason}
                    </span>
                  )}
                </span>
              </label>
            );
          })}
        </fieldset>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline">{t.cancel}</Button>
        </DialogClose>
        <Button type="submit" disabled={propose.isPending}>
          {propose.isPending ? t.sending : t.submit}
        </Button>
      </div>
    </form>
  );
}

export function ProposeDialog({
  offer,
  open,
  onOpenChange,
}: {
  offer: SwapOfferDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <DialogContent
          title={t.title}
          description={t.description(quoteSwapShift(offer.shift))}
          className="max-h-[90dvh] max-w-lg overflow-y-auto"
        >
          <ProposeForm offer={offer} onDone={() => onOpenChange(false)} />
        </DialogContent>
      )}
    </Dialog>
  );
}
