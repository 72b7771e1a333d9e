/**
 * The shape of what the shell draws as navigation; the app layer fills it (`app/nav.ts`)
 * from the items the features declare, and the shell never names a screen itself.
 */
import type { Abilities } from "../../../common/schemas/auth.ts";
import type { FeatureFlags } from "../../../common/schemas/brand.ts";
import type { NavItem } from "../../lib/nav.ts";

export type SectionId = "chat" | "shifts" | "admin";

export interface NavSection {
  id: SectionId;
  items: readonly NavItem[];
  ability?: keyof Abilities;
}

export interface AppNav {
  /** the mobile drawer's first entry, the landing screen */
  overview: NavItem;
  sections: readonly NavSection[];
  /** below the sections, apart from them */
  profile: NavItem;
  /** the buttons under the mobile header */
  shortcuts: readonly NavItem[];
  /** the mobile 'Hurtighandlinger': the screens used most */
  quickActions: readonly NavItem[];
}

/** What this person may use with these flags; empty sections vanish. */
export function visibleNav(nav: AppNav, features: FeatureFlags, abilities: Abilities): AppNav {
  const on = (items: readonly NavItem[]) => items.filter((i) => !i.flag || features[i.flag]);
  return {
    ...nav,
    sections: nav.sections
      .filter((s) => !s.ability || abilities[s.ability])
      .map((s) => ({ ...s, items: on(s.items) }))
      .filter((s) => s.items.length > 0),
    shortcuts: on(nav.shortcuts),
    quickActions: on(nav.quickActions),
  };
}
