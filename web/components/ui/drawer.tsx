import { X } from "lucide-react";
import { Dialog as RadixDialog } from "radix-ui";
import type { ReactNode } from "react";
import { ui } from "../../../common/texts/index.ts";
import { cn } from "../../lib/cn.ts";
import { overlayClass } from "./dialog.tsx";

/**
 * A sheet sliding in from a side (mobile menus). Built on the Radix Dialog: focus is
 * trapped, Escape and the close button close it, focus returns to the trigger.
 */
export function Drawer({
  open,
  onOpenChange,
  side,
  title,
  description,
  trigger,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  side: "left" | "right";
  title: string;
  description?: string;
  trigger: ReactNode;
  children: ReactNode;
}) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={overlayClass} />
        <RadixDialog.Content
          aria-describedby={undefined}
          className={cn(
            "fixed inset-y-0 z-50 flex w-[min(20rem,88vw)] flex-col bg-white shadow-2xl focus:outline-none",
            side === "left" ? "left-0 border-r" : "right-0 border-l",
            "border-border",
          )}
        >
          <div className="flex h-14 shrink-0 items-center justify-between border-b border-border px-4">
            <RadixDialog.Title className="text-base font-semibold text-ink">{title}</RadixDialog.Title>
            <RadixDialog.Close
              aria-label={ui.common.close}
              className="flex size-11 items-center justify-center rounded-md text-muted-fg hover:bg-muted"
            >
              <X aria-hidden className="size-5" />
            </RadixDialog.Close>
          </div>
          {description && (
            <RadixDialog.Description className="px-4 pt-3 text-sm text-muted-fg">
              {description}
            </RadixDialog.Description>
          )}
          <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
