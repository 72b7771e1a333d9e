import { formatDistanceStrict } from "date-fns";
import { nb } from "date-fns/locale";
import { useEffect, useState } from "react";
import { ui } from "../../../../common/texts/index.ts";
import { formatDateTime } from "../../../lib/dates.ts";

/**
 * '5 minutter siden', kept true while the list stays open; the full time on hover. The
 * strict form, because a row on a phone has no room for 'mindre enn ett minutt siden'.
 */
export function RelativeTime({ value, className }: { value: string; className?: string }) {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(id);
  }, []);
  const date = new Date(value);
  // Under a minute, or a little ahead by the server's clock: just now.
  const text =
    now - date.getTime() < 60_000
      ? ui.chatLists.dm.justNow
      : formatDistanceStrict(date, now, { addSuffix: true, locale: nb, roundingMethod: "floor" });
  return (
    <time dateTime={value} title={formatDateTime(value)} className={className}>
      {text}
    </time>
  );
}
