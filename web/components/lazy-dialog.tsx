import { type ComponentType, lazy, Suspense, useState } from "react";

/**
 * A dialog whose code loads when it first opens, so a screen's first paint does not wait
 * for the forms of its dialogs. Once opened it stays mounted, as a dialog that is always
 * there does: it keeps its state and closes with its animation.
 */
export function lazyDialog<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>) {
  const Dialog = lazy(async () => ({ default: await load() }));
  return function LazyDialog(props: P) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
