import { Construction, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { ui } from "../../common/texts/index.ts";
import { EmptyState } from "./ui/empty-state.tsx";

/**
 * A screen inside the shell: its title (the page's h1), a subtitle, actions, content. On
 * a phone the header already names the page, so the h1 is there for screen readers only:
 * one visible title, never twice.
 */
export function Page({
  title,
  subtitle,
  actions,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="@container mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-5 md:px-8 md:py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-ink max-md:sr-only">{title}</h1>
          {subtitle && <p className="text-[15px] text-muted-fg md:mt-1">{subtitle}</p>}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      {children}
    </div>
  );
}

/** The honest state of a screen whose feature is not built yet: nothing that pretends to work. */
export function ComingSoon({ icon = Construction }: { icon?: LucideIcon }) {
  return (
    <EmptyState icon={icon} title={ui.common.comingSoonTitle}>
      {ui.common.comingSoon}
    </EmptyState>
  );
}
