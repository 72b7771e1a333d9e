/**
 * The part 'Opprett tilbud' and 'Rediger vaktilbud' share, below the choice 'Gi bort' /
 * 'Bytt': for a swap, what I wish for in return (a date range, time tags, weekdays) and
 * 'Auto-match' when the brand has it; then who sees the offer, the department first.
 */
import { type Control, Controller, useWatch } from "react-hook-form";
import { timeTags } from "../../../../common/schemas/swaps.ts";
import { ui } from "../../../../common/texts/index.ts";
import { DateField } from "../../../components/ui/date-field.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { SwitchField } from "../../../components/ui/switch-field.tsx";
import { useFeature } from "../../../lib/config.tsx";
import type { OfferField, OfferFormFields } from "./offer-form.ts";

/** The department first: an offer is made to be seen; private is one press away. */
const visibilities = ["dept", "private"] as const;

import { ToggleChips } from "./ToggleChips.tsx";

const t = ui.swaps.create;

const tagOptions = timeTags.map((tag) => ({ value: tag, label: ui.swaps.timeTags[tag] }));
const weekdayOptions = ui.swaps.weekdays.map((label, i) => ({ value: i + 1, label }));

/** Generic over what the form's schema makes of the fields (create and edit differ). */
export function OfferOptions<Output>({
  control,
  field,
}: {
  control: Control<OfferFormFields, unknown, Output>;
  field: OfferField;
}) {
  const automatch = useFeature("swapsAutomatch");
  // A give-away asks nothing back: its wishes and auto-match would mean nothing.
  const swapping = useWatch({ control, name: "requireSwap" });
  return (
    <>
      {swapping && <Wishes control={control} field={field} automatch={automatch} />}
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold text-ink">{t.visibility}</legend>
        {visibilities.map((v) => (
          <label key={v} className="flex min-h-11 items-start gap-3 rounded-md border border-border p-3">
            <input
              type="radio"
              value={v}
              className="mt-1 size-4 accent-primary"
              {...control.register("visibility")}
            />
            <span className="flex flex-col">
              <span className="text-sm font-medium text-ink">{t[v]}</span>
              <span className="text-sm text-muted-fg">{v === "private" ? t.privateHint : t.deptHint}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </>
  );
}

function Wishes<Output>({
  control,
  field,
  automatch,
}: {
  control: Control<OfferFormFields, unknown, Output>;
  field: OfferField;
  automatch: boolean;
}) {
  return (
    <>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-semibold text-ink">{t.wishes}</legend>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <WishDate control={control} field={field} name="wantDateFrom" label={t.wantFrom} />
          <WishDate control={control} field={field} name="wantDateTo" label={t.wantTo} />
        </div>
        <Controller
          control={control}
          name="wantTimeTags"
          render={({ field: f }) => (
            <ToggleChips label={t.timeTags} options={tagOptions} value={f.value} onChange={f.onChange} />
          )}
        />
        <Controller
          control={control}
          name="wantWeekdays"
          render={({ field: f }) => (
            <ToggleChips label={t.weekdays} options={weekdayOptions} value={f.value} onChange={f.onChange} />
          )}
        />
      </fieldset>
      {automatch && (
        <Controller
          control={control}
          name="autoMatch"
          render={({ field: f }) => (
            <SwitchField
              label={t.autoMatch}
              hint={t.autoMatchHint}
              checked={f.value}
              onCheckedChange={f.onChange}
            />
          )}
        />
      )}
    </>
  );
}

/**
 * A wished date, dd.mm.åååå as typed (the form reads it on sending); no minimum: a wish
 * is no shift. A Controller, so a date picked in the calendar is written back.
 */
function WishDate<Output>({
  control,
  field,
  name,
  label,
}: {
  control: Control<OfferFormFields, unknown, Output>;
  field: OfferField;
  name: "wantDateFrom" | "wantDateTo";
  label: string;
}) {
  const { id, "aria-invalid": invalid, "aria-describedby": describedBy } = field(name);
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Controller
        control={control}
        name={name}
        render={({ field: f }) => (
          <DateField
            id={id}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            name={f.name}
            ref={f.ref}
            value={f.value}
            onChange={f.onChange}
            onBlur={f.onBlur}
            onChoose={f.onChange}
          />
        )}
      />
    </div>
  );
}
