import { Menu, Zap } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { ui } from "../../../common/texts/index.ts";
import { OfflineNotice } from "../../components/offline-notice.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Drawer } from "../../components/ui/drawer.tsx";
import { cn } from "../../lib/cn.ts";
import { NavBadge } from "./NavBadge.tsx";
import type { AppNav } from "./nav.ts";
import { breakableTitle, usePageTitle } from "./page-title.ts";
import { useShellParts } from "./parts.ts";
import { QuickActions } from "./QuickActions.tsx";
import { OnlineStatus, SidebarNav } from "./SidebarNav.tsx";
import { UserMenu } from "./UserMenu.tsx";

const headerButton = "size-11 text-primary-fg hover:bg-white/10 focus-visible:outline-primary-fg";

/**
 * Under 768 px: a header with the page title, the 'Meny' and 'Hurtighandlinger' drawers
 * and the notification bell (spec §2: the bell is in the header on phones too).
 */
export function MobileShell({ nav, children }: { nav: AppNav; children: ReactNode }) {
  const { pathname } = useLocation();
  const title = usePageTitle();
  const { HeaderAction, Search } = useShellParts();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const [quickOpen, setQuickOpen] = useState(false);

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-30 bg-primary text-primary-fg shadow-sm">
        <div className="flex h-14 items-center gap-1 px-1.5">
          <Drawer
            open={menuOpen}
            onOpenChange={setMenuOpen}
            side="left"
            title={ui.shell.menu}
            trigger={
              <Button variant="ghost" size="icon" aria-label={ui.shell.menu} className={headerButton}>
                <Menu aria-hidden className="!size-6" />
              </Button>
            }
          >
            <SidebarNav nav={nav} variant="drawer" onNavigate={() => setMenuOpen(false)} />
            <div className="border-t border-border px-6 py-4">
              <OnlineStatus />
            </div>
          </Drawer>
          {/* The page's one visible title on a phone: whole, on two lines if it must, a word
              broken only at a compound's seam. */}
          <p
            data-testid="page-title"
            className="line-clamp-2 min-w-0 flex-1 px-1 text-base leading-tight font-semibold break-words"
          >
            {breakableTitle(title)}
          </p>
          <Search compact />
          <HeaderAction />
          <Drawer
            open={quickOpen}
            onOpenChange={setQuickOpen}
            side="right"
            title={ui.shell.quickActions}
            description={ui.shell.quickActionsIntro}
            trigger={
              <Button variant="ghost" size="icon" aria-label={ui.shell.quickActions} className={headerButton}>
                <Zap aria-hidden className="!size-5" />
              </Button>
            }
          >
            <QuickActions actions={nav.quickActions} onNavigate={() => setQuickOpen(false)} />
          </Drawer>
          <UserMenu compact />
        </div>
        {nav.shortcuts.length > 0 && (
          <div className="grid grid-flow-col gap-2 border-t border-white/10 px-3 pb-2.5 pt-2">
            {nav.shortcuts.map((item) => {
              const { to, label, icon: Icon } = item;
              const active = pathname === to;
              return (
                <button
                  key={to}
                  type="button"
                  onClick={() => navigate(to)}
                  aria-current={active ? "page" : undefined}
                  className={cn(
                    "flex min-h-11 items-center justify-center gap-2 rounded-lg text-[15px] font-medium focus-visible:outline-primary-fg",
                    active ? "bg-primary-fg text-primary" : "bg-white/10 text-primary-fg hover:bg-white/15",
                  )}
                >
                  <Icon aria-hidden className="size-4" />
                  {label}
                  <NavBadge
                    item={item}
                    className={cn(
                      "ml-0",
                      active ? "bg-primary text-primary-fg" : "bg-primary-fg text-primary",
                    )}
                  />
                </button>
              );
            })}
          </div>
        )}
        {/* In the sticky header: the line stays in view while the page scrolls. */}
        <OfflineNotice />
      </header>
      <main id="main" className="min-w-0 flex-1">
        {children}
      </main>
    </div>
  );
}
