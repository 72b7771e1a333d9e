import type { ReactNode } from "react";
import { withoutBidiControls } from "../../../common/domain/bidi.ts";
import type { HighlightRanges } from "../../../common/schemas/search.ts";

/**
 * A text someone wrote with the words a search matched marked (<mark>): the ranges are
 * [start, end) UTF-16 offsets into `text`, as the server sends them. Ranges out of
 * order, overlapping or past the end are taken as far as they make sense. Like
 * `UserText`, isolated and without bidirectional controls (removed piece by piece, so
 * the offsets still meet the text).
 */
export function Highlighted({ text, ranges }: { text: string; ranges: HighlightRanges }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [from, to] of [...ranges].sort((a, b) => a[0] - b[0])) {
    const start = Math.max(from, at);
    const end = Math.min(to, text.length);
    if (end <= start) continue;
    if (start > at) parts.push(withoutBidiControls(text.slice(at, start)));
    parts.push(
      <mark key={start} className="rounded-sm bg-warning/30 px-px font-semibold text-ink">
        {withoutBidiControls(text.slice(start, end))}
      </mark>,
    );
    at = end;
  }
  if (at < text.length) parts.push(withoutBidiControls(text.slice(at)));
  return <bdi>{parts}</bdi>;
}
