import { Switch } from "radix-ui";
import { useId } from "react";
import { cn } from "../../lib/cn.ts";
import { Label } from "./label.tsx";

/**
 * An on/off choice with its label and a hint ('Auto-match', 'Stille når jeg ikke er på
 * vakt').
 */
export function SwitchField({
  label,
  hint,
  checked,
  onCheckedChange,
  disabled,
}: {
  label: string;
  hint: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="flex flex-col">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-hint`} className="text-sm text-muted-fg">
          {hint}
        </p>
      </div>
      <Switch.Root
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        className={cn(
          // 44 px high to press; the track drawn 24 px high in its middle.
          "group relative -mt-2.5 inline-flex h-11 w-11 shrink-0 items-center rounded-full focus-visible:outline-none",
          "before:absolute before:inset-x-0 before:top-2.5 before:h-6 before:rounded-full before:bg-border before:transition-colors data-[state=checked]:before:bg-primary",
          "disabled:opacity-60 focus-visible:before:outline-2 focus-visible:before:outline-offset-2 focus-visible:before:outline-primary",
        )}
      >
        <Switch.Thumb className="relative block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
      </Switch.Root>
    </div>
  );
}
