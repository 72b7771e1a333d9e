/**
 * 'Fra' or 'Til': a text field for `HH:MM`, 24-hour, whatever the browser's locale (a
 * native time field shows AM/PM in some), with the quarter hours to pick from, the whole
 * hours first. What is typed kindly ("730", "7.30") is written out as 07:30 on leaving.
 */
import type { ComponentProps } from "react";
import { normalizeClockTime, shiftTimeChoices } from "../../../../common/domain/clock-time.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Input } from "../../../components/ui/input.tsx";

/** One list for every time field on the page. */
export const timeListId = "shift-time-choices";

export function TimeChoices() {
  return (
    <datalist id={timeListId}>
      {shiftTimeChoices.map((time) => (
        <option key={time} value={time} />
      ))}
    </datalist>
  );
}

export function TimeField({
  onNormalize,
  onBlur,
  ...props
}: ComponentProps<"input"> & { onNormalize: (time: string) => void }) {
  return (
    <Input
      type="text"
      inputMode="numeric"
      autoComplete="off"
      spellCheck={false}
      maxLength={5}
      list={timeListId}
      placeholder={ui.shifts.form.timePlaceholder}
      className="tabular"
      onBlur={(e) => {
        const normal = normalizeClockTime(e.currentTarget.value);
        if (normal && normal !== e.currentTarget.value) onNormalize(normal);
        onBlur?.(e);
      }}
      {...props}
    />
  );
}
