/**
 * What 'Opprett tilbud' offers: one of my future assignments, or a shift described by
 * title, dates, optional hours (the title's usual ones filled in) and place.
 */
import { useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import { formatNorwegianDate, parseNorwegianDate } from "../../../../common/domain/norwegian-date.ts";
import { osloDate } from "../../../../common/domain/oslo-time.ts";
import { formatHour } from "../../../../common/domain/shift-form.ts";
import {
  type MyAssignment,
  type SwapShiftTitle,
  swapLocations,
  swapShiftTitles,
} from "../../../../common/schemas/swaps.ts";
import { ui } from "../../../../common/texts/index.ts";
import { DateField } from "../../../components/ui/date-field.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { NativeSelect } from "../../../components/ui/native-select.tsx";
import { swapTitle, swapWhen } from "../format.ts";
import { nextDate, type OfferField, type OfferFormFields, usualHours } from "./offer-form.ts";

const t = ui.swaps.create;

const titleOptions = swapShiftTitles.map((v) => ({ value: v, label: ui.swaps.shiftTitles[v] }));
const locationOptions = swapLocations.map((v) => ({ value: v, label: ui.swaps.locations[v] ?? v }));
const hourOptions = [
  { value: "", label: t.noTime },
  ...Array.from({ length: 24 }, (_, h) => ({ value: String(h), label: formatHour(h) })),
];

export function OfferedShift<Output>({
  form,
  field,
  assignments,
}: {
  form: UseFormReturn<OfferFormFields, unknown, Output>;
  field: OfferField;
  assignments: MyAssignment[];
}) {
  // Today as the dialog opened: a dialog left open past midnight is a rare, harmless case.
  const [today] = useState(() => osloDate(new Date()));
  const describing = form.watch("source") === "describe";
  // The fields hold dd.mm.åååå as typed; the dates are compared as yyyy-mm-dd.
  const start = parseNorwegianDate(form.watch("startDate"));
  const setEnd = (iso: string) => form.setValue("endDate", formatNorwegianDate(iso));

  /** The title's usual hours; a night shift ends the day after it starts. */
  function onTitle(title: string) {
    const hours = usualHours[title as SwapShiftTitle];
    if (!hours) return;
    form.setValue("startHour", String(hours[0]));
    form.setValue("endHour", String(hours[1]));
    const start = parseNorwegianDate(form.getValues("startDate"));
    if (start) setEnd(hours[1] < hours[0] ? nextDate(start) : start);
  }

  /** The end follows the start; after midnight when the hours cross it. */
  function onStartDate(typed: string) {
    const start = parseNorwegianDate(typed);
    if (!start) return;
    const [from, to] = form.getValues(["startHour", "endHour"]);
    const overnight = from !== "" && to !== "" && Number(to) < Number(from);
    const end = parseNorwegianDate(form.getValues("endDate"));
    if (!end || end < start) setEnd(overnight ? nextDate(start) : start);
  }

  /** A picked or tidied date, written back as dd.mm.åååå. */
  const put = (name: "startDate" | "endDate") => (text: string) => {
    form.setValue(name, text, { shouldDirty: true });
    if (name === "startDate") onStartDate(text);
  };

  const title = form.register("title", { onChange: (e) => onTitle(e.target.value) });
  const startDate = form.register("startDate", { onChange: (e) => onStartDate(e.target.value) });

  return (
    <>
      {assignments.length > 0 ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold text-ink">{t.source}</legend>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {(["assignment", "describe"] as const).map((v) => (
              <label
                key={v}
                className="flex min-h-11 items-center gap-3 rounded-md border border-border px-3"
              >
                <input
                  type="radio"
                  value={v}
                  className="size-4 accent-primary"
                  {...form.register("source")}
                />
                <span className="text-sm font-medium text-ink">
                  {v === "assignment" ? t.fromAssignment : t.describe}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : (
        <p className="text-sm text-muted-fg">{t.noAssignments}</p>
      )}
      {describing ? (
        <div className="flex flex-col gap-3">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={field("title").id}>{t.shiftTitle}</Label>
            <NativeSelect
              placeholder={t.shiftTitlePlaceholder}
              options={titleOptions}
              {...field("title")}
              {...title}
            />
          </div>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={field("startDate").id}>{t.startDate}</Label>
              <DateField onChoose={put("startDate")} {...field("startDate")} {...startDate} min={today} />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={field("endDate").id}>{t.endDate}</Label>
              <DateField onChoose={put("endDate")} {...field("endDate")} min={start ?? today} />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={field("startHour").id}>{t.startTime}</Label>
              <NativeSelect options={hourOptions} {...field("startHour")} />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={field("endHour").id}>{t.endTime}</Label>
              <NativeSelect options={hourOptions} {...field("endHour")} />
            </div>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={field("location").id}>{t.location}</Label>
            <NativeSelect
              placeholder={t.locationPlaceholder}
              options={locationOptions}
              {...field("location")}
            />
          </div>
        </div>
      ) : (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={field("assignmentId").id}>{t.fromAssignment}</Label>
          <NativeSelect
            placeholder={t.assignmentPlaceholder}
            options={assignments.map((a) => ({
              value: a.assignmentId,
              label: `${swapTitle(a)} · ${swapWhen(a)}`,
            }))}
            {...field("assignmentId")}
          />
        </div>
      )}
    </>
  );
}
