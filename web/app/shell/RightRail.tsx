import { PanelRightClose, PanelRightOpen } from "lucide-react";
import { useLocation } from "react-router";
import { ui } from "../../../common/texts/index.ts";
import { Button } from "../../components/ui/button.tsx";
import { Tooltip } from "../../components/ui/tooltip.tsx";
import { useMediaQuery } from "../../lib/media.ts";
import { paths } from "../../lib/paths.ts";
import { storageKeys, useLocalState } from "../../lib/storage.ts";
import { InfoPanels } from "./InfoPanels.tsx";

/** From this width the rail leaves the content room enough to start open. */
export const railOpenFromPx = 1600;

const adminScreens = [paths.admin.users, paths.shifts.admin, paths.swaps.admin];
export const isAdminScreen = (pathname: string) =>
  adminScreens.some((path) => pathname === path || pathname.startsWith(`${path}/`));

/**
 * Open or closed: what the person chose last (remembered in this browser, apart for the
 * admin screens), else open only where there is room for it: never on an admin screen,
 * whose tables need the width, and not under 1600 px.
 */
function useRailOpen(admin: boolean): [boolean, (open: boolean) => void] {
  const wide = useMediaQuery(`(min-width: ${railOpenFromPx}px)`);
  const [chosen, choose] = useLocalState<boolean | null>(
    admin ? storageKeys.rightRailOpenAdmin : storageKeys.rightRailOpen,
    null,
  );
  return [chosen ?? (wide && !admin), choose];
}

/** The optional 'Informasjon' rail; its choice is read afresh between admin and other screens. */
export function RightRail() {
  const admin = isAdminScreen(useLocation().pathname);
  return <Rail key={admin ? "admin" : "other"} admin={admin} />;
}

function Rail({ admin }: { admin: boolean }) {
  const [open, setOpen] = useRailOpen(admin);

  if (!open) {
    return (
      <div className="flex w-12 shrink-0 flex-col items-center border-l border-border bg-white py-3">
        <Tooltip content={ui.shell.railOpen}>
          <Button variant="ghost" size="icon" aria-label={ui.shell.railOpen} onClick={() => setOpen(true)}>
            <PanelRightOpen aria-hidden />
          </Button>
        </Tooltip>
      </div>
    );
  }

  return (
    <aside
      aria-label={ui.shell.railTitle}
      className="flex w-72 shrink-0 flex-col overflow-y-auto border-l border-border bg-muted/60"
    >
      <div className="flex h-14 shrink-0 items-center justify-between border-b border-border bg-white px-4">
        <h2 className="text-sm font-semibold text-ink">{ui.shell.railTitle}</h2>
        <Tooltip content={ui.shell.railClose}>
          <Button variant="ghost" size="icon" aria-label={ui.shell.railClose} onClick={() => setOpen(false)}>
            <PanelRightClose aria-hidden />
          </Button>
        </Tooltip>
      </div>
      <div className="p-4">
        <InfoPanels />
      </div>
    </aside>
  );
}
