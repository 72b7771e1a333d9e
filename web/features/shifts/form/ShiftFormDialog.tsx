/**
 * 'Ny ekstravakt' and 'Rediger ekstravakt' (spec §5 Create shift): a date (no past
 * dates), 'Fra' and 'Til' as whole hours ('Til' earlier than 'Fra' is the next day,
 * '+1 dag'), the type and the place from fixed lists, an optional description, and the
 * department for someone who leads several. It is saved as a draft; then the dialog
 * offers 'Publiser nå' or 'Publiser senere'.
 */
import { useState } from "react";
import { withoutBidiControls } from "../../../../common/domain/bidi.ts";
import { osloDate } from "../../../../common/domain/oslo-time.ts";
import { effectiveRole, isLeaderOrAdmin } from "../../../../common/domain/roles.ts";
import {
  endsNextDay,
  formatHour,
  shiftFormRuleField,
  shiftFormTimes,
  shiftHours,
} from "../../../../common/domain/shift-form.ts";
import { type ShiftDto, shiftLocations, shiftTitles } from "../../../../common/schemas/shifts.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog, DialogClose, DialogContent } from "../../../components/ui/dialog.tsx";
import { FormAlert } from "../../../components/ui/form-alert.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { NativeSelect } from "../../../components/ui/native-select.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { toast } from "../../../components/ui/toaster.tsx";
import { useSchemaForm } from "../../../lib/forms.ts";
import { useSession } from "../../../lib/session.tsx";
import { useSaveShift } from "../api/mutations.ts";
import { PublishStep } from "./PublishStep.tsx";
import { type ShiftFormFields, shiftFormSchema } from "./shift-form-schema.ts";

const t = ui.shifts.form;

const hourOptions = shiftHours.map((h) => ({ value: String(h), label: formatHour(h) }));
const titleOptions = shiftTitles.map((v) => ({ value: v, label: v }));
const locationOptions = shiftLocations.map((v) => ({ value: v, label: v }));

/** The departments I may create shifts in: where my role counts as leader or admin. */
function useLedDepartments() {
  const { memberships } = useSession();
  return memberships.filter((m) => m.isActive && isLeaderOrAdmin(effectiveRole(memberships, m.deptId)));
}

function defaults(shift: ShiftDto | undefined, deptId: string): ShiftFormFields {
  if (!shift)
    return { deptId, date: "", fromHour: "7", toHour: "15", title: "", location: "", description: "" };
  const times = shiftFormTimes(new Date(shift.startsAt), new Date(shift.endsAt));
  return {
    deptId: shift.deptId,
    date: times.date,
    fromHour: String(times.fromHour),
    toHour: String(times.toHour),
    title: shift.title,
    location: shift.location,
    description: shift.description ?? "",
  };
}

function ShiftForm({ shift, onSaved }: { shift?: ShiftDto; onSaved: (saved: ShiftDto) => void }) {
  const { currentDeptId } = useSession();
  const led = useLedDepartments();
  // A draft stays in its department: only a new shift asks where.
  const deptRequired = !shift && led.length > 1;
  // Today as the dialog opened: a dialog left open past midnight is a rare, harmless case.
  const [today] = useState(() => osloDate(new Date()));
  const [schema] = useState(() => shiftFormSchema({ today, deptRequired }));
  // Someone who leads several departments names one on purpose: a wrong guess would
  // notify the wrong department.
  const { form, busy, id, field, alert, submit } = useSchemaForm(
    schema,
    defaults(shift, deptRequired ? "" : (currentDeptId ?? "")),
  );
  const save = useSaveShift(shift?.id);
  const [fromHour, toHour] = form.watch(["fromHour", "toHour"]);
  const nextDay = endsNextDay(Number(fromHour), Number(toHour));
  const fallback = shift ? ui.shifts.feedback.updateFailed : ui.shifts.feedback.createFailed;

  const onSubmit = submit(async (body) => onSaved(await save.mutateAsync(body)), {
    fallback,
    errorFields: shiftFormRuleField,
    onError: (message) => toast.error(fallback, message === fallback ? undefined : { description: message }),
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {deptRequired && (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={id("deptId")}>{t.dept}</Label>
          <NativeSelect
            placeholder={t.deptPlaceholder}
            options={led.map((m) => ({ value: m.deptId, label: withoutBidiControls(m.deptName) }))}
            {...field("deptId")}
          />
        </div>
      )}
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={id("date")}>{t.date}</Label>
        <Input type="date" min={today} {...field("date")} />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={id("fromHour")}>{t.from}</Label>
          <NativeSelect options={hourOptions} {...field("fromHour")} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={id("toHour")}>{t.to}</Label>
          <NativeSelect options={hourOptions} {...field("toHour")} />
        </div>
      </div>
      <p aria-live="polite" className="-mt-2 flex min-h-6 items-center gap-2 text-sm text-muted-fg">
        {nextDay && (
          <>
            <Badge tone="info">{t.nextDay}</Badge>
            {t.nextDayHint}
          </>
        )}
      </p>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={id("title")}>{t.title}</Label>
        <NativeSelect placeholder={t.titlePlaceholder} options={titleOptions} {...field("title")} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={id("location")}>{t.location}</Label>
        <NativeSelect placeholder={t.locationPlaceholder} options={locationOptions} {...field("location")} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={id("description")}>{t.notes}</Label>
        <Textarea rows={3} placeholder={t.notesPlaceholder} {...field("description")} />
      </div>
      <FormAlert {...alert} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline">{ui.shifts.actions.cancel}</Button>
        </DialogClose>
        <Button type="submit" disabled={busy}>
          {busy ? t.saving : t.submit}
        </Button>
      </div>
    </form>
  );
}

/** The form, then the choice to publish; a new opening starts afresh. */
function ShiftFormSteps({ shift, onDone }: { shift?: ShiftDto; onDone: () => void }) {
  const [saved, setSaved] = useState<ShiftDto | null>(null);
  return (
    <DialogContent
      title={shift ? t.editTitle : t.newTitle}
      description={saved ? undefined : t.description}
      className="max-h-[90dvh] max-w-lg overflow-y-auto"
    >
      {saved ? (
        <PublishStep shift={saved} onDone={onDone} />
      ) : (
        <ShiftForm shift={shift} onSaved={(s) => (s.can.publish ? setSaved(s) : onDone())} />
      )}
    </DialogContent>
  );
}

export function ShiftFormDialog({
  open,
  onOpenChange,
  shift,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** the draft to edit; none for a new one */
  shift?: ShiftDto;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && <ShiftFormSteps shift={shift} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}
