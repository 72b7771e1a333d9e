import { ChevronDown } from "lucide-react";
import { Collapsible } from "radix-ui";
import { NavLink } from "react-router";
import { ui } from "../../../common/texts/index.ts";
import { cn } from "../../lib/cn.ts";
import { useShiftBlock } from "../../lib/dates.ts";
import type { NavItem } from "../../lib/nav.ts";
import { storageKeys, useLocalState } from "../../lib/storage.ts";
import { NavBadge } from "./NavBadge.tsx";
import type { AppNav, SectionId } from "./nav.ts";

// The drawer is for fingers: its rows are at least 44 px high.
const itemClass = (isActive: boolean, touch: boolean) =>
  cn(
    "group flex items-center gap-3 rounded-md px-3 py-2 text-[15px] font-medium transition-colors",
    touch ? "min-h-11" : "min-h-10",
    isActive ? "bg-primary text-primary-fg" : "text-ink hover:bg-muted",
  );

function ShiftBlockRange() {
  const block = useShiftBlock();
  return (
    <span className="flex items-center gap-1.5 text-xs font-normal opacity-85 tabular">
      <span aria-hidden className="size-2 rounded-full bg-success motion-safe:animate-pulse-dot" />
      <span className="sr-only">{ui.nav.shiftActive}:</span>
      {block.range}
    </span>
  );
}

function Item({
  item,
  short,
  onNavigate,
  highlight = true,
}: {
  item: NavItem;
  short: boolean;
  onNavigate?: () => void;
  /** false for an entry that shares its target with another (Oversikt and Avdeling) */
  highlight?: boolean;
}) {
  const Icon = item.icon;
  return (
    <li>
      <NavLink
        to={item.to}
        end
        aria-current={highlight ? "page" : false}
        className={({ isActive }) => itemClass(highlight && isActive, short)}
        onClick={onNavigate}
      >
        <Icon aria-hidden className="size-[18px] shrink-0 opacity-80" />
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="leading-snug">{short && item.shortLabel ? item.shortLabel : item.label}</span>
          {item.shiftBlock && <ShiftBlockRange />}
        </span>
        <NavBadge
          item={item}
          className="bg-primary text-primary-fg group-aria-[current=page]:bg-primary-fg group-aria-[current=page]:text-primary"
        />
      </NavLink>
    </li>
  );
}

/**
 * The sections Chat, Vakter and Administrasjon with the items this person may use.
 * `drawer` is the mobile 'Meny' variant: an 'Oversikt' entry first and the short labels
 * of spec §2.
 */
export function SidebarNav({
  nav,
  variant = "sidebar",
  onNavigate,
}: {
  nav: Pick<AppNav, "overview" | "sections" | "profile">;
  variant?: "sidebar" | "drawer";
  onNavigate?: () => void;
}) {
  const [collapsed, setCollapsed] = useLocalState<Partial<Record<SectionId, boolean>>>(
    storageKeys.sidebarSections,
    {},
  );
  const short = variant === "drawer";
  const sectionTitles = short ? ui.nav.mobileSections : ui.nav.sections;

  return (
    <nav aria-label={ui.nav.mainLabel} className="flex flex-col gap-1 p-3">
      {short && (
        <ul>
          <Item item={nav.overview} short highlight={false} onNavigate={onNavigate} />
        </ul>
      )}
      {nav.sections.map((section) => (
        <Collapsible.Root
          key={section.id}
          open={!collapsed[section.id]}
          onOpenChange={(open) => setCollapsed({ ...collapsed, [section.id]: !open })}
          className="mt-2 first:mt-0"
        >
          <Collapsible.Trigger
            className={cn(
              short ? "min-h-11" : "min-h-9",
              "group flex w-full items-center justify-between rounded-md px-3 text-xs font-semibold tracking-wide text-muted-fg uppercase hover:bg-muted hover:text-ink",
            )}
          >
            {sectionTitles[section.id]}
            <ChevronDown
              aria-hidden
              className="size-4 transition-transform group-data-[state=closed]:-rotate-90"
            />
          </Collapsible.Trigger>
          <Collapsible.Content>
            <ul className="mt-1 flex flex-col gap-0.5">
              {section.items.map((item) => (
                <Item key={item.to} item={item} short={short} onNavigate={onNavigate} />
              ))}
            </ul>
          </Collapsible.Content>
        </Collapsible.Root>
      ))}
      <ul className="mt-3 border-t border-border pt-3">
        <Item item={nav.profile} short={short} onNavigate={onNavigate} />
      </ul>
    </nav>
  );
}

export function OnlineStatus() {
  return (
    <p className="flex items-center gap-2 text-sm text-muted-fg">
      <span aria-hidden className="size-2.5 rounded-full bg-success" />
      {ui.nav.status}
    </p>
  );
}
