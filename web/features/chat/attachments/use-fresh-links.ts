/**
 * Keeps a message's signed file links working while it is on screen: the links last
 * 600 s, so the message is read again 60 s before they expire (at once when it comes
 * into view with links that are stale already). The virtualised list unmounts messages
 * out of view, and with them their timers; they catch up when they come back.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { signedUrlRefreshMarginSeconds } from "../../../../common/domain/attachments.ts";
import type { ThreadMessage } from "../api/message-cache.ts";
import { useRefreshMessage } from "../api/messages.ts";

/** Never more often than this per message, whatever the clocks say. */
const minGapMs = 30_000;

const earliest = (message: ThreadMessage) =>
  message.attachments.reduce<number | null>((soonest, a) => {
    const at = Date.parse(a.expiresAt);
    return soonest === null || at < soonest ? at : soonest;
  }, null);

export function useFreshLinks(message: ThreadMessage) {
  const refreshMessage = useRefreshMessage(message.threadId);
  const expiresAt = earliest(message);
  const live = !message.pending && message.deletedAt === null && expiresAt !== null;
  const lastTry = useRef(0);
  // Bumped after every attempt, so a failed one is tried again later.
  const [attempts, setAttempts] = useState(0);
  const [failed, setFailed] = useState(false);
  const messageId = message.id;

  const refresh = useCallback(async () => {
    lastTry.current = Date.now();
    try {
      await refreshMessage(messageId);
      setFailed(false);
    } catch (err) {
      console.warn("Could not refresh the file links of a message.", err);
      setFailed(true);
    } finally {
      setAttempts((n) => n + 1);
    }
  }, [refreshMessage, messageId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempts` re-plans after each try
  useEffect(() => {
    if (!live || expiresAt === null) return;
    const now = Date.now();
    const due = expiresAt - signedUrlRefreshMarginSeconds * 1000;
    const wait = Math.max(due - now, lastTry.current + minGapMs - now, 0);
    const timer = window.setTimeout(() => void refresh(), wait);
    return () => window.clearTimeout(timer);
  }, [live, expiresAt, refresh, attempts]);

  /** The links could not be renewed and have run out. */
  const expired = failed && expiresAt !== null && Date.now() >= expiresAt;
  return { refresh, expired };
}
