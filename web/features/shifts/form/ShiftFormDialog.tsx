/**
 * 'Ny ekstravakt' and 'Rediger ekstravakt' (spec §5 Create shift): a date as
 * dd.mm.åååå (no past dates), 'Fra' and 'Til' in quarter hours ('Til' earlier than
 * 'Fra' is the next day, '+1 dag'), the type and the place from fixed lists, an optional
 * description, 'Krever kompetanse' (the department's competences, none by default), and
 * the department for someone who leads several. Each field's message
 * stands under it until the field is right. A shift like a draft or open one already
 * there asks first ('Opprett likevel'). It is saved as a draft; then the dialog offers
 * 'Publiser nå' or 'Publiser senere'.
 */
import { useEffect, useRef, useState } from "react";
import { Controller } from "react-hook-form";
import { withoutBidiControls } from "../../../../common/domain/bidi.ts";
import { parseClockTime } from "../../../../common/domain/clock-time.ts";
import { formatNorwegianDate } from "../../../../common/domain/norwegian-date.ts";
import { osloDate } from "../../../../common/domain/oslo-time.ts";
import { effectiveRole, isLeaderOrAdmin } from "../../../../common/domain/roles.ts";
import { endsNextDay, shiftFormRuleField, shiftFormTimes } from "../../../../common/domain/shift-form.ts";
import {
  type ShiftDto,
  type ShiftInput,
  shiftLocations,
  shiftTitles,
} from "../../../../common/schemas/shifts.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { DateField } from "../../../components/ui/date-field.tsx";
import { Dialog, DialogClose, DialogContent } from "../../../components/ui/dialog.tsx";
import { FormAlert } from "../../../components/ui/form-alert.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { NativeSelect } from "../../../components/ui/native-select.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { toast } from "../../../components/ui/toaster.tsx";
import { ApiError } from "../../../lib/api.ts";
import { useSchemaForm } from "../../../lib/forms.ts";
import { useSession } from "../../../lib/session.tsx";
import { useSaveShift } from "../api/mutations.ts";
import { DuplicateWarning } from "./DuplicateWarning.tsx";
import { FieldError } from "./FieldError.tsx";
import { PublishStep } from "./PublishStep.tsx";
import { RequiresField } from "./RequiresField.tsx";
import { type ShiftFormFields, shiftFormSchema } from "./shift-form-schema.ts";
import { TimeChoices, TimeField } from "./TimeField.tsx";

const t = ui.shifts.form;

const titleOptions = shiftTitles.map((v) => ({ value: v, label: v }));
const locationOptions = shiftLocations.map((v) => ({ value: v, label: v }));

/** The departments I may create shifts in: where my role counts as leader or admin. */
function useLedDepartments() {
  const { memberships } = useSession();
  return memberships.filter((m) => m.isActive && isLeaderOrAdmin(effectiveRole(memberships, m.deptId)));
}

function defaults(shift: ShiftDto | undefined, deptId: string): ShiftFormFields {
  if (!shift)
    return {
      deptId,
      date: "",
      fromTime: "07:00",
      toTime: "15:00",
      title: "",
      location: "",
      description: "",
      requires: [],
    };
  const times = shiftFormTimes(new Date(shift.startsAt), new Date(shift.endsAt));
  return {
    deptId: shift.deptId,
    date: formatNorwegianDate(times.date),
    fromTime: times.fromTime,
    toTime: times.toTime,
    title: shift.title,
    location: shift.location,
    description: shift.description ?? "",
    requires: shift.requires.map((c) => c.id),
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
  const { form, busy, id, field, fieldError, alert, submit } = useSchemaForm(
    schema,
    defaults(shift, deptRequired ? "" : (currentDeptId ?? "")),
    { live: true },
  );
  const save = useSaveShift(shift?.id);
  // A twin of a draft or open shift: what was sent, until the leader goes on or back.
  const [twin, setTwin] = useState<ShiftInput | null>(null);
  const [fromTime, toTime, deptId] = form.watch(["fromTime", "toTime", "deptId"]);
  // Competences are the department's: another department's choice starts empty.
  const chosenDept = useRef(deptId);
  useEffect(() => {
    if (chosenDept.current === deptId) return;
    chosenDept.current = deptId;
    form.setValue("requires", []);
  }, [deptId, form]);
  const from = parseClockTime(fromTime);
  const to = parseClockTime(toTime);
  const nextDay = from !== null && to !== null && endsNextDay(from, to);
  const fallback = shift ? ui.shifts.feedback.updateFailed : ui.shifts.feedback.createFailed;
  /** Writes a tidied value back, checked again once the form has been sent. */
  const put = (name: keyof ShiftFormFields) => (value: string) =>
    form.setValue(name, value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });

  const onSubmit = submit(
    async (body) => {
      try {
        onSaved(await save.mutateAsync(body));
      } catch (err) {
        if (!(err instanceof ApiError && err.code === "shift_duplicate")) throw err;
        setTwin(body);
      }
    },
    {
      fallback,
      errorFields: shiftFormRuleField,
      onError: (message) =>
        toast.error(fallback, message === fallback ? undefined : { description: message }),
    },
  );

  if (twin)
    return (
      <DuplicateWarning
        shift={twin}
        busy={save.isPending}
        onConfirm={async () => {
          try {
            onSaved(await save.mutateAsync({ ...twin, allowDuplicate: true }));
          } catch {
            setTwin(null);
            toast.error(fallback);
          }
        }}
        onBack={() => setTwin(null)}
      />
    );

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
          <FieldError {...fieldError("deptId")} />
        </div>
      )}
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={id("date")}>{t.date}</Label>
        <DateField onChoose={put("date")} {...field("date")} min={today} />
        <FieldError {...fieldError("date")} />
      </div>
      <TimeChoices />
      <div className="grid grid-cols-2 items-start gap-3">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={id("fromTime")}>{t.from}</Label>
          <TimeField onNormalize={put("fromTime")} {...field("fromTime")} />
          <FieldError {...fieldError("fromTime")} />
        </div>
        <div className="flex flex-col gap-1.5">
          <div className="flex items-center justify-between gap-2">
            <Label htmlFor={id("toTime")}>{t.to}</Label>
            {/* The next day is said beside 'Til', where the eye is: no row of its own. */}
            <span aria-live="polite" className="flex h-5 items-center">
              {nextDay && (
                <Badge tone="info">
                  {t.nextDay}
                  <span className="sr-only"> {t.nextDayHint}</span>
                </Badge>
              )}
            </span>
          </div>
          <TimeField onNormalize={put("toTime")} {...field("toTime")} />
          <FieldError {...fieldError("toTime")} />
        </div>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={id("title")}>{t.title}</Label>
        <NativeSelect placeholder={t.titlePlaceholder} options={titleOptions} {...field("title")} />
        <FieldError {...fieldError("title")} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={id("location")}>{t.location}</Label>
        <NativeSelect placeholder={t.locationPlaceholder} options={locationOptions} {...field("location")} />
        <FieldError {...fieldError("location")} />
      </div>
      <Controller
        control={form.control}
        name="requires"
        render={({ field: requires }) => (
          <RequiresField
            deptId={deptId}
            value={requires.value}
            onChange={requires.onChange}
            error={fieldError("requires")}
          />
        )}
      />
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={id("description")}>{t.notes}</Label>
        <Textarea rows={3} placeholder={t.notesPlaceholder} {...field("description")} />
        <FieldError {...fieldError("description")} />
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
