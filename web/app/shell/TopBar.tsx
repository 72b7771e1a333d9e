import { BrandLogo } from "../../components/brand-logo.tsx";
import { useConfig } from "../../lib/config.tsx";
import { HelpMenu } from "./HelpMenu.tsx";
import { useShellParts } from "./parts.ts";
import { UserMenu } from "./UserMenu.tsx";

export function TopBar() {
  const { brand } = useConfig();
  const { HeaderAction, Search, Tools } = useShellParts();
  return (
    <header className="flex h-14 shrink-0 items-center gap-4 bg-primary px-4 text-primary-fg shadow-sm">
      <BrandLogo />
      <p className="hidden truncate text-sm text-primary-fg/80 xl:block">{brand.tagline}</p>
      <div className="flex min-w-0 flex-1 justify-center">
        <Search />
      </div>
      <div className="flex items-center gap-1">
        <HeaderAction />
        <Tools />
        <HelpMenu />
        <span aria-hidden className="mx-1.5 h-6 w-px bg-white/20" />
        <UserMenu />
      </div>
    </header>
  );
}
