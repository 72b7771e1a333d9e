import type { ReactNode } from "react";
import { ui } from "../../../common/texts/index.ts";
import { OfflineNotice } from "../../components/offline-notice.tsx";
import { TooltipProvider } from "../../components/ui/tooltip.tsx";
import { useConfig } from "../../lib/config.tsx";
import { useIsDesktop, useMediaQuery } from "../../lib/media.ts";
import { useSession } from "../../lib/session.tsx";
import type { ShellParts } from "../../lib/shell.ts";
import { MobileShell } from "./MobileShell.tsx";
import { type AppNav, visibleNav } from "./nav.ts";
import { ShellPartsContext } from "./parts.ts";
import { RightRail } from "./RightRail.tsx";
import { OnlineStatus, SidebarNav } from "./SidebarNav.tsx";
import { TopBar } from "./TopBar.tsx";

/**
 * The signed-in frame around the navigation and the features' parts it is given. One
 * layout is rendered at a time (not both hidden by CSS), so every control exists once
 * for assistive technology and for tests.
 */
export function AppShell({ nav, parts, children }: { nav: AppNav; parts: ShellParts; children: ReactNode }) {
  return (
    <ShellPartsContext value={parts}>
      <TooltipProvider delayDuration={400}>
        <Frame nav={nav}>{children}</Frame>
      </TooltipProvider>
    </ShellPartsContext>
  );
}

function Frame({ nav, children }: { nav: AppNav; children: ReactNode }) {
  const { config } = useConfig();
  const session = useSession();
  const desktop = useIsDesktop();
  // The rail needs room: from 1024 px the ward PC shows sidebar, content and rail together.
  const roomForRail = useMediaQuery("(min-width: 1024px)");
  const visible = visibleNav(nav, config.features, session.abilities);
  if (!desktop) return <MobileShell nav={visible}>{children}</MobileShell>;

  return (
    <div className="flex h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:text-primary"
      >
        {ui.shell.skipToContent}
      </a>
      <TopBar />
      <OfflineNotice />
      <div className="flex min-h-0 flex-1">
        <div className="flex w-68 shrink-0 flex-col overflow-y-auto border-r border-border bg-white">
          <SidebarNav nav={visible} />
          <div className="mt-auto border-t border-border px-6 py-4">
            <OnlineStatus />
          </div>
        </div>
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 overflow-y-auto focus:outline-none">
          {children}
        </main>
        {roomForRail && <RightRail />}
      </div>
    </div>
  );
}
