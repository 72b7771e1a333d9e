import { Clock, Hash, MessageSquare, MessagesSquare } from "lucide-react";
import { ui } from "../../../common/texts/index.ts";
import type { NavItem } from "../../lib/nav.ts";
import { paths } from "../../lib/paths.ts";

const t = ui.nav;

/** The chat screens in the app's navigation. */
export const chatNav = {
  shiftChat: { to: paths.chat.shift, label: t.shiftChat, icon: Clock, flag: "shiftChat", shiftBlock: true },
  department: { to: paths.chat.department, label: t.department, icon: MessagesSquare },
  directMessages: { to: paths.chat.dms, label: t.directMessages, icon: MessageSquare },
  channels: { to: paths.chat.channels, label: t.channels, icon: Hash, flag: "channels" },
} satisfies Record<string, NavItem>;
