/**
 * The filters of 'Mine tilbud' and the counter 'x av y tilbud'; the rules are in
 * filters.ts. On a phone they wait behind one 'Filter' button, so the offers come first.
 */
import { Search, SlidersHorizontal } from "lucide-react";
import { useId, useState } from "react";
import { offerStatuses } from "../../../../common/schemas/swaps.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { NativeSelect } from "../../../components/ui/native-select.tsx";
import { cn } from "../../../lib/cn.ts";
import { ToggleChips } from "../form/ToggleChips.tsx";
import {
  activeFilters,
  isFiltered,
  noFilters,
  type OfferFilters,
  offerTypes,
  type TimeRange,
  timeRanges,
} from "./filters.ts";

const t = ui.swaps.filters;

const statusOptions = offerStatuses.map((s) => ({ value: s, label: ui.swaps.offerStatus[s] }));
const typeOptions = offerTypes.map((v) => ({ value: v, label: v === "swap" ? t.typeSwap : t.typeGiveaway }));
const timeLabels: Record<TimeRange, string> = {
  all: t.timeAll,
  today: t.timeToday,
  week: t.timeWeek,
  month: t.timeMonth,
};
const timeOptions = timeRanges.map((v) => ({ value: v, label: timeLabels[v] }));

export function FilterBar({
  filters,
  onChange,
  shown,
  total,
}: {
  filters: OfferFilters;
  onChange: (next: OfferFilters) => void;
  shown: number;
  total: number;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const set = (part: Partial<OfferFilters>) => onChange({ ...filters, ...part });
  return (
    <>
      <Button
        variant="outline"
        className="self-start md:hidden"
        aria-expanded={open}
        aria-controls={`${id}-filters`}
        onClick={() => setOpen(!open)}
      >
        <SlidersHorizontal aria-hidden />
        {t.toggle(activeFilters(filters))}
      </Button>
      <section
        id={`${id}-filters`}
        aria-label={t.label}
        className={cn(
          "flex-col gap-3 rounded-lg border border-border bg-white p-3 md:flex md:p-4",
          open ? "flex" : "hidden",
        )}
      >
        <div className="relative">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-fg"
          />
          <Input
            type="search"
            aria-label={t.search}
            placeholder={t.search}
            value={filters.search}
            onChange={(e) => set({ search: e.target.value })}
            className="pl-9"
          />
        </div>
        <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
          <ToggleChips
            label={t.status}
            options={statusOptions}
            value={filters.statuses}
            onChange={(statuses) => set({ statuses })}
          />
          <ToggleChips
            label={t.type}
            options={typeOptions}
            value={filters.types}
            onChange={(types) => set({ types })}
          />
          <div className="flex min-w-40 flex-col gap-1.5">
            <Label htmlFor={`${id}-time`}>{t.time}</Label>
            <NativeSelect
              id={`${id}-time`}
              options={timeOptions}
              value={filters.time}
              onChange={(e) => set({ time: e.target.value as TimeRange })}
            />
          </div>
        </div>
        <div className="flex items-center justify-between gap-3">
          <p aria-live="polite" className="text-sm text-muted-fg tabular">
            {t.counter(shown, total)}
          </p>
          <Button
            variant="ghost"
            size="sm"
            disabled={!isFiltered(filters)}
            onClick={() => onChange(noFilters)}
          >
            {t.reset}
          </Button>
        </div>
      </section>
    </>
  );
}
