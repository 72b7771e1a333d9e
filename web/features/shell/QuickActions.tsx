import {
  ArrowLeftRight,
  CalendarCheck,
  CalendarClock,
  ChevronRight,
  MessageSquare,
  MessagesSquare,
} from "lucide-react";
import { Link } from "react-router";
import { ui } from "../../../common/texts/index.ts";
import { useConfig } from "../../app/config.tsx";
import { DemoSwitcher } from "./DemoSwitcher.tsx";
import { InfoPanels } from "./InfoPanels.tsx";
import type { NavItem } from "./nav.ts";

const t = ui.nav;

/** Links to the screens used most; each later issue can turn one into a real action. */
const actions: NavItem[] = [
  { to: "/chat/department", label: t.department, icon: MessagesSquare },
  { to: "/chat/dm", label: t.directMessages, icon: MessageSquare },
  { to: "/shifts/open", label: t.extraShifts, icon: CalendarClock, flag: "shifts" },
  { to: "/shifts/assigned", label: t.myShifts, icon: CalendarCheck, flag: "shifts" },
  { to: "/shifts/swaps", label: t.swapsShort, icon: ArrowLeftRight, flag: "swaps" },
];

export function QuickActions({ onNavigate }: { onNavigate: () => void }) {
  const { config } = useConfig();
  return (
    <div className="flex flex-col gap-5 p-4">
      <ul className="flex flex-col gap-2">
        {actions
          .filter((a) => !a.flag || config.features[a.flag])
          .map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <Link
                to={to}
                onClick={onNavigate}
                className="flex min-h-12 items-center gap-3 rounded-lg border border-border bg-white px-3 text-[15px] font-medium text-ink hover:bg-muted"
              >
                <span className="flex size-8 items-center justify-center rounded-md bg-secondary text-secondary-fg">
                  <Icon aria-hidden className="size-4" />
                </span>
                <span className="flex-1">{label}</span>
                <ChevronRight aria-hidden className="size-4 text-muted-fg" />
              </Link>
            </li>
          ))}
      </ul>
      <DemoSwitcher variant="full" />
      <InfoPanels />
    </div>
  );
}
