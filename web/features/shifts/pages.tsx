/** The extra-shift screens' frames until the extra-shifts issue fills them. */
import { CalendarClock, CalendarCog } from "lucide-react";
import { ui } from "../../../common/texts/index.ts";
import { ComingSoon, Page } from "../../components/page.tsx";

const p = ui.pages;

/** /shifts/open and /shifts/assigned are one list screen (spec §2); the tab differs. */
export function ShiftsPage({ tab }: { tab: "open" | "assigned" }) {
  const { title, subtitle } = tab === "open" ? p.shifts : p.myShifts;
  return (
    <Page title={title} subtitle={subtitle}>
      <ComingSoon icon={CalendarClock} />
    </Page>
  );
}

export function ShiftsAdminPage() {
  return (
    <Page title={p.shiftsAdmin.title} subtitle={p.shiftsAdmin.subtitle}>
      <ComingSoon icon={CalendarCog} />
    </Page>
  );
}
