/**
 * The grid shift and swap cards sit in (one column on a phone, up to three as the content
 * pane widens), and what it shows while the cards load.
 */
import { Skeleton } from "./ui/skeleton.tsx";

export const cardGridClass = "grid grid-cols-1 gap-4 @xl:grid-cols-2 @4xl:grid-cols-3";

/** Three card outlines: a title, two lines and the card's large (44 px) action button. */
export function CardGridSkeleton({ label }: { label: string }) {
  return (
    <div role="status" className={cardGridClass}>
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
