import { ui } from "../../../../common/texts/index.ts";
import { cn } from "../../../lib/cn.ts";

/** A list row's unread count: the number to see, the words to hear; nothing for 0. */
export function UnreadPill({ count, className }: { count: number; className?: string }) {
  if (count === 0) return null;
  return (
    <span
      className={cn(
        "min-w-5 shrink-0 rounded-full bg-primary px-1.5 py-0.5 text-center text-xs font-semibold text-primary-fg tabular",
        className,
      )}
    >
      <span aria-hidden>{count > 99 ? "99+" : count}</span>
      <span className="sr-only">{ui.chatLists.unread(count)}</span>
    </span>
  );
}
