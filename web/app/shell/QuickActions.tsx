import { ChevronRight } from "lucide-react";
import { Link } from "react-router";
import type { NavItem } from "../../lib/nav.ts";
import { FeaturePanels, InfoPanels } from "./InfoPanels.tsx";
import { useShellParts } from "./parts.ts";

/** Links to the screens used most, the features' quick panels, then the rail's panels. */
export function QuickActions({
  actions,
  onNavigate,
}: {
  actions: readonly NavItem[];
  onNavigate: () => void;
}) {
  const { Tools } = useShellParts();
  return (
    <div className="flex flex-col gap-5 p-4">
      <ul className="flex flex-col gap-2">
        {actions.map(({ to, label, icon: Icon }) => (
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
      <FeaturePanels place="quick" onNavigate={onNavigate} />
      <Tools variant="full" />
      <InfoPanels onNavigate={onNavigate} />
    </div>
  );
}
