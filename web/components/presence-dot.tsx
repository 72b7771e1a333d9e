import type { PresenceStatus } from "../../common/domain/presence.ts";
import { ui } from "../../common/texts/index.ts";
import { cn } from "../lib/cn.ts";

const tones: Record<PresenceStatus, string> = {
  online: "bg-success",
  away: "bg-warning",
  offline: "bg-muted-fg/50",
};

/**
 * A person's presence as a dot: green online, amber away, grey offline. Colour is never
 * the only sign: the dot is named by its status ('Pålogget'), unless the status is
 * written next to it anyway (`decorative`), where a screen reader would say it twice.
 */
export function PresenceDot({
  status,
  decorative,
  className,
}: {
  status: PresenceStatus;
  decorative?: boolean;
  className?: string;
}) {
  return (
    <span
      {...(decorative ? { "aria-hidden": true } : { role: "img", "aria-label": ui.chat.presence[status] })}
      className={cn("inline-block size-2.5 shrink-0 rounded-full", tones[status], className)}
    />
  );
}
