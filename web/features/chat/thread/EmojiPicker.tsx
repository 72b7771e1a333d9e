import { Popover } from "radix-ui";
import { type KeyboardEvent, type ReactElement, useEffect, useId, useRef, useState } from "react";
import { emojiCategories, quickReactions } from "../../../../common/domain/chat-messages.ts";
import { ui } from "../../../../common/texts/index.ts";
import { cn } from "../../../lib/cn.ts";
import { emojiColumns, nextEmojiIndex } from "./emoji-grid.ts";

const t = ui.thread;

interface EmojiSection {
  /** Shown as the section's heading and names its grid; without it the grid takes `label`. */
  heading?: string;
  label?: string;
  emojis: readonly string[];
}

function rows(emojis: readonly string[]): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < emojis.length; i += emojiColumns) out.push(emojis.slice(i, i + emojiColumns));
  return out;
}

/**
 * The sections' emojis as ARIA grids of 8 columns with one roving tab stop across them all:
 * arrows, Home/End and Ctrl+Home/Ctrl+End move the focus (see `nextEmojiIndex`), Enter
 * and Space pick as a click does.
 */
function EmojiGrids({
  sections,
  onPick,
  focusOnMount = false,
}: {
  sections: readonly EmojiSection[];
  onPick: (emoji: string) => void;
  focusOnMount?: boolean;
}) {
  const [active, setActive] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const headingId = useId();
  const lengths = sections.map((s) => s.emojis.length);
  // On mount only (the prop never changes): after 'Flere emojier', whose button is gone.
  useEffect(() => {
    if (focusOnMount) buttons.current[0]?.focus();
  }, [focusOnMount]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.altKey || event.metaKey) return;
    const next = nextEmojiIndex(active, event, lengths);
    if (next === null) return;
    event.preventDefault();
    setActive(next);
    buttons.current[next]?.focus();
  };
  let index = 0;
  return sections.map(({ heading, label, emojis }, s) => (
    <section key={heading ?? s} className={cn(heading && "mb-2")}>
      {heading && (
        <h3 id={`${headingId}-${s}`} className="px-1 pb-1 text-xs font-semibold text-muted-fg">
          {heading}
        </h3>
      )}
      <table
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the APG's grid pattern on a table
        role="grid"
        aria-label={heading ? undefined : label}
        aria-labelledby={heading ? `${headingId}-${s}` : undefined}
        onKeyDown={onKeyDown}
        // Spacing between the cells only, as a gap would be.
        className="-m-0.5 border-separate border-spacing-0.5"
      >
        <tbody>
          {rows(emojis).map((row) => (
            <tr key={row[0]}>
              {row.map((emoji) => {
                const i = index++;
                return (
                  <td key={emoji} className="p-0">
                    <button
                      ref={(el) => {
                        buttons.current[i] = el;
                      }}
                      type="button"
                      tabIndex={i === active ? 0 : -1}
                      aria-label={t.reactions.react(emoji)}
                      onClick={() => onPick(emoji)}
                      onFocus={() => setActive(i)}
                      className="flex size-9 items-center justify-center rounded-md text-xl hover:bg-muted focus-visible:bg-muted"
                    >
                      {emoji}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  ));
}

const quickSections = [{ label: t.reactions.pickerLabel, emojis: quickReactions }];
const allSections = emojiCategories.map((c) => ({
  heading: ui.chat.emojiCategories[c.id],
  emojis: c.emojis,
}));

/**
 * The reaction picker (spec §9): the 8 quick picks, and 'Flere emojier' for the whole
 * picker in 8 columns, 'Populære' first and then by kind. Opening it, or 'Flere emojier',
 * focuses the first emoji; Escape or a pick closes it and Radix returns the focus to the
 * trigger.
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
    if (next) onOpenChange?.(true);
    else setAll(false);
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
          // The close is told once Radix has given the focus back to the trigger (right after
          // this handler): the message takes its toolbar away, trigger and all, once the
          // picker is closed and the focus is outside it, and a trigger gone cannot take it.
          onCloseAutoFocus={() => queueMicrotask(() => onOpenChange?.(false))}
          className={cn(
            "z-50 w-[calc(8*2.25rem+0.875rem+1rem)] rounded-lg border border-border bg-white p-2 shadow-lg",
            all && "max-h-80 overflow-y-auto",
          )}
        >
          {all ? (
            <EmojiGrids key="all" sections={allSections} onPick={pick} focusOnMount />
          ) : (
            <>
              <EmojiGrids key="quick" sections={quickSections} onPick={pick} />
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
