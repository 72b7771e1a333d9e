import type { ComponentProps } from "react";
import { cn } from "../../lib/cn.ts";

export const inputClass = cn(
  "h-11 w-full rounded-md border border-border bg-white px-3 text-[15px] text-ink shadow-xs",
  "placeholder:text-muted-fg focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-primary/40",
  "disabled:cursor-not-allowed disabled:bg-muted aria-invalid:border-error",
);

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={cn(inputClass, className)} {...props} />;
}
