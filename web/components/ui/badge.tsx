import type { ComponentProps } from "react";
import { cn } from "../../lib/cn.ts";

const tones = {
  neutral: "bg-muted text-ink border-border",
  primary: "bg-secondary text-secondary-fg border-secondary",
  success: "bg-success/10 text-success-ink border-success/30",
  warning: "bg-warning/10 text-warning-ink border-warning/30",
  error: "bg-error/10 text-error border-error/30",
  info: "bg-info/10 text-info border-info/30",
} as const;

export type BadgeTone = keyof typeof tones;

/** Status badges always carry words: colour alone is never the information. */
export function Badge({
  tone = "neutral",
  className,
  ...props
}: ComponentProps<"span"> & { tone?: BadgeTone }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap",
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}
