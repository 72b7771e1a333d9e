import { Clock } from "lucide-react";
import type { ThreadDto } from "../../../../common/schemas/chat.ts";
import { ui } from "../../../../common/texts/index.ts";

const t = ui.thread.retention;

/**
 * A quiet line over the composer where the department's retention deletes in this thread
 * ('Meldinger eldre enn 30 dager slettes automatisk'), and where files go sooner than
 * the messages, that too. Nothing where everything is kept.
 */
export function RetentionNotice({ retention }: { retention: ThreadDto["retention"] }) {
  const lines = [
    retention.messages !== null && t.messages(retention.messages),
    retention.attachments !== null && t.attachments(retention.attachments),
  ].filter((line): line is string => typeof line === "string");
  if (lines.length === 0) return null;
  return (
    <p className="flex items-start gap-1.5 px-4 py-1 text-xs text-muted-fg md:px-6">
      <Clock aria-hidden className="mt-px size-3.5 shrink-0" />
      <span>{lines.join(". ")}</span>
    </p>
  );
}
