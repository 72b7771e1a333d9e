import { cn } from "../../lib/cn.ts";
import type { NavItem } from "../../lib/nav.ts";

/** The count itself: a component of its own, so the feature's hook always has the same caller. */
function Count({ useCount, className }: { useCount: () => number | undefined; className?: string }) {
  const count = useCount();
  if (!count) return null;
  return (
    <span
      className={cn(
        "ml-auto min-w-5 shrink-0 rounded-full px-1.5 py-0.5 text-center text-xs font-semibold tabular",
        className,
      )}
    >
      {count > 99 ? "99+" : count}
    </span>
  );
}

/** A nav item's badge slot: the live count its feature supplies, if any; nothing otherwise. */
export function NavBadge({ item, className }: { item: NavItem; className?: string }) {
  return item.useBadgeCount ? <Count useCount={item.useBadgeCount} className={className} /> : null;
}
