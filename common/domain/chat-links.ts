/**
 * Links in message text. A message is shown as text, never as HTML; the parts here let
 * the list make web addresses clickable without that. Only http and https become links,
 * so `javascript:`, `data:` and the like stay plain text, and punctuation that ends a
 * sentence after an address ('Se https://helsenorge.no.') is not part of it.
 */

export type MessagePart = { kind: "text"; text: string } | { kind: "link"; text: string; href: string };

// A candidate runs from the scheme to the next space or a character that cannot be in a
// written address; `\b` keeps "xhttps://" from counting.
const candidate = /\bhttps?:\/\/[^\s<>"]+/gi;

// Closing punctuation, quotes included, that writing puts after an address.
const sentencePunctuation = new Set([".", ",", ";", ":", "!", "?", "'", '"', "»", "”", "’", "…"]);
const closingBrackets: Record<string, string> = { ")": "(", "]": "[", "}": "{" };

const count = (text: string, char: string) => text.split(char).length - 1;

/**
 * The candidate without what the sentence put after it. A closing bracket stays when the
 * address opened it ('https://no.wikipedia.org/wiki/Vakt_(arbeid)').
 */
function withoutTrailingPunctuation(raw: string): string {
  let end = raw.length;
  while (end > 0) {
    const last = raw[end - 1]!;
    const opening = closingBrackets[last];
    const head = raw.slice(0, end);
    if (sentencePunctuation.has(last) || (opening && count(head, last) > count(head, opening))) end -= 1;
    else break;
  }
  return raw.slice(0, end);
}

/** The address a link opens, or null when the candidate is no usable http(s) address. */
function httpHref(text: string): string | null {
  try {
    const url = new URL(text);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The text in order as text and link parts; joining the parts' `text` gives the message
 * back exactly. `href` is the address normalised by the URL parser, always http or https.
 */
export function splitLinks(text: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let pending = 0;
  for (const match of text.matchAll(candidate)) {
    const link = withoutTrailingPunctuation(match[0]);
    const href = httpHref(link);
    if (href === null) continue;
    if (match.index > pending) parts.push({ kind: "text", text: text.slice(pending, match.index) });
    parts.push({ kind: "link", text: link, href });
    pending = match.index + link.length;
  }
  if (pending < text.length) parts.push({ kind: "text", text: text.slice(pending) });
  return parts;
}
