/**
 * The frame's parts besides navigation (`lib/shell.ts`), arranged from what each feature
 * exports, as `app/nav.ts` arranges the navigation items.
 */
import { createElement, Fragment } from "react";
import { chatPanels } from "../features/chat/panels.ts";
import { UrgentNotices } from "../features/chat/urgent/UrgentNotices.tsx";
import { DepartmentSwitch } from "../features/departments/DepartmentSwitch.tsx";
import { DemoSwitcher } from "../features/dev/DemoSwitcher.tsx";
import { dutyPanels } from "../features/duty/panels.ts";
import { Bell } from "../features/notifications/Bell.tsx";
import { SearchBox } from "../features/search/SearchBox.tsx";
import { shiftsPanels } from "../features/shifts/panels.tsx";
import type { ShellParts } from "../lib/shell.ts";

export const appShellParts: ShellParts = {
  panels: [shiftsPanels.nextShifts, dutyPanels.holders, chatPanels.colleaguesOnline, shiftsPanels.openShifts],
  Search: SearchBox,
  // The bell, and beside it what turns urgent notices into a toast with a sound (draws nothing).
  HeaderAction: () => createElement(Fragment, null, createElement(UrgentNotices), createElement(Bell)),
  Tools: DemoSwitcher,
  UserMenuSection: DepartmentSwitch,
};
