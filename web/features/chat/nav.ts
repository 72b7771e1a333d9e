import { Clock, Hash, MessageSquare, MessagesSquare, Siren, SquarePen } from "lucide-react";
import { ui } from "../../../common/texts/index.ts";
import type { NavItem } from "../../lib/nav.ts";
import { paths } from "../../lib/paths.ts";
import { newMessageLink } from "./dm/new-message-link.ts";
import { useChannelsUnread, useDepartmentUnread, useDirectUnread, useShiftUnread } from "./unread/badges.ts";

const t = ui.nav;

/** The chat screens in the app's navigation, each with its unread count. */
export const chatNav = {
  shiftChat: {
    to: paths.chat.shift,
    label: t.shiftChat,
    icon: Clock,
    flag: "shiftChat",
    shiftBlock: true,
    useBadgeCount: useShiftUnread,
  },
  department: {
    to: paths.chat.department,
    label: t.department,
    icon: MessagesSquare,
    useBadgeCount: useDepartmentUnread,
  },
  directMessages: {
    to: paths.chat.dms,
    label: t.directMessages,
    icon: MessageSquare,
    useBadgeCount: useDirectUnread,
  },
  channels: {
    to: paths.chat.channels,
    label: t.channels,
    icon: Hash,
    flag: "channels",
    useBadgeCount: useChannelsUnread,
  },
  /** 'Haster': the department's urgent messages of the last 24 hours (leaders) */
  urgent: { to: paths.admin.urgent, label: ui.urgent.overviewTitle, icon: Siren },
  /** 'Ny melding': the DM list with 'Velg kollega' open */
  newMessage: { to: newMessageLink, label: ui.chatLists.dm.newMessage, icon: SquarePen },
} satisfies Record<string, NavItem>;
