/**
 * The navigation of spec §2, arranged from the items each feature declares. The shell
 * draws this and nothing else, so the sidebar, the mobile 'Meny' drawer, the mobile
 * header's buttons and the quick actions cannot drift apart; an item's live count
 * (its `useBadgeCount`) follows it to every place it is shown.
 */
import { LayoutDashboard } from "lucide-react";
import { ui } from "../../common/texts/index.ts";
import { chatNav } from "../features/chat/nav.ts";
import { dutyNav } from "../features/duty/nav.ts";
import { profileNav } from "../features/profile/nav.ts";
import { shiftsNav } from "../features/shifts/nav.ts";
import { useMarketCount } from "../features/swaps/badge.ts";
import { swapsNav } from "../features/swaps/nav.ts";
import { usersNav } from "../features/users/nav.ts";
import { paths } from "../lib/paths.ts";
import type { AppNav } from "./shell/nav.ts";

export const appNav: AppNav = {
  overview: { to: paths.chat.department, label: ui.nav.overview, icon: LayoutDashboard },
  sections: [
    {
      id: "chat",
      items: [chatNav.shiftChat, chatNav.department, chatNav.directMessages, chatNav.channels],
    },
    { id: "shifts", items: [shiftsNav.open, swapsNav.swaps, shiftsNav.assigned] },
    {
      id: "admin",
      ability: "viewAdmin",
      items: [usersNav.users, shiftsNav.admin, swapsNav.admin, dutyNav.admin, chatNav.urgent],
    },
  ],
  profile: profileNav.profile,
  shortcuts: [
    { ...shiftsNav.open, label: ui.shell.mobileExtraShifts },
    // decisions.md § Swaps: the header's 'Bytte' counts the market, not what waits for me.
    { ...swapsNav.swaps, label: ui.shell.mobileSwaps, useBadgeCount: useMarketCount },
  ],
  quickActions: [
    chatNav.newMessage,
    chatNav.department,
    chatNav.directMessages,
    shiftsNav.open,
    shiftsNav.assigned,
    { ...swapsNav.swaps, label: ui.nav.swapsShort },
  ],
};
