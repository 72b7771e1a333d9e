import { type ReactNode, Suspense, useState } from "react";

/**
 * Shows a lazily loaded dialog from its first opening on, so a screen's first paint does
 * not wait for the forms of its dialogs. Once opened it stays mounted, as a dialog that
 * is always there does: it keeps its state and closes with its animation.
 */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense>{children}</Suspense> : null;
}
