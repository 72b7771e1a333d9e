import { X } from "lucide-react";
import { Dialog as RadixDialog } from "radix-ui";
import type { ComponentProps, ReactNode } from "react";
import { ui } from "../../../common/texts/index.ts";
import { cn } from "../../lib/cn.ts";

export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

export const overlayClass = "fixed inset-0 z-40 bg-ink/45 data-[state=open]:animate-in";

/**
 * A centred modal. Radix traps focus and closes on Escape; `blocking` turns both the
 * Escape key and outside clicks off for choices the person must make.
 */
export function DialogContent({
  title,
  description,
  children,
  blocking = false,
  className,
  ...props
}: ComponentProps<typeof RadixDialog.Content> & {
  title: string;
  description?: ReactNode;
  blocking?: boolean;
}) {
  const prevent = (e: Event) => e.preventDefault();
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className={overlayClass} />
      <RadixDialog.Content
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
