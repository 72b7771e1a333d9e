/**
 * The outbox in the app: one per person per tab, what a thread shows of it, and the
 * runner that sends it when the connection returns (the `online` event, the realtime
 * connection back up, the app started after a reload or a closed browser, and every
 * 20 seconds while something waits, for a server that answered 503 with the network up).
 */
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useSyncExternalStore } from "react";
import { type ChatPerson, messageDto } from "../../../../common/schemas/chat.ts";
import { ApiError, apiFetch } from "../../../lib/api.ts";
import { appKeys } from "../../../lib/query.ts";
import { appRealtime } from "../../../lib/realtime.ts";
import { useSession } from "../../../lib/session.tsx";
import { putMessage, type ThreadMessage, url } from "../api/message-cache.ts";
import { threadSync } from "../api/thread-sync.ts";
import { Outbox, type OutboxItem } from "./outbox.ts";

const retryEveryMs = 20_000;

const outboxes = new Map<string, Outbox>();

/** The outbox of the person signed in, made on first use. */
export function outboxFor(client: QueryClient, userId: string): Outbox {
  let outbox = outboxes.get(userId);
  if (!outbox) {
    outbox = new Outbox(userId, {
      // Tracked as the composer's sends are: a catch-up waits for it, so the thread never
      // holds the message both as queued and as the server's.
      send: (item) =>
        threadSync(client, item.threadId).trackSend(
          apiFetch(url.messages(item.threadId), {
            method: "POST",
            body: {
              content: item.content,
              clientKey: item.clientKey,
              ...(item.replyToId ? { replyToId: item.replyToId } : {}),
              ...(item.urgent ? { urgent: true } : {}),
            },
            schema: messageDto,
          }).catch((err: unknown) => {
            // The session has ended: the tab signs out, as for any 401, and the outbox goes with it.
            if (err instanceof ApiError && err.status === 401) client.setQueryData(appKeys.session, null);
            throw err;
          }),
        ),
      onSent: (_item, message) => putMessage(client, message),
    });
    outboxes.set(userId, outbox);
  }
  return outbox;
}

export function useOutbox(): Outbox {
  const { user } = useSession();
  return outboxFor(useQueryClient(), user.id);
}

/** A queued message as the thread shows it: mine, after everything sent. */
function asMessage(item: OutboxItem, me: ChatPerson): ThreadMessage {
  return {
    id: `outbox-${item.clientKey}`,
    threadId: item.threadId,
    author: me,
    content: item.content,
    createdAt: new Date(item.createdAt).toISOString(),
    editedAt: null,
    deletedAt: null,
    replyTo: item.replyTo ?? null,
    reactions: [],
    attachments: [],
    abilities: { edit: false, delete: false, react: false, undo: false },
    urgent: item.urgent === true,
    pending: true,
    outbox: { clientKey: item.clientKey, state: item.state, error: item.error },
  };
}

/** This thread's queued messages, oldest first; read from IndexedDB when the thread opens. */
export function useOutboxMessages(threadId: string, me: ChatPerson): ThreadMessage[] {
  const outbox = outboxFor(useQueryClient(), me.userId);
  const items = useSyncExternalStore(outbox.subscribe, outbox.snapshot);
  useEffect(() => {
    void outbox.load().catch(() => {});
  }, [outbox]);
  return useMemo(
    () => items.filter((item) => item.threadId === threadId).map((item) => asMessage(item, me)),
    [items, threadId, me],
  );
}

/** Sends the outbox whenever the connection may be back. Draws nothing. */
export function OutboxRunner() {
  const outbox = useOutbox();
  useEffect(() => {
    const flush = () => {
      if (navigator.onLine) void outbox.flush();
    };
    // Started (after a reload, or a browser closed with messages waiting): what waits goes.
    void outbox.load().then(flush, () => {});
    const realtime = appRealtime();
    const stopRealtime = realtime.onDownChange(() => {
      if (!realtime.isDown()) flush();
    });
    const timer = window.setInterval(() => {
      if (outbox.snapshot().some((item) => item.state === "waiting")) flush();
    }, retryEveryMs);
    window.addEventListener("online", flush);
    return () => {
      stopRealtime();
      window.clearInterval(timer);
      window.removeEventListener("online", flush);
    };
  }, [outbox]);
  return null;
}
