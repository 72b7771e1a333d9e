/**
 * The key a message is sent with (the server stores one message per key and author):
 * a new one per message, the same one when a failed send goes again unchanged. A send
 * whose answer was lost (a timeout, a dropped connection, a database that was away) may
 * have been stored after all; sent again with its key, it is not stored twice.
 */
import { useRef } from "react";

/** A version 4 UUID; `crypto.randomUUID` exists only on https and localhost pages. */
export function newClientKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

interface Sent {
  content: string;
  attachmentIds: readonly string[];
}

/** What makes a send the same message again: its text and its files (a reply is not put back). */
const sameMessage = (a: Sent, b: Sent) =>
  a.content.trim() === b.content.trim() && a.attachmentIds.join() === b.attachmentIds.join();

export function useSendKeys() {
  const failed = useRef<{ key: string; sent: Sent } | null>(null);
  return {
    /** The failed send's key if this is it again, else a new one. */
    keyFor(sent: Sent): string {
      const last = failed.current;
      failed.current = null;
      return last && sameMessage(last.sent, sent) ? last.key : newClientKey();
    },
    failed(key: string, sent: Sent) {
      failed.current = { key, sent };
    },
  };
}
