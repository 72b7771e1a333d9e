import { ShieldCheck } from "lucide-react";
import { ui } from "../../../common/texts/index.ts";
import type { NavItem } from "../../lib/nav.ts";
import { paths } from "../../lib/paths.ts";

/** 'Vaktroller' under Administrasjon (leaders and admins). */
export const dutyNav = {
  admin: { to: paths.admin.duty, label: ui.duty.nav, icon: ShieldCheck },
} satisfies Record<string, NavItem>;
