import type { ComponentProps } from "react";
import { cn } from "../../lib/cn.ts";
import { inputClass } from "./input.tsx";

/** A multi-line text field with the inputs' looks. */
export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={cn(inputClass, "h-auto min-h-20 py-2.5", className)} {...props} />;
}
