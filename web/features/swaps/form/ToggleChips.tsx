import { cn } from "../../../lib/cn.ts";

/**
 * A few choices any of which may be on (time tags, weekdays, statuses): toggle buttons
 * in a fieldset named by its legend, each saying whether it is pressed. 44 px high on a phone.
 */
export function ToggleChips<T extends string | number>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly { value: T; label: string }[];
  value: readonly T[];
  onChange: (next: T[]) => void;
}) {
  const toggle = (v: T) => onChange(value.includes(v) ? value.filter((x) => x !== v) : [...value, v]);
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="mb-1.5 text-sm font-medium text-ink">{label}</legend>
      {options.map((o) => {
        const on = value.includes(o.value);
        return (
          <button
            key={o.value}
            type="button"
            aria-pressed={on}
            onClick={() => toggle(o.value)}
            className={cn(
              "min-h-11 rounded-full border px-3.5 text-sm font-medium md:min-h-9",
              "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary",
              on
                ? "border-primary bg-primary text-primary-fg"
                : "border-border bg-white text-ink hover:bg-muted",
            )}
          >
            {o.label}
          </button>
        );
      })}
    </fieldset>
  );
}
