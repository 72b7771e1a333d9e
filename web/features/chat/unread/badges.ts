/**
 * The chat items' live counts in the navigation (decisions.md: real unread counts, not
 * the spec's fixed placeholders) and the browser tab's title, both kept current by my
 * realtime topic.
 */
import { useEffect } from "react";
import { ui } from "../../../../common/texts/index.ts";
import { showAppBadge } from "../../../lib/app-badge.ts";
import { useConfig } from "../../../lib/config.tsx";
import { totalUnread, type UnreadSum, useUnreadCounts } from "../api/unread.ts";
import { useFollowChatLists } from "./follow.ts";

function useUnread(sum: UnreadSum): number | undefined {
  useFollowChatLists();
  return useUnreadCounts().data?.[sum];
}

export const useDepartmentUnread = () => useUnread("department");
export const useShiftUnread = () => useUnread("shift");
export const useDirectUnread = () => useUnread("direct");
export const useChannelsUnread = () => useUnread("channels");

/**
 * '(3) Vaktrom' while something is unread; the brand's name alone otherwise and after.
 * The installed app's icon carries the same count.
 */
export function UnreadDocumentTitle() {
  useFollowChatLists();
  const { data } = useUnreadCounts();
  const { name } = useConfig().brand;
  const total = data ? totalUnread(data) : 0;
  useEffect(() => {
    document.title = ui.chatLists.documentTitle(total, name);
    showAppBadge(total);
    return () => {
      document.title = name;
      showAppBadge(0);
    };
  }, [total, name]);
  return null;
}
