/** What chat adds to the shell's side panels: 'Kolleger pålogget' in the 'Informasjon' rail. */
import { Users } from "lucide-react";
import { ui } from "../../../common/texts/index.ts";
import type { FeaturePanel } from "../../lib/shell.ts";
import { ColleaguesOnline } from "./members/ColleaguesOnline.tsx";

export const chatPanels = {
  colleaguesOnline: {
    id: "chat.colleagues",
    title: ui.shell.colleaguesOnline.title,
    icon: Users,
    place: "info",
    Body: ColleaguesOnline,
  },
} satisfies Record<string, FeaturePanel>;
