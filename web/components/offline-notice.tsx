import { WifiOff } from "lucide-react";
import { ui } from "../../common/texts/index.ts";
import { useOnline } from "../lib/use-online.ts";
import { FullPageCard } from "./full-page.tsx";

/**
 * 'Du er frakoblet – meldinger sendes når nettet er tilbake': a quiet line under the
 * header on every screen while the browser is offline (issue 27). The live region is
 * always there, empty while online, so the line is announced when it appears.
 */
export function OfflineNotice() {
  const online = useOnline();
  return (
    <div role="status" aria-live="polite">
      {!online && (
        <p className="flex items-center gap-2 border-b border-border bg-muted px-4 py-1.5 text-sm text-muted-fg md:px-6">
          <WifiOff aria-hidden className="size-4 shrink-0" />
          {ui.pwa.offline}
        </p>
      )}
    </div>
  );
}

/**
 * The app opened without a network before it could learn its configuration and who is
 * signed in (those are never kept by the service worker): say so; it starts by itself
 * when the network is back (the queries wait for it).
 */
export function OfflineStart() {
  return (
    <FullPageCard role="status" className="flex flex-col items-center gap-3">
      <WifiOff aria-hidden className="size-6 text-muted-fg" />
      <p className="text-[15px] text-ink">{ui.pwa.offline}</p>
    </FullPageCard>
  );
}
