/**
 * A thread's messages in one cache entry: pages backwards in time (the newest first),
 * kept current by realtime events, the catch-up after a drop, and my own optimistic
 * sends, edits, deletions and reactions. Every writer goes through the same few
 * functions, which look messages up by id: whatever way a message arrives, it is held
 * once.
 */
import { type InfiniteData, infiniteQueryOptions, type QueryClient } from "@tanstack/react-query";
import { type MessageDto, type MessagePage, messagePage } from "../../../../common/schemas/chat.ts";
import { apiFetch } from "../../../lib/api.ts";
import type { PersistMeta } from "../../../lib/personal-cache.ts";
import { chatKeys } from "./keys.ts";

/**
 * A message as held here: `pending` while my send of it is on its way; `outbox` while it
 * waits in the offline outbox (features/chat/outbox), shown after the thread's messages
 * but never held in this cache.
 */
export type ThreadMessage = MessageDto & {
  pending?: true;
  outbox?: { clientKey: string; state: "waiting" | "failed"; error?: string | undefined };
};
interface Page {
  messages: ThreadMessage[];
  hasMore: boolean;
  /** the server's clock when the page was read */
  asOf: string;
}
/** Page 0 is the newest; each further page is older. Page params are the `before` cursors. */
export type Messages = InfiniteData<Page, string | null>;

export const url = {
  messages: (threadId: string) => `/api/chat/threads/${encodeURIComponent(threadId)}/messages`,
  message: (id: string) => `/api/chat/messages/${encodeURIComponent(id)}`,
};

type Cursor = { before?: string; after?: string; changedSince?: string; from?: string };

export function fetchPage(threadId: string, cursor: Cursor, signal?: AbortSignal) {
  const query = new URLSearchParams(cursor as Record<string, string>).toString();
  return apiFetch<MessagePage>(`${url.messages(threadId)}${query ? `?${query}` : ""}`, {
    schema: messagePage,
    signal,
  });
}

/**
 * What this browser keeps of a thread between page loads (web/lib/personal-cache.ts):
 * the newest messages of the threads visited last, enough to paint the view at once;
 * the catch-up brings what came since. My sends still on their way are not kept.
 */
export const persistedMessages = { threads: 20, messages: 50 };

/**
 * A deleted message keeps its text for its author's undo, for minutes: on disk it would
 * outlive the purge, so it is kept as the placeholder everyone else sees.
 */
const asKept = (m: ThreadMessage): ThreadMessage =>
  m.deletedAt
    ? { ...m, content: null, attachments: [], reactions: [], abilities: { ...m.abilities, undo: false } }
    : m;

export function newestPageOf(data: Messages): Messages {
  const held = messagesOf(data).filter((m) => !m.pending);
  const kept = held.slice(-persistedMessages.messages).map(asKept);
  const oldestPage = data.pages.at(-1);
  const hasMore = kept.length < held.length || (oldestPage?.hasMore ?? false);
  const asOf = data.pages[0]?.asOf ?? new Date(0).toISOString();
  return { pages: [{ messages: kept, hasMore, asOf }], pageParams: [null] };
}

export const messagesQuery = (threadId: string) =>
  infiniteQueryOptions<Page, Error, Messages, ReturnType<typeof chatKeys.messages>, string | null>({
    queryKey: chatKeys.messages(threadId),
    queryFn: ({ pageParam, signal }) => fetchPage(threadId, pageParam ? { before: pageParam } : {}, signal),
    initialPageParam: null,
    getNextPageParam: (page: Page) => (page.hasMore ? (page.messages[0]?.id ?? null) : null),
    // Realtime and the catch-up keep it current; a refetch of every page would only repeat them.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    meta: {
      persist: {
        group: "chat.messages",
        keep: persistedMessages.threads,
        trim: (data) => newestPageOf(data as Messages),
      } satisfies PersistMeta,
    },
  });

/** Oldest first, as the list shows them. */
export const messagesOf = (data: Messages | undefined): ThreadMessage[] =>
  data ? data.pages.toReversed().flatMap((page) => page.messages) : [];

/** The newest message the server has confirmed: where a catch-up continues from. */
export const newestConfirmed = (data: Messages) => messagesOf(data).findLast((m) => !m.pending);

/**
 * Adds messages that are new to the cache after the ones held, skipping any already
 * there. My messages still on their way stay last, where the composer put them.
 */
export function appendNew(data: Messages, incoming: readonly ThreadMessage[]): Messages {
  const held = new Set(messagesOf(data).map((m) => m.id));
  const fresh = incoming.filter((m) => !held.has(m.id));
  const [newest, ...older] = data.pages;
  if (fresh.length === 0 || !newest) return data;
  const confirmed = newest.messages.filter((m) => !m.pending);
  const pending = newest.messages.filter((m) => m.pending);
  return { ...data, pages: [{ ...newest, messages: [...confirmed, ...fresh, ...pending] }, ...older] };
}

export function mapMessages(data: Messages, change: (m: ThreadMessage) => ThreadMessage | null): Messages {
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      messages: page.messages.flatMap((m) => change(m) ?? []),
    })),
  };
}

export function updateMessages(client: QueryClient, threadId: string, change: (data: Messages) => Messages) {
  client.setQueryData<Messages>(chatKeys.messages(threadId), (data) => data && change(data));
}

export const findMessage = (client: QueryClient, threadId: string, id: string) =>
  messagesOf(client.getQueryData<Messages>(chatKeys.messages(threadId))).find((m) => m.id === id);

/** Puts the server's version of a message in place of the one held (by id, or `replacing`). */
export function putMessage(client: QueryClient, message: MessageDto, replacing = message.id) {
  updateMessages(client, message.threadId, (data) => {
    const held = messagesOf(data);
    if (replacing !== message.id && held.some((m) => m.id === message.id))
      return mapMessages(data, (m) => (m.id === replacing ? null : m));
    if (held.some((m) => m.id === replacing))
      return mapMessages(data, (m) => (m.id === replacing ? message : m));
    return appendNew(data, [message]);
  });
}

/** Changes one held message; returns it as it was, for a rollback. */
export function patchMessage(
  client: QueryClient,
  threadId: string,
  id: string,
  change: (m: ThreadMessage) => ThreadMessage,
): ThreadMessage | undefined {
  const before = findMessage(client, threadId, id);
  if (before)
    updateMessages(client, threadId, (data) => mapMessages(data, (m) => (m.id === id ? change(m) : m)));
  return before;
}

/** Undoes an optimistic change of one message, leaving everything that arrived since. */
export function rollback(client: QueryClient, before: ThreadMessage | undefined) {
  if (before) patchMessage(client, before.threadId, before.id, () => before);
}
