import { Bell } from "lucide-react";
import { ui } from "../../../common/texts/index.ts";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "../../components/ui/dropdown-menu.tsx";
import { Tooltip } from "../../components/ui/tooltip.tsx";
import { TopBarIconButton } from "./TopBarIconButton.tsx";

/**
 * Where the notification bell lives. Notifications arrive with their own issue; until
 * then the bell says so instead of showing an invented count.
 */
export function NotificationBellSlot() {
  return (
    <DropdownMenu>
      <Tooltip content={ui.shell.notifications}>
        <DropdownMenuTrigger asChild>
          <TopBarIconButton icon={Bell} label={ui.shell.notifications} />
        </DropdownMenuTrigger>
      </Tooltip>
      <DropdownMenuContent className="w-80">
        <DropdownMenuLabel className="text-sm text-ink">{ui.shell.notifications}</DropdownMenuLabel>
        <p className="px-2.5 pb-3 text-sm text-muted-fg">{ui.shell.notificationsPending}</p>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
