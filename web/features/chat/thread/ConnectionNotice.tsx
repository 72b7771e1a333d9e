import { WifiOff } from "lucide-react";
import { ui } from "../../../../common/texts/index.ts";
import { useConnectionLost } from "../../../lib/use-connection.ts";
import { useOnline } from "../../../lib/use-online.ts";

/**
 * A quiet line over the messages while the realtime connection is gone but the browser
 * is online: what others write does not arrive until it is back. Offline, the shell's
 * 'Du er frakoblet' line says it for every screen (components/offline-notice.tsx). The
 * live region is always there, empty while connected, so the notice is announced when it
 * appears (politely: it interrupts nothing).
 */
export function ConnectionNotice() {
  const online = useOnline();
  const lost = useConnectionLost() && online;
  return (
    <div role="status" aria-live="polite">
      {lost && (
        <p className="flex items-center gap-2 border-b border-border bg-muted px-4 py-1.5 text-sm text-muted-fg md:px-6">
          <WifiOff aria-hidden className="size-4 shrink-0" />
          {ui.thread.connectionLost}
        </p>
      )}
    </div>
  );
}
