/**
 * The navigation of spec §2 as data: the desktop sidebar, the mobile 'Meny' drawer and
 * the mobile header's title map all read it, so they cannot drift apart.
 */
import {
  ArrowLeftRight,
  CalendarCheck,
  CalendarClock,
  CalendarCog,
  Clock,
  Hash,
  type LucideIcon,
  MessageSquare,
  MessagesSquare,
  Repeat,
  UserRound,
  Users,
} from "lucide-react";
import type { Abilities } from "../../../common/schemas/auth.ts";
import type { FeatureFlags } from "../../../common/schemas/brand.ts";
import { ui } from "../../../common/texts/index.ts";

export type SectionId = "chat" | "shifts" | "admin";

export interface NavItem {
  to: string;
  label: string;
  /** the mobile drawer's shorter wording (spec §2: Vaktbytte, Min profil) */
  shortLabel?: string;
  icon: LucideIcon;
  flag?: keyof FeatureFlags;
  /** shows the current shift block's time range under the label */
  shiftBlock?: boolean;
}

export interface NavSection {
  id: SectionId;
  items: NavItem[];
  ability?: keyof Abilities;
}

const t = ui.nav;

export const navSections: readonly NavSection[] = [
  {
    id: "chat",
    items: [
      { to: "/chat/shift", label: t.shiftChat, icon: Clock, flag: "shiftChat", shiftBlock: true },
      { to: "/chat/department", label: t.department, icon: MessagesSquare },
      { to: "/chat/dm", label: t.directMessages, icon: MessageSquare },
      { to: "/chat/channels", label: t.channels, icon: Hash, flag: "channels" },
    ],
  },
  {
    id: "shifts",
    items: [
      { to: "/shifts/open", label: t.extraShifts, icon: CalendarClock, flag: "shifts" },
      { to: "/shifts/swaps", label: t.swaps, icon: ArrowLeftRight, flag: "swaps" },
      { to: "/shifts/assigned", label: t.myShifts, icon: CalendarCheck, flag: "shifts" },
    ],
  },
  {
    id: "admin",
    ability: "viewAdmin",
    items: [
      { to: "/admin/users", label: t.users, icon: Users },
      { to: "/shifts/admin", label: t.adminShifts, icon: CalendarCog, flag: "shifts" },
      { to: "/shifts/swaps/admin", label: t.adminSwaps, icon: Repeat, flag: "swaps" },
    ],
  },
];

export const profileItem: NavItem = {
  to: "/profile",
  label: t.profile,
  shortLabel: t.myProfile,
  icon: UserRound,
};

/** The sections and items this person may use with these flags; empty sections vanish. */
export function visibleSections(features: FeatureFlags, abilities: Abilities): NavSection[] {
  return navSections
    .filter((s) => !s.ability || abilities[s.ability])
    .map((s) => ({ ...s, items: s.items.filter((i) => !i.flag || features[i.flag]) }))
    .filter((s) => s.items.length > 0);
}

const titles: [prefix: string, title: string][] = [
  ["/chat/department", t.department],
  ["/chat/shift", t.shiftChat],
  ["/chat/dm", t.directMessages],
  ["/chat/channels", t.channels],
  ["/chat/channel", t.channels],
  ["/chat", t.chat],
  ["/shifts/swaps/admin", t.adminSwaps],
  ["/swaps/admin", t.adminSwaps],
  ["/shifts/swaps", t.swapsShort],
  ["/swaps", t.swapsShort],
  ["/shifts/admin", t.adminShifts],
  ["/shifts/assigned", t.myShifts],
  ["/shifts", t.extraShifts],
  ["/admin", t.users],
  ["/profile", t.myProfile],
  ["/dev/mailbox", ui.dev.mailboxTitle],
];

/** The mobile header's page title; the longest matching prefix wins (the list is ordered so). */
export function titleForPath(pathname: string): string {
  const hit = titles.find(([prefix]) => pathname === prefix || pathname.startsWith(`${prefix}/`));
  return hit ? hit[1] : t.overview;
}
