/**
 * Before a second shift just like a draft or open one is made (the server refused it as
 * `shift_duplicate`): it names the shift, and lets the leader go on ('Opprett likevel')
 * or back to the form to change it.
 */
import { TriangleAlert } from "lucide-react";
import { useEffect, useRef } from "react";
import { shiftSpanOfTimes } from "../../../../common/domain/oslo-time.ts";
import { type ShiftInput, shiftInputMinutes } from "../../../../common/schemas/shifts.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Button } from "../../../components/ui/button.tsx";
import { quoteShift } from "../format.ts";

const t = ui.shifts.form;

function named(shift: ShiftInput): string {
  const { from, to } = shiftInputMinutes(shift);
  const span = shiftSpanOfTimes(shift.date, from, to);
  if (!span) return `«${shift.title}»`;
  return quoteShift({
    title: shift.title,
    startsAt: span.startsAt.toISOString(),
    endsAt: span.endsAt.toISOString(),
  });
}

export function DuplicateWarning({
  shift,
  busy,
  onConfirm,
  onBack,
}: {
  shift: ShiftInput;
  busy: boolean;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const back = useRef<HTMLButtonElement>(null);
  // The form is gone: the focus goes to the safe choice.
  useEffect(() => back.current?.focus(), []);
  return (
    <div role="alert" className="flex flex-col gap-5">
      <div className="flex items-start gap-3 rounded-md border border-warning/40 bg-warning/10 p-3">
        <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-warning-ink" />
        <div className="flex flex-col gap-1">
          <p className="font-semibold text-ink">{t.duplicateTitle}</p>
          <p className="text-[15px] text-ink">{t.duplicateBody(named(shift))}</p>
        </div>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button ref={back} variant="outline" onClick={onBack}>
          {t.duplicateBack}
        </Button>
        <Button disabled={busy} onClick={onConfirm}>
          {busy ? t.saving : t.duplicateConfirm}
        </Button>
      </div>
    </div>
  );
}
