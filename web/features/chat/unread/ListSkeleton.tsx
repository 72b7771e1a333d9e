import { SkeletonPersonRow } from "../../../components/ui/skeleton.tsx";

/** The chat lists while they load: rows of their shape, and the words for a screen reader. */
export function ListSkeleton({ label }: { label: string }) {
  return (
    <div
      role="status"
      className="flex flex-col divide-y divide-border rounded-lg border border-border bg-white"
    >
      <span className="sr-only">{label}</span>
      {[0, 1, 2].map((i) => (
        <SkeletonPersonRow key={i} className="items-center px-4 py-3" />
      ))}
    </div>
  );
}
