/**
 * What every swap list shows besides its items (ui.md): skeletons while loading, an
 * error with a retry, and the grid the cards sit in (one column on a phone).
 */
import { CircleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { ui } from "../../../../common/texts/index.ts";
import { Button } from "../../../components/ui/button.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { errorText } from "../../../lib/api.ts";

export const gridClass = "grid grid-cols-1 gap-4 @xl:grid-cols-2 @4xl:grid-cols-3";

export function CardsSkeleton({ label }: { label: string }) {
  return (
    <div role="status" className={gridClass}>
      <span className="sr-only">{label}</span>
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex flex-col gap-3 rounded-lg border border-border bg-white p-4">
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-4 w-24" />
          <Skeleton className="mt-2 h-11 w-full" />
        </div>
      ))}
    </div>
  );
}

/** A list that could not load: what failed, the server's reason when it gave one, a retry. */
export function LoadFailed({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
}) {
  const message = errorText(error, title);
  return (
    <EmptyState
      icon={CircleAlert}
      title={title}
      action={
        <Button variant="outline" onClick={onRetry}>
          {ui.swaps.actions.retry}
        </Button>
      }
    >
      {message !== title && message}
    </EmptyState>
  );
}

export function CardGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul aria-label={label} className={gridClass}>
      {children}
    </ul>
  );
}
