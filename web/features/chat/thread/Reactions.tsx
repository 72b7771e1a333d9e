import type { ReactionDto } from "../../../../common/schemas/chat.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Tooltip } from "../../../components/ui/tooltip.tsx";
import { cn } from "../../../lib/cn.ts";

const t = ui.thread;
const names = new Intl.ListFormat("nb", { type: "conjunction" });

/** A message's reactions as pills: the emoji, how many, and who on hover or focus; a click toggles mine. */
export function Reactions({
  reactions,
  onToggle,
}: {
  reactions: readonly ReactionDto[];
  onToggle: ((emoji: string) => void) | null;
}) {
  if (reactions.length === 0) return null;
  return (
    <ul className="mt-1 flex flex-wrap gap-1">
      {reactions.map((reaction) => {
        const who = names.format(reaction.users.map((u) => u.fullName));
        return (
          <li key={reaction.emoji}>
            <Tooltip content={who}>
              <button
                type="button"
                aria-pressed={reaction.mine}
                aria-label={t.reactions.summary(reaction.emoji, who)}
                aria-disabled={onToggle === null}
                onClick={() => onToggle?.(reaction.emoji)}
                className={cn(
                  // A finger's 44 px on a phone; the desktop keeps the small chip.
                  "flex h-7 items-center justify-center gap-1 rounded-full border px-2 text-sm tabular max-md:h-11 max-md:min-w-11",
                  reaction.mine
                    ? "border-primary/40 bg-secondary text-secondary-fg"
                    : "border-border bg-white text-ink hover:bg-muted",
                )}
              >
                <span aria-hidden>{reaction.emoji}</span>
                <span aria-hidden className="text-xs font-medium">
                  {reaction.count}
                </span>
              </button>
            </Tooltip>
          </li>
        );
      })}
    </ul>
  );
}
