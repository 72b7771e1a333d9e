import { X } from "lucide-react";
import { Dialog as RadixDialog } from "radix-ui";
import { type ComponentProps, type ReactNode, useRef } from "react";
import { ui } from "../../../common/texts/index.ts";
import { cn } from "../../lib/cn.ts";

export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

export const overlayClass = "fixed inset-0 z-40 bg-ink/45 data-[state=open]:animate-in";

/**
 * What opened a dialog, for focus to return to. Radix returns it only to a
 * `DialogTrigger`; ours are mostly opened by a plain button or a menu item, and then
 * focus fell to the page body. An item of a menu (gone once the menu closes) stands for
 * the button that opened the menu.
 */
function openerOf(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const menu = active.closest<HTMLElement>("[role=menu]");
  const trigger = menu?.getAttribute("aria-labelledby");
  if (trigger) return document.getElementById(trigger) ?? active;
  return active;
}

/**
 * The content's `onOpenAutoFocus` and `onCloseAutoFocus` that give focus back to the
 * opener (`openerOf`), around the caller's own; one that prevents the default keeps its
 * own way.
 */
export function useReturnFocus(own: {
  onOpenAutoFocus?: ((e: Event) => void) | undefined;
  onCloseAutoFocus?: ((e: Event) => void) | undefined;
}) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    // Runs before focus moves in, so the active element is still the opener.
    onOpenAutoFocus: (e: Event) => {
      opener.current = openerOf(document.activeElement);
      own.onOpenAutoFocus?.(e);
    },
    onCloseAutoFocus: (e: Event) => {
      own.onCloseAutoFocus?.(e);
      const to = opener.current;
      if (e.defaultPrevented || !to?.isConnected) return;
      e.preventDefault();
      to.focus();
    },
  };
}

/**
 * A centred modal. Radix traps focus and closes on Escape; `blocking` turns both the
 * Escape key and outside clicks off for choices the person must make. Closed, it gives
 * focus back to what opened it (`openerOf`).
 */
export function DialogContent({
  title,
  description,
  children,
  blocking = false,
  className,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof RadixDialog.Content> & {
  title: string;
  description?: ReactNode;
  blocking?: boolean;
}) {
  const prevent = (e: Event) => e.preventDefault();
  const returnFocus = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus });
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className={overlayClass} />
      <RadixDialog.Content
        onOpenAutoFocus={returnFocus.onOpenAutoFocus}
        onCloseAutoFocus={returnFocus.onCloseAutoFocus}
        onEscapeKeyDown={blocking ? prevent : undefined}
        onPointerDownOutside={blocking ? prevent : undefined}
        onInteractOutside={blocking ? prevent : undefined}
        // Radix warns about a missing description unless told there is none on purpose.
        {...(description ? {} : { "aria-describedby": undefined })}
        className={cn(
          "fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2",
          "rounded-xl border border-border bg-white p-6 shadow-xl focus:outline-none",
          className,
        )}
        {...props}
      >
        <RadixDialog.Title className="pr-8 text-lg font-semibold text-ink">{title}</RadixDialog.Title>
        {description ? (
          <RadixDialog.Description className="mt-1.5 text-sm text-muted-fg">
            {description}
          </RadixDialog.Description>
        ) : null}
        <div className="mt-5">{children}</div>
        {!blocking && (
          <RadixDialog.Close
            aria-label={ui.common.close}
            className="absolute top-4 right-4 flex size-11 items-center justify-center md:size-9 rounded-md text-muted-fg hover:bg-muted"
          >
            <X aria-hidden className="size-5" />
          </RadixDialog.Close>
        )}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}
