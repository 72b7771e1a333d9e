/**
 * The chat lists follow my realtime topic (`user:{id}`): a thread's new unread count
 * (`chat.unread`: someone wrote, or I read in another tab) and a thread someone put me
 * in (`chat.joined`). Every list and badge that is on screen calls this hook; each
 * event is applied once however many listen, and a refetch already under way is not
 * started again.
 */
import { type QueryClient, type QueryKey, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import {
  type ChannelList,
  chatEvents,
  threadKinds,
  type UnreadCounts,
} from "../../../../common/schemas/chat.ts";
import { type RealtimeEvent, topics } from "../../../../common/schemas/realtime.ts";
import { useSession } from "../../../lib/session.tsx";
import { useRealtimeTopic } from "../../../lib/use-realtime.ts";
import { chatKeys } from "../api/keys.ts";
import { changedCount, withThreadUnread } from "../api/unread.ts";

const joinedPayload = z.object({ threadId: z.string(), kind: z.enum(threadKinds) });
const unreadPayload = z.union([
  joinedPayload.extend({ unread: z.number().int().nonnegative() }),
  joinedPayload.extend({ added: z.number().int().positive() }),
]);

const refetch = (client: QueryClient, queryKey: QueryKey) =>
  client.invalidateQueries({ queryKey }, { cancelRefetch: false });

/** Everything the lists show may have changed (missed events, or an event not understood). */
function refetchAll(client: QueryClient) {
  for (const key of [chatKeys.unread, chatKeys.directThreads, chatKeys.channels]) void refetch(client, key);
}

function onUnread(client: QueryClient, change: z.infer<typeof unreadPayload>) {
  let unknown = false;
  client.setQueriesData<UnreadCounts>({ queryKey: chatKeys.unread }, (counts) => {
    const merged = counts && withThreadUnread(counts, change);
    if (counts && !merged) unknown = true;
    return merged ?? counts;
  });
  if (unknown) void refetch(client, chatKeys.unread);

  // A direct thread's count moves when a message arrives: its last message changed too.
  if (change.kind === "direct") void refetch(client, chatKeys.directThreads);
  if (change.kind === "channel")
    client.setQueryData<ChannelList>(chatKeys.channels, (list) =>
      list
        ? {
            channels: list.channels.map((c) =>
              c.id === change.threadId ? { ...c, unread: changedCount(c.unread, change) } : c,
            ),
          }
        : list,
    );
}

function onJoined(client: QueryClient, joined: z.infer<typeof joinedPayload>) {
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
  if (event.type === chatEvents.unread) {
    const parsed = unreadPayload.safeParse(event.payload);
    return parsed.success ? onUnread(client, parsed.data) : refetchAll(client);
  }
  if (event.type === chatEvents.joined) {
    const parsed = joinedPayload.safeParse(event.payload);
    return parsed.success ? onJoined(client, parsed.data) : refetchAll(client);
  }
}

export function useFollowChatLists() {
  const client = useQueryClient();
  const { user } = useSession();
  useRealtimeTopic(topics.user(user.id), {
    onEvent: (event) => onEvent(client, event),
    onResync: () => refetchAll(client),
  });
}
