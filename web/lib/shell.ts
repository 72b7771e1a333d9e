/**
 * What a feature adds to the app frame besides its navigation items (`lib/nav.ts`): side
 * panels, the search box, a header action, staging tools and a section of the user menu. Each feature
 * exports its parts; the app layer arranges them (`app/shell-parts.ts`) and hands them to
 * the shell, which draws them without naming a feature. A feature adds a panel or a menu
 * section without touching the shell.
 */
import type { LucideIcon } from "lucide-react";
import type { ComponentType } from "react";
import type { FeatureFlag } from "../../common/schemas/brand.ts";

/**
 * A panel drawn in the frame every side panel has, only while its flag is on. `info`
 * panels show in the 'Informasjon' rail, and so also in the mobile 'Hurtighandlinger'
 * (which shows the rail's panels); `quick` panels only there.
 */
export interface FeaturePanel {
  id: string;
  title: string;
  icon: LucideIcon;
  flag?: FeatureFlag;
  place: "info" | "quick";
  /** `onNavigate`: a link in it was followed (the drawer closes) */
  Body: ComponentType<{ onNavigate?: () => void }>;
}

export interface ShellParts {
  /** in the rail and the quick actions, in this order */
  panels: readonly FeaturePanel[];
  /** the search box: in the top bar's middle (`compact`: an icon in the mobile header) */
  Search: ComponentType<{ compact?: boolean }>;
  /** first in the top bar's buttons and in the mobile header (spec §2: the bell) */
  HeaderAction: ComponentType;
  /** an icon in the top bar, a full-width button in 'Hurtighandlinger'; may draw nothing */
  Tools: ComponentType<{ variant?: "icon" | "full" }>;
  /** in the user menu between the person and 'Min profil'; may draw nothing */
  UserMenuSection: ComponentType;
}
