import { Fragment, type ReactNode } from "react";
import { hasBidiControls, withoutBidiControls } from "../../../../common/domain/bidi.ts";
import { splitLinks } from "../../../../common/domain/chat-links.ts";
import { ui } from "../../../../common/texts/index.ts";
import { cn } from "../../../lib/cn.ts";

/**
 * A message's text as text, never HTML; web addresses become links that open apart.
 * `children` follow the text on its last line ('(redigert)').
 *
 * Bidirectional controls (common/domain/bidi.ts) may not make a link show another
 * address than it opens: a link is shown without them, isolated left to right (so text
 * before it cannot turn it around), and warns in its title. Text around links keeps
 * them, isolated, so they reorder nothing beyond their own part.
 */
export function MessageText({
  text,
  className,
  children,
}: {
  text: string;
  className?: string;
  children?: ReactNode;
}) {
  let offset = 0;
  return (
    <p className={cn("break-words whitespace-pre-wrap", className)}>
      {splitLinks(text).map((part) => {
        // Where a part starts in the text is unique and stays put: its key.
        const key = offset;
        offset += part.text.length;
        const hidden = hasBidiControls(part.text);
        if (part.kind === "text")
          return <Fragment key={key}>{hidden ? <bdi>{part.text}</bdi> : part.text}</Fragment>;
        return (
          <a
            key={key}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer"
            dir="ltr"
            title={hidden ? ui.chat.hiddenDirectionLink : undefined}
            className="text-primary underline underline-offset-2 hover:no-underline"
          >
            {withoutBidiControls(part.text)}
          </a>
        );
      })}
      {children}
    </p>
  );
}
