import { ChevronDown } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn.ts";
import { inputClass } from "./input.tsx";
import type { SelectOption } from "./select.tsx";

/**
 * The browser's own select, styled like the inputs: phones open their native picker,
 * and a form library registers it like any input. Use it for short fixed lists in forms;
 * the Radix `Select` where the list needs styling of its own.
 */
export function NativeSelect({
  options,
  placeholder,
  className,
  ...props
}: Omit<ComponentProps<"select">, "children"> & {
  options: readonly SelectOption[];
  /** an empty first choice, for a value that must be picked on purpose */
  placeholder?: string;
}) {
  return (
    <div className="relative">
      <select className={cn(inputClass, "appearance-none pr-9", className)} {...props}>
        {placeholder !== undefined && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ChevronDown
        aria-hidden
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-fg"
      />
    </div>
  );
}
