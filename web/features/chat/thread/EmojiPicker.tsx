import { Popover } from "radix-ui";
import { type ReactElement, useState } from "react";
import { emojiCategories, quickReactions } from "../../../../common/domain/chat-messages.ts";
import { ui } from "../../../../common/texts/index.ts";
import { cn } from "../../../lib/cn.ts";

const t = ui.thread;

function EmojiGrid({ emojis, onPick }: { emojis: readonly string[]; onPick: (emoji: string) => void }) {
  return (
    <div className="grid grid-cols-8 gap-0.5">
      {emojis.map((emoji) => (
        <button
          key={emoji}
          type="button"
          aria-label={t.reactions.react(emoji)}
          onClick={() => onPick(emoji)}
          className="flex size-9 items-center justify-center rounded-md text-xl hover:bg-muted focus-visible:bg-muted"
        >
          {emoji}
        </button>
      ))}
    </div>
  );
}

/**
 * The reaction picker (spec §9): the 8 quick picks, and 'Flere emojier' for the whole
 * picker in 8 columns, 'Populære' first and then by kind.
 */
export function EmojiPicker({
  trigger,
  onPick,
  onOpenChange,
}: {
  trigger: ReactElement;
  onPick: (emoji: string) => void;
  onOpenChange?: (open: boolean) => void;
}) {
  const [open, setOpen] = useState(false);
  const [all, setAll] = useState(false);
  const change = (next: boolean) => {
    setOpen(next);
    if (!next) setAll(false);
    onOpenChange?.(next);
  };
  const pick = (emoji: string) => {
    change(false);
    onPick(emoji);
  };
  return (
    <Popover.Root open={open} onOpenChange={change}>
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          aria-label={t.reactions.pickerLabel}
          sideOffset={6}
          align="end"
          collisionPadding={8}
          className={cn(
            "z-50 w-[calc(8*2.25rem+0.875rem+1rem)] rounded-lg border border-border bg-white p-2 shadow-lg",
            all && "max-h-80 overflow-y-auto",
          )}
        >
          {all ? (
            emojiCategories.map((category) => (
              <section key={category.id} aria-label={ui.chat.emojiCategories[category.id]} className="mb-2">
                <h3 className="px-1 pb-1 text-xs font-semibold text-muted-fg">
                  {ui.chat.emojiCategories[category.id]}
                </h3>
                <EmojiGrid emojis={category.emojis} onPick={pick} />
              </section>
            ))
          ) : (
            <>
              <EmojiGrid emojis={quickReactions} onPick={pick} />
              <button
                type="button"
                onClick={() => setAll(true)}
                className="mt-1 w-full rounded-md px-2 py-1.5 text-sm font-medium text-primary hover:bg-muted"
              >
                {t.actions.moreEmoji}
              </button>
            </>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
