import { Users } from "lucide-react";
import { ui } from "../../../common/texts/index.ts";
import type { NavItem } from "../../lib/nav.ts";
import { paths } from "../../lib/paths.ts";

/** User administration ('Ansatte') in the app's navigation. */
export const usersNav = {
  users: { to: paths.admin.users, label: ui.nav.users, icon: Users },
} satisfies Record<string, NavItem>;
