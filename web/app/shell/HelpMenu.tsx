import { CircleHelp, Info, Mailbox } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { blockRange, shiftBlocks } from "../../../common/domain/shift-block.ts";
import { ui } from "../../../common/texts/index.ts";
import { TopBarIconButton } from "../../components/top-bar-icon-button.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Dialog, DialogContent } from "../../components/ui/dialog.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "../../components/ui/dropdown-menu.tsx";
import { Tooltip } from "../../components/ui/tooltip.tsx";
import { useConfig } from "../../lib/config.tsx";
import { paths } from "../../lib/paths.ts";

/** The top bar's fourth control: what the app is, the shift blocks, and (staging) the dev mailbox. */
export function HelpMenu() {
  const { config, brand } = useConfig();
  const navigate = useNavigate();
  const [aboutOpen, setAboutOpen] = useState(false);

  return (
    <>
      <DropdownMenu>
        <Tooltip content={ui.shell.help}>
          <DropdownMenuTrigger asChild>
            <TopBarIconButton icon={CircleHelp} label={ui.shell.help} />
          </DropdownMenuTrigger>
        </Tooltip>
        <DropdownMenuContent>
          <DropdownMenuItem onSelect={() => setAboutOpen(true)}>
            <Info aria-hidden />
            {ui.shell.about(brand.name)}
          </DropdownMenuItem>
          {config.demoTools && (
            <DropdownMenuItem onSelect={() => navigate(paths.dev.mailbox)}>
              <Mailbox aria-hidden />
              {ui.shell.devMailbox}
            </DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      <Dialog open={aboutOpen} onOpenChange={setAboutOpen}>
        <DialogContent title={ui.shell.about(brand.name)} description={brand.tagline}>
          <p className="text-[15px] text-ink">{ui.shell.aboutBody}</p>
          <h3 className="mt-5 text-sm font-semibold text-ink">{ui.shell.shiftBlocksTitle}</h3>
          <ul className="mt-2 divide-y divide-border rounded-lg border border-border">
            {shiftBlocks.map((b) => (
              <li key={b.kind} className="flex justify-between px-3 py-2 text-sm">
                <span>{b.name}</span>
                <span className="tabular text-muted-fg">{blockRange(b)}</span>
              </li>
            ))}
          </ul>
          <p className="mt-5 flex items-center gap-2 text-sm text-muted-fg">
            {ui.shell.environment}:
            <Badge tone={config.environment === "production" ? "success" : "warning"}>
              {ui.shell.environments[config.environment]}
            </Badge>
          </p>
        </DialogContent>
      </Dialog>
    </>
  );
}
