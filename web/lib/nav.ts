/**
 * What a feature tells the app frame about one of its screens. Each feature exports its
 * items (`features/<name>/nav.ts`); the app layer arranges them (`app/nav.ts`) and the
 * shell draws them in the sidebar, the mobile 'Meny', the mobile header's buttons and
 * the quick actions. A feature adds an entry or its live count without touching the shell.
 */
import type { LucideIcon } from "lucide-react";
import type { FeatureFlag } from "../../common/schemas/brand.ts";

export interface NavItem {
  to: string;
  label: string;
  /** the mobile drawer's shorter wording (spec §2: Vaktbytte, Min profil) */
  shortLabel?: string;
  icon: LucideIcon;
  /** shown only while this feature flag is on */
  flag?: FeatureFlag;
  /** shows the current shift block's time range under the label */
  shiftBlock?: boolean;
  /**
   * The item's live count (unread messages, open shifts…), a hook the shell calls once
   * per place the item is shown; nothing is shown for 0 or undefined.
   */
  useBadgeCount?: () => number | undefined;
}
