import type { ShiftStatus } from "../../../../common/schemas/shifts.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Badge, type BadgeTone } from "../../../components/ui/badge.tsx";

const tones: Record<ShiftStatus, BadgeTone> = {
  draft: "neutral",
  open: "info",
  assigned: "success",
  closed: "warning",
};

/** 'Utkast', 'Åpen', 'Tildelt', 'Stengt': in words, the colour only helps. */
export function StatusBadge({ status }: { status: ShiftStatus }) {
  return <Badge tone={tones[status]}>{ui.shifts.status[status]}</Badge>;
}
