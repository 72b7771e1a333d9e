import { Fragment, type ReactNode } from "react";
import { splitLinks } from "../../../../common/domain/chat-links.ts";
import { cn } from "../../../lib/cn.ts";

/**
 * A message's text as text, never HTML; web addresses become links that open apart.
 * `children` follow the text on its last line ('(redigert)').
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
        return part.kind === "link" ? (
          <a
            key={key}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer"
            className="text-primary underline underline-offset-2 hover:no-underline"
          >
            {part.text}
          </a>
        ) : (
          <Fragment key={key}>{part.text}</Fragment>
        );
      })}
      {children}
    </p>
  );
}
