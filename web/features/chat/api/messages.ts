/**
 * A thread's messages in one cache entry: pages backwards in time (the newest first),
 * kept current by realtime events, the catch-up after a drop, and my own optimistic
 * sends, edits, deletions and reactions. Every writer goes through the same few
 * functions, which look messages up by id: whatever way a message arrives, it is held
 * once.
 */
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { normaliseMessageBody } from "../../../../common/domain/chat-messages.ts";
import {
  type AttachmentDto,
  type ChatPerson,
  chatEvents,
  type MessageDto,
  type MessagePage,
  messageDto,
  messagePage,
  type ReactionDto,
  reactionsResponse,
} from "../../../../common/schemas/chat.ts";
import { topics } from "../../../../common/schemas/realtime.ts";
import { ui } from "../../../../common/texts/index.ts";
import { replyPreview } from "../../../../common/texts/reply-preview.ts";
import { toast } from "../../../components/ui/toaster.tsx";
import { ApiError, apiFetch, errorText } from "../../../lib/api.ts";
import { useRealtimeTopic } from "../../../lib/use-realtime.ts";
import { chatKeys } from "./keys.ts";
import { refreshThreadHeader } from "./thread.ts";

const t = ui.thread;

/** A message as held here: `pending` while my send of it is on its way. */
export type ThreadMessage = MessageDto & { pending?: true };
interface Page {
  messages: ThreadMessage[];
  hasMore: boolean;
  /** the server's clock when the page was read */
  asOf: string;
}
/** Page 0 is the newest; each further page is older. Page params are the `before` cursors. */
type Messages = InfiniteData<Page, string | null>;

/** Spec §9: check every 5 s, catch up when no event came for 15 s. */
const quietCheckMs = 5000;
const quietLimitMs = 15_000;

const url = {
  messages: (threadId: string) => `/api/chat/threads/${encodeURIComponent(threadId)}/messages`,
  message: (id: string) => `/api/chat/messages/${encodeURIComponent(id)}`,
};

type Cursor = { before?: string; after?: string; changedSince?: string; from?: string };

function fetchPage(threadId: string, cursor: Cursor, signal?: AbortSignal) {
  const query = new URLSearchParams(cursor as Record<string, string>).toString();
  return apiFetch<MessagePage>(`${url.messages(threadId)}${query ? `?${query}` : ""}`, {
    schema: messagePage,
    signal,
  });
}

const messagesQuery = (threadId: string) =>
  infiniteQueryOptions<Page, Error, Messages, ReturnType<typeof chatKeys.messages>, string | null>({
    queryKey: chatKeys.messages(threadId),
    queryFn: ({ pageParam, signal }) => fetchPage(threadId, pageParam ? { before: pageParam } : {}, signal),
    initialPageParam: null,
    getNextPageParam: (page: Page) => (page.hasMore ? (page.messages[0]?.id ?? null) : null),
    // Realtime and the catch-up keep it current; a refetch of every page would only repeat them.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

// ---- the cache: every change to a thread's messages goes through these -------------

/** Oldest first, as the list shows them. */
const messagesOf = (data: Messages | undefined): ThreadMessage[] =>
  data ? data.pages.toReversed().flatMap((page) => page.messages) : [];

/** The newest message the server has confirmed: where a catch-up continues from. */
const newestConfirmed = (data: Messages) => messagesOf(data).findLast((m) => !m.pending);

/**
 * Adds messages that are new to the cache after the ones held, skipping any already
 * there. My messages still on their way stay last, where the composer put them.
 */
function appendNew(data: Messages, incoming: readonly ThreadMessage[]): Messages {
  const held = new Set(messagesOf(data).map((m) => m.id));
  const fresh = incoming.filter((m) => !held.has(m.id));
  const [newest, ...older] = data.pages;
  if (fresh.length === 0 || !newest) return data;
  const confirmed = newest.messages.filter((m) => !m.pending);
  const pending = newest.messages.filter((m) => m.pending);
  return { ...data, pages: [{ ...newest, messages: [...confirmed, ...fresh, ...pending] }, ...older] };
}

function mapMessages(data: Messages, change: (m: ThreadMessage) => ThreadMessage | null): Messages {
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      messages: page.messages.flatMap((m) => change(m) ?? []),
    })),
  };
}

function update(client: QueryClient, threadId: string, change: (data: Messages) => Messages) {
  client.setQueryData<Messages>(chatKeys.messages(threadId), (data) => data && change(data));
}

const findMessage = (client: QueryClient, threadId: string, id: string) =>
  messagesOf(client.getQueryData<Messages>(chatKeys.messages(threadId))).find((m) => m.id === id);

/** Puts the server's version of a message in place of the one held (by id, or `replacing`). */
function putMessage(client: QueryClient, message: MessageDto, replacing = message.id) {
  update(client, message.threadId, (data) => {
    const held = messagesOf(data);
    if (replacing !== message.id && held.some((m) => m.id === message.id))
      return mapMessages(data, (m) => (m.id === replacing ? null : m));
    if (held.some((m) => m.id === replacing))
      return mapMessages(data, (m) => (m.id === replacing ? message : m));
    return appendNew(data, [message]);
  });
}

/** Changes one held message; returns it as it was, for a rollback. */
function patchMessage(
  client: QueryClient,
  threadId: string,
  id: string,
  change: (m: ThreadMessage) => ThreadMessage,
): ThreadMessage | undefined {
  const before = findMessage(client, threadId, id);
  if (before) update(client, threadId, (data) => mapMessages(data, (m) => (m.id === id ? change(m) : m)));
  return before;
}

/** Undoes an optimistic change of one message, leaving everything that arrived since. */
function rollback(client: QueryClient, before: ThreadMessage | undefined) {
  if (before) patchMessage(client, before.threadId, before.id, () => before);
}

// ---- keeping up: realtime events, catch-up after a drop or a quiet spell -------------

type CatchUpScope = "new" | "all";

/**
 * The catch-up of one thread: fetches what came after the newest message held, page by
 * page, and (unless only new messages were announced) what changed among those held.
 * Calls while one runs make it run once more afterwards instead of racing it, and it
 * waits for my sends on their way, so that a message is never held both as my pending
 * copy and as the server's.
 */
class ThreadSync {
  lastHeard = Date.now();
  /** Everything held was read at or after this (server clock), or changes since were. */
  private syncedAt: string | null = null;
  private running: Promise<void> | null = null;
  /** What the run after the current one must read; null when none is asked for. */
  private again: CatchUpScope | null = null;
  private readonly sends = new Set<Promise<unknown>>();

  constructor(
    private readonly client: QueryClient,
    private readonly threadId: string,
  ) {}

  heard() {
    this.lastHeard = Date.now();
  }

  trackSend<T>(send: Promise<T>): Promise<T> {
    this.sends.add(send);
    const done = () => this.sends.delete(send);
    send.then(done, done);
    return send;
  }

  /**
   * `new` when an event announced a new message: edits, deletions and reactions come
   * with events of their own, so the one request on the realtime path is the new page.
   * `all` after a drop, a quiet spell or a reopening, when any of those may be missed.
   */
  catchUp(scope: CatchUpScope = "all"): Promise<void> {
    if (this.running) {
      this.again = this.again === "all" ? "all" : scope;
      return this.running;
    }
    this.running = (async () => {
      try {
        for (let next: CatchUpScope | null = scope; next; next = this.again) {
          this.again = null;
          await Promise.allSettled([...this.sends]);
          await this.fetchNew();
          if (next === "all") await this.fetchChanged();
        }
      } finally {
        this.running = null;
        this.heard();
      }
    })();
    return this.running;
  }

  private async fetchNew() {
    const query = messagesQuery(this.threadId);
    // While the first load is on its way, wait for it and continue from what it brought.
    const data =
      this.client.getQueryData<Messages>(query.queryKey) ??
      (await this.client.ensureInfiniteQueryData(query));
    let after = newestConfirmed(data)?.id;
    // Nothing held yet: the newest page, with its `hasMore`, is the whole answer.
    if (!after) return void (await this.client.refetchQueries({ queryKey: query.queryKey }));
    try {
      for (;;) {
        const page = await fetchPage(this.threadId, { after });
        update(this.client, this.threadId, (d) => appendNew(d, page.messages));
        const last = page.messages.at(-1);
        if (!page.hasMore || !last) return;
        after = last.id;
      }
    } catch (err) {
      // The message we continue from is gone for good (its author was deleted): start afresh.
      if (err instanceof ApiError && err.status === 404)
        await this.client.refetchQueries({ queryKey: query.queryKey });
      else throw err;
    }
  }

  /**
   * Edits, deletions, restores and reactions to the messages held that happened while
   * no events came: read again in one request. Too many: load the thread afresh.
   */
  private async fetchChanged() {
    const query = messagesQuery(this.threadId);
    const data = this.client.getQueryData<Messages>(query.queryKey);
    const oldest = messagesOf(data).find((m) => !m.pending);
    // Page 0 was read first (pages further back came later): held messages are at least that fresh.
    const since = [this.syncedAt, data?.pages[0]?.asOf]
      .filter((at) => at != null)
      .sort()
      .at(-1);
    if (!oldest || !since) return;
    const page = await fetchPage(this.threadId, { changedSince: since, from: oldest.id }).catch(
      (err: unknown) => {
        // The oldest message held is gone for good (its author was deleted): start afresh.
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      },
    );
    if (!page || page.hasMore) return void (await this.client.refetchQueries({ queryKey: query.queryKey }));
    const held = new Set(messagesOf(this.client.getQueryData<Messages>(query.queryKey)).map((m) => m.id));
    for (const message of page.messages) if (held.has(message.id)) putMessage(this.client, message);
    this.syncedAt = page.asOf;
  }

  /**
   * A message held here changed (edited, deleted, restored, reacted to), or its file
   * links are about to expire: read it again. `background` when no one asked for it.
   */
  async refresh(messageId: string, background = false) {
    if (!findMessage(this.client, this.threadId, messageId)) return;
    try {
      putMessage(this.client, await apiFetch(url.message(messageId), { schema: messageDto, background }));
    } catch (err) {
      if (err instanceof ApiError && err.status === 404)
        update(this.client, this.threadId, (data) =>
          mapMessages(data, (m) => (m.id === messageId ? null : m)),
        );
      else throw err;
    }
  }
}

const syncs = new WeakMap<QueryClient, Map<string, ThreadSync>>();

function threadSync(client: QueryClient, threadId: string): ThreadSync {
  const byThread = syncs.get(client) ?? new Map<string, ThreadSync>();
  syncs.set(client, byThread);
  const sync = byThread.get(threadId) ?? new ThreadSync(client, threadId);
  byThread.set(threadId, sync);
  return sync;
}

/** A failed background fetch is retried by the next event or quiet-spell check. */
const quietly = (work: Promise<unknown>) =>
  work.catch((err: unknown) => console.warn("Chat catch-up failed; the next check retries.", err));

/** The events of `thread:{id}` that name a message to read again. */
const messageChanges: ReadonlySet<string> = new Set([
  chatEvents.messageEdited,
  chatEvents.messageDeleted,
  chatEvents.messageRestored,
  chatEvents.reactionChanged,
]);

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
      const messageId = event.payload.messageId;
      if (event.type === chatEvents.messageCreated) void quietly(sync.catchUp("new"));
      else if (messageChanges.has(event.type) && typeof messageId === "string")
        void quietly(sync.refresh(messageId));
      else if (event.type === chatEvents.threadMembers) void refreshThreadHeader(client, threadId);
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
      update(client, threadId, (d) => {
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

// ---- my own changes: optimistic, rolled back when the server refuses -----------------

export interface SendInput {
  content: string;
  replyTo: ThreadMessage | null;
  /** files already uploaded to the thread, in the order shown */
  attachments?: readonly AttachmentDto[];
  /** one per message, the same for a retry of it (thread/send-key.ts) */
  clientKey: string;
}

/** What a failed send gives back to the composer. */
export type RestoreSend = (text: string, attachments: readonly AttachmentDto[]) => void;

let localIds = 0;

/** My message shown at once, marked pending until the server has it. */
function pendingMessage(
  threadId: string,
  me: ChatPerson,
  { content, replyTo, attachments = [] }: SendInput,
): ThreadMessage {
  localIds += 1;
  return {
    id: `local-${localIds}`,
    threadId,
    author: me,
    content: normaliseMessageBody(content),
    createdAt: new Date().toISOString(),
    editedAt: null,
    deletedAt: null,
    replyTo: replyTo && {
      id: replyTo.id,
      author: replyTo.author,
      preview: replyPreview(replyTo.deletedAt ? null : replyTo.content),
      deleted: replyTo.deletedAt !== null,
    },
    reactions: [],
    attachments: [...attachments],
    abilities: { edit: false, delete: false, react: false, undo: false },
    pending: true,
  };
}

/**
 * Send: my message shows at once, marked pending, with its files; on failure it goes
 * again and `onFailed` gets the text and the files back for the composer.
 */
export function useSendMessage(threadId: string, me: ChatPerson) {
  const client = useQueryClient();
  const sync = threadSync(client, threadId);
  const mutation = useMutation({
    mutationKey: [...chatKeys.messages(threadId), "send"],
    mutationFn: ({ input }: { input: SendInput; local: ThreadMessage; onFailed: RestoreSend }) =>
      sync.trackSend(
        apiFetch(url.messages(threadId), {
          method: "POST",
          body: {
            content: input.content,
            clientKey: input.clientKey,
            ...(input.replyTo ? { replyToId: input.replyTo.id } : {}),
            ...(input.attachments?.length ? { attachmentIds: input.attachments.map((a) => a.id) } : {}),
          },
          schema: messageDto,
        }),
      ),
    onMutate: ({ local }) => update(client, threadId, (data) => appendNew(data, [local])),
    onSuccess: (message, { local }) => putMessage(client, message, local.id),
    onError: (err, { input, local, onFailed }) => {
      update(client, threadId, (data) => mapMessages(data, (m) => (m.id === local.id ? null : m)));
      onFailed(input.content, input.attachments ?? []);
      // A rule the server applies (too long) says what to change; anything else is the spec's text.
      const description =
        err instanceof ApiError && err.status === 422 ? err.message : t.toasts.sendFailedBody;
      toast.error(t.toasts.sendFailed, { description });
    },
  });
  const { mutate } = mutation;
  return useCallback(
    (input: SendInput, onFailed: RestoreSend) =>
      mutate({ input, local: pendingMessage(threadId, me, input), onFailed }),
    [mutate, threadId, me],
  );
}

export function useEditMessage(threadId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...chatKeys.messages(threadId), "edit"],
    mutationFn: ({ id, content }: { id: string; content: string }) =>
      apiFetch(url.message(id), { method: "PATCH", body: { content }, schema: messageDto }),
    onMutate: ({ id, content }) =>
      patchMessage(client, threadId, id, (m) => ({
        ...m,
        content: normaliseMessageBody(content),
        editedAt: new Date().toISOString(),
      })),
    onSuccess: (message) => {
      putMessage(client, message);
      toast.success(t.toasts.edited, { description: t.toasts.editedBody });
    },
    onError: (err, _vars, before) => {
      rollback(client, before);
      toast.error(t.toasts.editFailed, { description: errorText(err, ui.common.somethingWentWrong) });
    },
  });
}

export function useRestoreMessage(threadId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...chatKeys.messages(threadId), "restore"],
    mutationFn: (id: string) =>
      apiFetch(`${url.message(id)}/restore`, { method: "POST", schema: messageDto }),
    onMutate: (id) => patchMessage(client, threadId, id, (m) => ({ ...m, deletedAt: null })),
    onSuccess: (message) => {
      putMessage(client, message);
      toast.success(t.toasts.undone, { description: t.toasts.undoneBody });
    },
    onError: (err, _id, before) => {
      rollback(client, before);
      toast.error(t.toasts.undoFailed, { description: errorText(err, ui.common.somethingWentWrong) });
    },
  });
}

/** Delete, with 'Angre' in the toast for its 5 seconds (spec §9). */
export function useDeleteMessage(threadId: string) {
  const client = useQueryClient();
  const restore = useRestoreMessage(threadId);
  return useMutation({
    mutationKey: [...chatKeys.messages(threadId), "delete"],
    mutationFn: (id: string) => apiFetch(url.message(id), { method: "DELETE", schema: messageDto }),
    onMutate: (id) =>
      patchMessage(client, threadId, id, (m) => ({
        ...m,
        deletedAt: new Date().toISOString(),
        reactions: [],
        abilities: { edit: false, delete: false, react: false, undo: true },
      })),
    onSuccess: (message) => {
      putMessage(client, message);
      toast(t.toasts.deleted, {
        duration: 5000,
        action: { label: t.actions.undo, onClick: () => restore.mutate(message.id) },
      });
    },
    onError: (err, _id, before) => {
      rollback(client, before);
      toast.error(t.toasts.deleteFailed, { description: errorText(err, ui.common.somethingWentWrong) });
    },
  });
}

/** My reaction given or taken back, as the server's toggle will do it. */
function toggled(reactions: readonly ReactionDto[], emoji: string, me: ChatPerson): ReactionDto[] {
  const existing = reactions.find((r) => r.emoji === emoji);
  if (!existing) return [...reactions, { emoji, count: 1, users: [me], mine: true }];
  if (!existing.mine)
    return reactions.map((r) =>
      r === existing ? { ...r, count: r.count + 1, users: [...r.users, me], mine: true } : r,
    );
  if (existing.count === 1) return reactions.filter((r) => r !== existing);
  return reactions.map((r) =>
    r === existing
      ? { ...r, count: r.count - 1, users: r.users.filter((u) => u.userId !== me.userId), mine: false }
      : r,
  );
}

export function useToggleReaction(threadId: string, me: ChatPerson) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...chatKeys.messages(threadId), "react"],
    mutationFn: ({ id, emoji }: { id: string; emoji: string }) =>
      apiFetch(`${url.message(id)}/reactions`, {
        method: "POST",
        body: { emoji },
        schema: reactionsResponse,
      }),
    onMutate: ({ id, emoji }) =>
      patchMessage(client, threadId, id, (m) => ({ ...m, reactions: toggled(m.reactions, emoji, me) })),
    onSuccess: ({ reactions }, { id }) => patchMessage(client, threadId, id, (m) => ({ ...m, reactions })),
    onError: (_err, _vars, before) => {
      rollback(client, before);
      toast.error(t.toasts.reactionFailed);
    },
  });
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
