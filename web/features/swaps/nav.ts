import { ArrowLeftRight, Repeat } from "lucide-react";
import { ui } from "../../../common/texts/index.ts";
import type { NavItem } from "../../lib/nav.ts";
import { paths } from "../../lib/paths.ts";
import { useWaitingForMeCount } from "./badge.ts";

const t = ui.nav;

/** The swap screens in the app's navigation. */
export const swapsNav = {
  swaps: {
    to: paths.swaps.list,
    label: t.swaps,
    icon: ArrowLeftRight,
    flag: "swaps",
    useBadgeCount: useWaitingForMeCount,
  },
  admin: { to: paths.swaps.admin, label: t.adminSwaps, icon: Repeat, flag: "swaps" },
} satisfies Record<string, NavItem>;
