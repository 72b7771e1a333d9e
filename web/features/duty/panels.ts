/** What duty roles add to the shell's side panels: who holds each role now, in the 'Informasjon' rail. */
import { ShieldCheck } from "lucide-react";
import { ui } from "../../../common/texts/index.ts";
import type { FeaturePanel } from "../../lib/shell.ts";
import { DutyHoldersPanel } from "./holders/DutyHolders.tsx";

export const dutyPanels = {
  holders: {
    id: "duty.holders",
    title: ui.duty.holdersTitle,
    icon: ShieldCheck,
    place: "info",
    Body: DutyHoldersPanel,
  },
} satisfies Record<string, FeaturePanel>;
