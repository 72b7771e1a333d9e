/**
 * What extra shifts add to the shell's side panels: 'Mine neste vakter' in the
 * 'Informasjon' rail (and so in 'Hurtighandlinger' too), and the next open shifts with
 * 'Jeg er interessert' in the mobile 'Hurtighandlinger'.
 */
import { CalendarCheck, CalendarClock } from "lucide-react";
import type { ShiftDto } from "../../../common/schemas/shifts.ts";
import { ui } from "../../../common/texts/index.ts";
import { paths } from "../../lib/paths.ts";
import { useFollowShifts } from "./api/follow.ts";
import { InterestButton } from "./card/InterestButton.tsx";
import { PanelList } from "./panels/PanelList.tsx";

const t = ui.shifts.panels;

/** Shifts not over yet, soonest first. */
function upcoming(shifts: readonly ShiftDto[]) {
  const now = Date.now();
  return shifts
    .filter((s) => Date.parse(s.endsAt) > now)
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
}

function NextShifts({ onNavigate }: { onNavigate?: () => void }) {
  useFollowShifts();
  return (
    <PanelList
      view="assigned"
      pick={upcoming}
      texts={t.next}
      to={paths.shifts.assigned}
      onNavigate={onNavigate}
    />
  );
}

function OpenShifts({ onNavigate }: { onNavigate?: () => void }) {
  useFollowShifts();
  return (
    <PanelList
      view="open"
      pick={upcoming}
      texts={t.open}
      to={paths.shifts.open}
      onNavigate={onNavigate}
      action={(shift) => shift.can.interest && <InterestButton shift={shift} />}
    />
  );
}

export const shiftsPanels = {
  nextShifts: {
    id: "shifts.next",
    title: t.next.title,
    icon: CalendarCheck,
    flag: "shifts",
    place: "info",
    Body: NextShifts,
  },
  openShifts: {
    id: "shifts.open",
    title: t.open.title,
    icon: CalendarClock,
    flag: "shifts",
    place: "quick",
    Body: OpenShifts,
  },
} as const;
