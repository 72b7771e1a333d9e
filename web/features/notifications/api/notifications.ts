/**
 * My notifications: the unread count the bell polls, the latest 20 the dropdown shows,
 * and marking them read ('Merk som lest', 'Merk alle som lest') at once on screen, with
 * the spec's error toast and the old state back when the server refuses.
 */
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { limits } from "../../../../common/base/limits.ts";
import {
  type NotificationListResponse,
  notificationListResponse,
  unreadCountResponse,
} from "../../../../common/schemas/notifications.ts";
import { ui } from "../../../../common/texts/index.ts";
import { toast } from "../../../components/ui/toaster.tsx";
import { apiFetch } from "../../../lib/api.ts";
import { refetchAfterEvent } from "../../../lib/query.ts";
import { notificationKeys } from "./keys.ts";

type UnreadCount = { unreadCount: number };

export const unreadCountQuery = () =>
  queryOptions({
    queryKey: notificationKeys.unreadCount,
    // The poll runs on every screen: it must not keep an idle session alive (decisions.md).
    queryFn: () =>
      apiFetch("/api/notifications/unread-count", { schema: unreadCountResponse, background: true }),
    refetchInterval: limits.notificationPollSeconds * 1000,
  });

/** How many of mine are unread; undefined until first known. */
export const useUnreadCount = () => useQuery(unreadCountQuery()).data?.unreadCount;

/**
 * The latest 20. `background`: a refetch the person did not cause (an event arrived while
 * the dropdown is open), which must not keep an idle session alive either.
 */
export const listQuery = (background = false) =>
  queryOptions({
    queryKey: notificationKeys.list,
    queryFn: async ({ client }) => {
      const list = await apiFetch("/api/notifications", { schema: notificationListResponse, background });
      // The list counts all of mine too: the badge follows the fresher answer.
      client.setQueryData<UnreadCount>(notificationKeys.unreadCount, { unreadCount: list.unreadCount });
      return list;
    },
  });

/** The dropdown's list: mounted while it is open, read afresh each time it opens. */
export const useNotificationList = () => useQuery({ ...listQuery(), refetchOnMount: "always" });

/** The count, in both places that hold it. */
export function setUnreadCount(client: QueryClient, unreadCount: number) {
  client.setQueryData<UnreadCount>(notificationKeys.unreadCount, { unreadCount });
  client.setQueryData<NotificationListResponse>(
    notificationKeys.list,
    (list) => list && { ...list, unreadCount },
  );
}

/**
 * `added` more unread. A count on its way may have been read before they came: it is
 * asked again. One not asked for yet is left alone: its first read brings them.
 */
export function addUnread(client: QueryClient, added: number) {
  if (client.isFetching({ queryKey: notificationKeys.unreadCount }) > 0) {
    void refetchAfterEvent(client, notificationKeys.unreadCount);
    return;
  }
  const known = client.getQueryData<UnreadCount>(notificationKeys.unreadCount);
  if (known) setUnreadCount(client, known.unreadCount + added);
}

/**
 * One notification (or, without an id, every one) shown read as of now. Returns how many
 * that changed.
 */
export function markReadInList(client: QueryClient, notificationId?: string): number {
  const now = new Date().toISOString();
  let changed = 0;
  client.setQueryData<NotificationListResponse>(notificationKeys.list, (list) => {
    if (!list) return list;
    const notifications = list.notifications.map((n) => {
      if (n.readAt !== null || (notificationId !== undefined && n.id !== notificationId)) return n;
      changed += 1;
      return { ...n, readAt: now };
    });
    return { ...list, notifications };
  });
  return changed;
}

/** The list and the count as they were before an optimistic change. */
async function snapshot(client: QueryClient) {
  // A poll or a refetch answering after the change would put the old state back.
  await client.cancelQueries({ queryKey: notificationKeys.all });
  return {
    list: client.getQueryData<NotificationListResponse>(notificationKeys.list),
    count: client.getQueryData<UnreadCount>(notificationKeys.unreadCount),
  };
}

function rollback(client: QueryClient, before: Awaited<ReturnType<typeof snapshot>> | undefined) {
  if (!before) return;
  client.setQueryData(notificationKeys.list, before.list);
  client.setQueryData(notificationKeys.unreadCount, before.count);
}

/** Spec §8: 'Feil: Kunne ikke markere varsler som lest'. */
const markReadFailed = () => toast.error(ui.common.error, { description: ui.notifications.markReadFailed });

/** 'Merk som lest' (also when an item is opened or acted on). */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (notificationId: string) =>
      apiFetch(`/api/notifications/${encodeURIComponent(notificationId)}/read`, {
        method: "POST",
        schema: unreadCountResponse,
      }),
    onMutate: async (notificationId) => {
      const before = await snapshot(client);
      const changed = markReadInList(client, notificationId);
      if (before.count) setUnreadCount(client, Math.max(0, before.count.unreadCount - changed));
      return before;
    },
    onSuccess: ({ unreadCount }) => setUnreadCount(client, unreadCount),
    onError: (_err, _id, before) => {
      rollback(client, before);
      markReadFailed();
    },
  });
}

/** 'Merk alle som lest' */
export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch("/api/notifications/read-all", { method: "POST", schema: unreadCountResponse }),
    onMutate: async () => {
      const before = await snapshot(client);
      markReadInList(client);
      setUnreadCount(client, 0);
      return before;
    },
    onSuccess: ({ unreadCount }) => setUnreadCount(client, unreadCount),
    onError: (_err, _vars, before) => {
      rollback(client, before);
      markReadFailed();
    },
  });
}
