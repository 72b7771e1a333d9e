import { useEffect, useId, useState } from "react";
import { formatNorwegianDate, parseNorwegianDate } from "../../../common/domain/norwegian-date.ts";
import type { OsloDate } from "../../../common/domain/oslo-time.ts";
import { ui } from "../../../common/texts/index.ts";
import { DateField } from "./date-field.tsx";
import { Label } from "./label.tsx";

/**
 * A filter's date ('Etter', 'Før', 'Fra dato'): dd.mm.åååå or from the calendar. It
 * counts once the field is left, Enter is pressed or a day is picked (not at every key:
 * '01.11.20' is a date too); a wrong one is said then, and counts as none.
 */
export function DateFilter({
  label,
  value,
  onValue,
}: {
  label: string;
  value: OsloDate | null;
  onValue: (value: OsloDate | null) => void;
}) {
  const id = useId();
  const errorId = useId();
  const [text, setText] = useState(value ? formatNorwegianDate(value) : "");
  const [bad, setBad] = useState(false);
  // Removed by its chip, or set anew: the field follows.
  useEffect(() => {
    setText(value ? formatNorwegianDate(value) : "");
  }, [value]);
  const commit = (typed: string) => {
    const date = parseNorwegianDate(typed);
    setBad(typed.trim() !== "" && !date);
    if (date !== value) onValue(date);
  };
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <DateField
        id={id}
        value={text}
        aria-invalid={bad || undefined}
        aria-describedby={bad ? errorId : undefined}
        onChange={(e) => {
          setBad(false);
          setText(e.currentTarget.value);
        }}
        onBlur={(e) => commit(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter") commit(e.currentTarget.value);
        }}
        onChoose={(chosen) => {
          setText(chosen);
          commit(chosen);
        }}
      />
      {bad && (
        <p id={errorId} className="text-xs text-error">
          {ui.dateField.invalid}
        </p>
      )}
    </div>
  );
}
