import { PanelRightClose, PanelRightOpen } from "lucide-react";
import { ui } from "../../../common/texts/index.ts";
import { Button } from "../../components/ui/button.tsx";
import { Tooltip } from "../../components/ui/tooltip.tsx";
import { storageKeys, useLocalState } from "../../lib/storage.ts";
import { InfoPanels } from "./InfoPanels.tsx";

/** The optional 'Informasjon' rail: open by default, the choice remembered in this browser. */
export function RightRail() {
  const [open, setOpen] = useLocalState(storageKeys.rightRailOpen, true);

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
