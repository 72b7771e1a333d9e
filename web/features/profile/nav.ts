import { UserRound } from "lucide-react";
import { ui } from "../../../common/texts/index.ts";
import type { NavItem } from "../../lib/nav.ts";
import { paths } from "../../lib/paths.ts";

/** The profile page in the app's navigation. */
export const profileNav = {
  profile: { to: paths.profile, label: ui.nav.profile, shortLabel: ui.nav.myProfile, icon: UserRound },
} satisfies Record<string, NavItem>;
