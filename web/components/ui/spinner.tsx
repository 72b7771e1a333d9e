import { LoaderCircle } from "lucide-react";
import { cn } from "../../lib/cn.ts";

/** A spinning icon; give `label` when nothing else on screen says what is loading. */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <span role={label ? "status" : undefined} className="inline-flex items-center gap-2">
      <LoaderCircle aria-hidden className={cn("size-5 animate-spin text-primary", className)} />
      {label && <span className="text-sm text-muted-fg">{label}</span>}
    </span>
  );
}
