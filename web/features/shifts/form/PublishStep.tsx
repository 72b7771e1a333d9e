import { useEffect, useRef } from "react";
import type { ShiftDto } from "../../../../common/schemas/shifts.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Button } from "../../../components/ui/button.tsx";
import { usePublishShift } from "../api/mutations.ts";
import { quoteShift } from "../format.ts";

const t = ui.shifts.form;

/** After saving: 'Publiser nå' (everyone in the department is notified) or 'Publiser senere'. */
export function PublishStep({ shift, onDone }: { shift: ShiftDto; onDone: () => void }) {
  const publish = usePublishShift();
  const now = useRef<HTMLButtonElement>(null);
  // The form's button is gone: the focus moves on to the choice instead of the page.
  useEffect(() => now.current?.focus(), []);
  return (
    <div className="flex flex-col gap-5">
      <p className="text-[15px] text-ink">{t.savedBody(quoteShift(shift))}</p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone}>
          {t.publishLater}
        </Button>
        <Button
          ref={now}
          disabled={publish.isPending}
          onClick={() => publish.mutate(shift.id, { onSuccess: onDone })}
        >
          {publish.isPending ? t.publishing : t.publishNow}
        </Button>
      </div>
    </div>
  );
}
