import { Skeleton } from "../../../components/ui/skeleton.tsx";

/** The chat lists while they load: rows of their shape, and the words for a screen reader. */
export function ListSkeleton({ label }: { label: string }) {
  return (
    <div
      role="status"
      className="flex flex-col divide-y divide-border rounded-lg border border-border bg-white"
    >
      <span className="sr-only">{label}</span>
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex items-center gap-3 px-4 py-3">
          <Skeleton className="size-10 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3.5 w-64 max-w-full" />
          </div>
        </div>
      ))}
    </div>
  );
}
