/**
 * The chat lists follow my realtime topic (`user:{id}`): a thread's new unread count
 * (`chat.unread`: someone wrote, or I read in another tab) and a thread someone put me
 * in (`chat.joined`). Every list and badge that is on screen calls this hook; each
 * event is applied once however many listen.
 */
import { type QueryClient, type QueryKey, useQueryClient } from "@tanstack/react-query";
import type { ChannelList, UnreadCounts } from "../../../../common/schemas/chat.ts";
import { type RealtimeEvent, type RealtimePayload, topics } from "../../../../common/schemas/realtime.ts";
import { refetchAfterEvent, refetchAfterReads } from "../../../lib/query.ts";
import { useSession } from "../../../lib/session.tsx";
import { useRealtimeTopic } from "../../../lib/use-realtime.ts";
import { chatKeys } from "../api/keys.ts";
import { changedCount, withThreadUnread } from "../api/unread.ts";

const refetch = refetchAfterEvent;

/** Everything the lists show may have changed (missed events). */
function refetchAll(client: QueryClient) {
  for (const queryKey of [chatKeys.unread, chatKeys.directThreads, chatKeys.channels])
    refetchAfterReads(client, queryKey);
}

/**
 * Puts the event into what is held, or asks again: when a read is on its way (its answer
 * may predate the event) or when what is held cannot take it (`merge` gives null).
 */
function mergeOrRefetch<T>(client: QueryClient, queryKey: QueryKey, merge: (held: T) => T | null) {
  let refetchNeeded = client.isFetching({ queryKey }) > 0;
  if (!refetchNeeded)
    client.setQueriesData<T>({ queryKey }, (held) => {
      const merged = held === undefined ? held : merge(held);
      if (merged === null) refetchNeeded = true;
      return merged ?? held;
    });
  if (refetchNeeded) void refetch(client, queryKey);
}

function onUnread(client: QueryClient, change: RealtimePayload<"chat.unread">) {
  mergeOrRefetch<UnreadCounts>(client, chatKeys.unread, (counts) => withThreadUnread(counts, change));
  // A direct thread's count moves when a message arrives: its last message changed too.
  if (change.kind === "direct") void refetch(client, chatKeys.directThreads);
  if (change.kind === "channel")
    mergeOrRefetch<ChannelList>(client, chatKeys.channels, (list) => ({
      channels: list.channels.map((c) =>
        c.id === change.threadId ? { ...c, unread: changedCount(c.unread, change) } : c,
      ),
    }));
}

function onJoined(client: QueryClient, joined: RealtimePayload<"chat.joined">) {
  void refetch(client, chatKeys.unread);
  if (joined.kind === "direct") void refetch(client, chatKeys.directThreads);
  if (joined.kind === "channel") void refetch(client, chatKeys.channels);
}

/**
 * Events already applied. Every follower gets the same event object, and a count that
 * says "one more" must go in once, not once per list on screen.
 */
const applied = new WeakSet<RealtimeEvent>();

function onEvent(client: QueryClient, event: RealtimeEvent) {
  if (applied.has(event)) return;
  applied.add(event);
  if (event.type === "chat.unread") onUnread(client, event.payload);
  if (event.type === "chat.joined") onJoined(client, event.payload);
}

export function useFollowChatLists() {
  const client = useQueryClient();
  const { user } = useSession();
  useRealtimeTopic(topics.user(user.id), {
    onEvent: (event) => onEvent(client, event),
    onResync: () => refetchAll(client),
  });
}
