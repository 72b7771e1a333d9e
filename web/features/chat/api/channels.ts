/**
 * Channels (decisions.md § Chat): the department's public ones and the private ones I am
 * in, 'Bli med', and creating one (leaders and admins). Only used while the `channels`
 * flag is on: the screens that call these are behind it.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import {
  type ChannelList,
  channelList,
  type createChannelRequest,
  type ThreadDto,
  threadDto,
} from "../../../../common/schemas/chat.ts";
import { apiFetch } from "../../../lib/api.ts";
import { chatKeys } from "./keys.ts";
import { threadQuery } from "./thread.ts";

export const channelsQuery = () =>
  queryOptions({
    queryKey: chatKeys.channels,
    queryFn: () => apiFetch("/api/chat/channels", { schema: channelList }),
  });

export const useChannels = () => useQuery(channelsQuery());

/** The list with the channel as the server now describes it to me (joined, or new). */
function withChannel(list: ChannelList, thread: ThreadDto): ChannelList {
  const entry = {
    id: thread.id,
    name: thread.name,
    isPublic: thread.isPublic,
    isMember: thread.isMember,
    memberCount: thread.members.length,
  };
  const known = list.channels.some((c) => c.id === thread.id);
  return {
    channels: known
      ? list.channels.map((c) => (c.id === thread.id ? { ...c, ...entry } : c))
      : [...list.channels, { ...entry, unread: 0 }],
  };
}

/**
 * After a channel changed for me: its header for the thread view and its row at once,
 * then the list's order and my counts from the server.
 */
function useChannelChanged() {
  const client = useQueryClient();
  return (thread: ThreadDto) => {
    client.setQueryData(threadQuery(thread.id).queryKey, thread);
    client.setQueryData<ChannelList>(chatKeys.channels, (list) => list && withChannel(list, thread));
    void client.invalidateQueries({ queryKey: chatKeys.channels });
    void client.invalidateQueries({ queryKey: chatKeys.unread });
  };
}

export function useCreateChannel() {
  const changed = useChannelChanged();
  return useMutation({
    mutationFn: (body: z.input<typeof createChannelRequest>) =>
      apiFetch("/api/chat/channels", { method: "POST", body, schema: threadDto }),
    onSuccess: changed,
  });
}

/** 'Bli med' */
export function useJoinChannel() {
  const changed = useChannelChanged();
  return useMutation({
    mutationFn: (channelId: string) =>
      apiFetch(`/api/chat/channels/${encodeURIComponent(channelId)}/join`, {
        method: "POST",
        schema: threadDto,
      }),
    onSuccess: changed,
  });
}
