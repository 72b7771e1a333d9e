/**
 * Tabs of shift lists, each label with its count ('Åpne (3)'), each panel a grid of
 * cards. The screen decides where a tab leads (another address, or a query parameter).
 */
import type { ReactNode } from "react";
import type { ShiftCounts, ShiftView } from "../../../../common/schemas/shifts.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs.tsx";
import { ShiftGrid } from "./ShiftGrid.tsx";

export interface ShiftTab {
  view: ShiftView;
  label: string;
  /** shown above the tab's cards */
  extra?: ReactNode;
}

/** The query parameter of a tab that shares its address with another ('?tab=drafts'). */
export const tabParam = "tab";

/** A view's count, once known; drafts are null for those who may not see them. */
export const countOf = (counts: ShiftCounts | undefined, view: ShiftView) => counts?.[view] ?? undefined;

export function ShiftTabs({
  tabs,
  value,
  onChange,
  counts,
}: {
  tabs: readonly ShiftTab[];
  value: ShiftView;
  onChange: (view: ShiftView) => void;
  counts: ShiftCounts | undefined;
}) {
  return (
    <Tabs
      value={value}
      onValueChange={(next) => {
        const tab = tabs.find((t) => t.view === next);
        if (tab) onChange(tab.view);
      }}
    >
      <TabsList aria-label={ui.shifts.tabsLabel} className="flex-wrap">
        {tabs.map(({ view, label }) => (
          <TabsTrigger key={view} value={view}>
            {ui.shifts.tab(label, countOf(counts, view))}
          </TabsTrigger>
        ))}
      </TabsList>
      {tabs.map(({ view, extra }) => (
        <TabsContent key={view} value={view} className="flex flex-col gap-4">
          {extra}
          <ShiftGrid view={view} />
        </TabsContent>
      ))}
    </Tabs>
  );
}
