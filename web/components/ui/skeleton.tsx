import { cn } from "../../lib/cn.ts";

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={cn("animate-pulse rounded-md bg-border/60", className)} />;
}

/** A list row while it loads: an avatar and two lines of text, in the row's own frame. */
export function SkeletonPersonRow({
  className,
  avatar = "size-10",
  lines = ["h-4 w-40", "h-3.5 w-64 max-w-full"],
}: {
  className?: string;
  avatar?: string;
  lines?: [string, string];
}) {
  return (
    <div className={cn("flex gap-3", className)}>
      <Skeleton className={cn("rounded-full", avatar)} />
      <div className="flex flex-1 flex-col gap-2">
        <Skeleton className={lines[0]} />
        <Skeleton className={lines[1]} />
      </div>
    </div>
  );
}
