/**
 * The bell follows my realtime topic (`user:{id}`, decisions.md: notifications reach the
 * bell at once, the 30-second poll catches what a dropped socket missed). A new one says
 * "one more", which the badge adds (once, however many follow); a read one carries my new
 * count, which the badge takes as is. The list is read again when it is on screen, else
 * the next opening reads it.
 *
 * A new notice raises a toast ('Ny ekstravakt', 'Kunngjøring') unless I am quiet off shift
 * (web/lib/alerts.ts): then only the badge counts it, and the bell shows it on return. An
 * urgent one, or one about a mention of me or my role, alerts always, with a sound.
 *
 * A notice shows what its shift or deal is now, so the list is also read again when one
 * of those changes: `shift.changed` on my department's topic, `swap.dealsChanged` on mine.
 */
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { broadcastTypes } from "../../../../common/schemas/broadcast.ts";
import type { NotificationType } from "../../../../common/schemas/notifications.ts";
import { type RealtimeEvent, type RealtimePayload, topics } from "../../../../common/schemas/realtime.ts";
import { ui } from "../../../../common/texts/index.ts";
import { toast } from "../../../components/ui/toaster.tsx";
import { raiseAlert } from "../../../lib/alerts.ts";
import { useSession } from "../../../lib/session.tsx";
import { useRealtimeTopic } from "../../../lib/use-realtime.ts";
import { notificationKeys } from "./keys.ts";
import { addUnread, listQuery, markReadInList, setUnreadCount } from "./notifications.ts";

/**
 * The list afresh, in the background, when the dropdown shows it. A closed dropdown reads
 * it anyway when it next opens.
 */
function refreshList(client: QueryClient) {
  const shown = client.getQueryCache().find({ queryKey: notificationKeys.list, exact: true })?.isActive();
  if (shown) void client.prefetchQuery({ ...listQuery(true), staleTime: 0 });
}

/** Something may have been missed (a reconnect, a malformed event): ask the server. */
function refetchAll(client: QueryClient) {
  void client.invalidateQueries({ queryKey: notificationKeys.unreadCount });
  refreshList(client);
}

const t = ui.notifications;

/** A notice's kind as its toast names it: the bell item's heading, a broadcast's kind. */
export function noticeTitle(type: NotificationType | undefined): string {
  if (!type) return t.newNotice;
  const broadcast = broadcastTypes.find((b) => b === type);
  if (broadcast) return t.broadcastKinds[broadcast];
  return t.headings[type as keyof typeof t.headings] ?? t.newNotice;
}

/** The toasts of notices still on screen: opening the bell shows them, and clears these. */
const shownToasts = new Set<string>();

export function dismissNoticeToasts() {
  for (const id of shownToasts) toast.dismiss(id);
  shownToasts.clear();
}

/**
 * Notices the chat raises itself, red, with a sound and a way to the message
 * (`chat.urgent`): a second toast from the bell would only repeat it.
 */
const toastedElsewhere: readonly NotificationType[] = ["urgent_message", "urgent_unacknowledged"];

function alertOf(client: QueryClient, notice: RealtimePayload<"notification.created">) {
  if (notice.type && toastedElsewhere.includes(notice.type)) return;
  const id = `notice:${notice.notificationId}`;
  // The bell is open: an ordinary notice is on screen already.
  const open = client.getQueryCache().find({ queryKey: notificationKeys.list, exact: true })?.isActive();
  if (open && !notice.urgent && !notice.mention) return;
  const alerted = raiseAlert(client, {
    id,
    kind: "notice",
    title: noticeTitle(notice.type),
    description: t.newNoticeBody,
    ...(notice.urgent ? { urgent: true, sound: true } : {}),
    ...(notice.mention ? { mention: notice.mention, sound: true } : {}),
  });
  if (alerted) shownToasts.add(id);
}

/** Events already applied: "one more" must go in once, however many listen. */
const applied = new WeakSet<RealtimeEvent>();

function onEvent(client: QueryClient, event: RealtimeEvent) {
  if (applied.has(event)) return;
  applied.add(event);
  if (event.type === "notification.created") {
    addUnread(client, event.payload.added);
    alertOf(client, event.payload);
    return refreshList(client);
  }
  if (event.type === "notification.read") {
    // Without an id: 'Merk alle som lest' (in another tab).
    markReadInList(client, event.payload.notificationId);
    setUnreadCount(client, event.payload.unreadCount);
    return refreshList(client);
  }
  if (event.type === "shift.changed" || event.type === "swap.dealsChanged") return staleList(client);
}

/**
 * What a notice points to changed: read the list again if it is on screen, else mark it
 * stale so its next opening does not show the old state first.
 */
function staleList(client: QueryClient) {
  void client.invalidateQueries({ queryKey: notificationKeys.list, exact: true, refetchType: "none" });
  refreshList(client);
}

/** Called once, by the bell: the shell shows one bell at a time. */
export function useFollowNotifications() {
  const client = useQueryClient();
  const { user, currentDeptId } = useSession();
  const handlers = {
    onEvent: (event: RealtimeEvent) => onEvent(client, event),
    onResync: () => refetchAll(client),
  };
  useRealtimeTopic(topics.user(user.id), handlers);
  useRealtimeTopic(currentDeptId ? topics.dept(currentDeptId) : null, handlers);
}
