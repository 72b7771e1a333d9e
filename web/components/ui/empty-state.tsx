import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../../lib/cn.ts";

/** What a list or screen shows when there is nothing (yet): what it is and what to do next. */
export function EmptyState({
  icon: Icon,
  title,
  children,
  action,
  className,
  titleAs: Title = "h2",
}: {
  /** h1 when the empty state is the whole page, h3 inside a titled section */
  titleAs?: "h1" | "h2" | "h3";
  icon?: LucideIcon;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        "flex flex-col items-center justify-center rounded-lg border border-dashed border-border bg-white px-6 py-12 text-center",
        className,
      )}
    >
      {Icon && (
        <span className="mb-4 flex size-12 items-center justify-center rounded-full bg-secondary text-secondary-fg">
          <Icon aria-hidden className="size-6" />
        </span>
      )}
      <Title className="text-base font-semibold text-ink">{title}</Title>
      {children && <div className="mt-1 max-w-md text-sm text-muted-fg">{children}</div>}
      {action && <div className="mt-5">{action}</div>}
    </div>
  );
}
