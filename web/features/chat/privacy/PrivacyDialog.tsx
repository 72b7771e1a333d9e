import { AlertDialog } from "radix-ui";
import type { RefObject } from "react";
import type { PrivacyKind } from "../../../../common/domain/privacy.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Button } from "../../../components/ui/button.tsx";
import { overlayClass } from "../../../components/ui/dialog.tsx";

const t = ui.privacy;
const list = new Intl.ListFormat("nb", { type: "conjunction" });

/** "fødselsnummer og e-postadresse": what was found, each kind once. */
export const describeKinds = (kinds: readonly PrivacyKind[]) =>
  list.format([...new Set(kinds)].map((kind) => t.kinds[kind]));

/**
 * Asked before a high-confidence draft is sent (use-send-gate.tsx says when else). An alert
 * dialog: it interrupts on purpose, and Radix puts the focus on 'Rediger', so an Enter
 * pressed out of habit does not send. 'Rediger' and Escape go back to the field.
 */
export function PrivacyDialog({
  open,
  kinds,
  onClose,
  onConfirm,
  fieldRef,
}: {
  open: boolean;
  kinds: readonly PrivacyKind[];
  /** on every close: 'Rediger', Escape, and also after 'Send likevel' */
  onClose: () => void;
  /** 'Send likevel', before the dialog closes */
  onConfirm: () => void;
  /** the text field, which gets the focus back when the dialog closes */
  fieldRef?: RefObject<HTMLElement | null>;
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClass} />
        <AlertDialog.Content
          onCloseAutoFocus={(event) => {
            // Opened from the send button the focus would go back there; the field is where
            // the person edits or goes on writing. An edit box already closed keeps Radix's way.
            const field = fieldRef?.current;
            if (!field?.isConnected) return;
            event.preventDefault();
            field.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl border border-border bg-white p-6 shadow-xl focus:outline-none"
        >
          <AlertDialog.Title className="text-lg font-semibold text-ink">{t.dialog.title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-1.5 text-sm text-muted-fg">
            {t.dialog.body(describeKinds(kinds))}
          </AlertDialog.Description>
          {/* Stacked on a phone, each a thumb's 44 px high. */}
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="outline" className="h-11 sm:h-10">
                {t.dialog.edit}
              </Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button variant="danger" onClick={onConfirm} className="h-11 sm:h-10">
                {t.dialog.sendAnyway}
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
