import { CalendarCheck, CalendarClock, CalendarCog } from "lucide-react";
import { ui } from "../../../common/texts/index.ts";
import type { NavItem } from "../../lib/nav.ts";
import { paths } from "../../lib/paths.ts";
import { useOpenShiftsCount } from "./badge.ts";

const t = ui.nav;

/** The extra-shift screens in the app's navigation. */
export const shiftsNav = {
  open: {
    to: paths.shifts.open,
    label: t.extraShifts,
    icon: CalendarClock,
    flag: "shifts",
    useBadgeCount: useOpenShiftsCount,
  },
  assigned: { to: paths.shifts.assigned, label: t.myShifts, icon: CalendarCheck, flag: "shifts" },
  admin: { to: paths.shifts.admin, label: t.adminShifts, icon: CalendarCog, flag: "shifts" },
} satisfies Record<string, NavItem>;
