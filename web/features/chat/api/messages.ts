/**
 * A thread's messages as the thread view reads them: the cached pages, kept current by
 * realtime events and the catch-up (thread-sync.ts) while the view is open, and my read
 * position.
 */
import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { topics } from "../../../../common/schemas/realtime.ts";
import { apiFetch } from "../../../lib/api.ts";
import { useRealtimeTopic } from "../../../lib/use-realtime.ts";
import { chatKeys } from "./keys.ts";
import { fetchPage, type Messages, messagesOf, messagesQuery, updateMessages } from "./message-cache.ts";
import { refreshThreadHeader } from "./thread.ts";
import { threadSync } from "./thread-sync.ts";

/** Spec §9: check every 5 s, catch up when no event came for 15 s. */
const quietCheckMs = 5000;
const quietLimitMs = 15_000;

/** A failed background fetch is retried by the next event or quiet-spell check. */
const quietly = (work: Promise<unknown>) =>
  work.catch((err: unknown) => console.warn("Chat catch-up failed; the next check retries.", err));

/**
 * A thread's messages, oldest first, kept current while the view is open: realtime
 * events, a catch-up after a reconnect, after 15 s without events while the tab is
 * visible, and when the view opens on messages cached earlier. `loadOlder` fetches the
 * page before the oldest held.
 */
export function useThreadMessages(threadId: string) {
  const client = useQueryClient();
  const query = useInfiniteQuery(messagesQuery(threadId));
  const sync = threadSync(client, threadId);
  const [olderState, setOlderState] = useState<"idle" | "loading" | "failed">("idle");

  useRealtimeTopic(topics.thread(threadId), {
    onEvent: (event) => {
      sync.heard();
      switch (event.type) {
        case "message.created":
          return void quietly(sync.catchUp("new"));
        case "message.edited":
        case "message.deleted":
        case "message.restored":
        case "reaction.changed":
        case "message.acknowledged":
        case "message.seen":
          return void quietly(sync.refresh(event.payload.messageId));
        case "thread.members":
          return void refreshThreadHeader(client, threadId);
      }
    },
    onResync: () => void quietly(sync.catchUp()),
  });

  useEffect(() => {
    // Opened again on messages held from before: what came meanwhile was not followed.
    if (client.getQueryData(chatKeys.messages(threadId))) void quietly(sync.catchUp());
    const id = window.setInterval(() => {
      if (document.visibilityState === "visible" && Date.now() - sync.lastHeard >= quietLimitMs) {
        sync.heard();
        void quietly(sync.catchUp());
      }
    }, quietCheckMs);
    return () => window.clearInterval(id);
  }, [client, sync, threadId]);

  // Not fetchNextPage: it writes its result over the pages it started from, and would
  // drop a message that arrived or an optimistic change made while it was on its way.
  const loadingOlder = useRef(false);
  const loadOlder = useCallback(async () => {
    const data = client.getQueryData<Messages>(chatKeys.messages(threadId));
    const before = data?.pages.at(-1)?.messages[0]?.id;
    if (loadingOlder.current || !data?.pages.at(-1)?.hasMore || !before) return;
    loadingOlder.current = true;
    setOlderState("loading");
    try {
      const page = await fetchPage(threadId, { before });
      updateMessages(client, threadId, (d) => {
        const held = new Set(messagesOf(d).map((m) => m.id));
        const older = { ...page, messages: page.messages.filter((m) => !held.has(m.id)) };
        return { pages: [...d.pages, older], pageParams: [...d.pageParams, before] };
      });
      setOlderState("idle");
    } catch {
      setOlderState("failed");
    } finally {
      loadingOlder.current = false;
    }
  }, [client, threadId]);

  const hasOlder = query.data?.pages.at(-1)?.hasMore ?? false;
  return { query, messages: messagesOf(query.data), hasOlder, olderState, loadOlder };
}

/**
 * Reads a held message again for fresh signed file links (they last 600 s): the
 * attachments' views call it before the links expire, and once when a file fails to load.
 */
export function useRefreshMessage(threadId: string) {
  const client = useQueryClient();
  return useCallback(
    (messageId: string) => threadSync(client, threadId).refresh(messageId, true),
    [client, threadId],
  );
}

/**
 * Moves my read position to the newest message once it has been seen; each message
 * once. A failure is left for the next message: the badge only stays a little longer.
 */
export function useMarkRead(threadId: string) {
  const marked = useRef<string | null>(null);
  return useCallback(
    (messageId: string) => {
      if (marked.current === messageId) return;
      marked.current = messageId;
      apiFetch(`/api/chat/threads/${encodeURIComponent(threadId)}/read`, {
        method: "POST",
        body: { messageId },
      }).catch((err: unknown) => console.warn("Could not mark the thread read.", err));
    },
    [threadId],
  );
}
