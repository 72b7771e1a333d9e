/**
 * The frame's parts besides navigation (`lib/shell.ts`), arranged from what each feature
 * exports, as `app/nav.ts` arranges the navigation items.
 */
import { chatPanels } from "../features/chat/panels.ts";
import { DepartmentSwitch } from "../features/departments/DepartmentSwitch.tsx";
import { DemoSwitcher } from "../features/dev/DemoSwitcher.tsx";
import { dutyPanels } from "../features/duty/panels.ts";
import { Bell } from "../features/notifications/Bell.tsx";
import { shiftsPanels } from "../features/shifts/panels.tsx";
import type { ShellParts } from "../lib/shell.ts";

export const appShellParts: ShellParts = {
  panels: [shiftsPanels.nextShifts, dutyPanels.holders, chatPanels.colleaguesOnline, shiftsPanels.openShifts],
  HeaderAction: Bell,
  Tools: DemoSwitcher,
  UserMenuSection: DepartmentSwitch,
};
