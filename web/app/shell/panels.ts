/**
 * The panels features add to the shell's side panels, arranged here as `app/nav.ts`
 * arranges their navigation items: a feature exports the panel, the shell draws it in
 * the frame every panel has, and only while its flag is on.
 *
 * `info` panels show in the 'Informasjon' rail, and so also in the mobile
 * 'Hurtighandlinger' (which shows the rail's panels); `quick` panels only there.
 */
import type { LucideIcon } from "lucide-react";
import type { ComponentType } from "react";
import type { FeatureFlag } from "../../../common/schemas/brand.ts";
import { shiftsPanels } from "../../features/shifts/panels.tsx";

export interface FeaturePanel {
  id: string;
  title: string;
  icon: LucideIcon;
  flag?: FeatureFlag;
  place: "info" | "quick";
  /** `onNavigate`: a link in it was followed (the drawer closes) */
  Body: ComponentType<{ onNavigate?: () => void }>;
}

export const featurePanels: readonly FeaturePanel[] = [shiftsPanels.nextShifts, shiftsPanels.openShifts];
