/**
 * The search's filters: 'Filtre' opens a panel of fields ('Fra', 'I', 'Etter', 'Før',
 * 'Har vedlegg'); what is set shows as a chip that removes it. From a thread, a chip
 * offers to look only in it. Every control is a plain field or button, for the keyboard.
 */
import { useQuery } from "@tanstack/react-query";
import { Plus, SlidersHorizontal, X } from "lucide-react";
import { useId } from "react";
import { ui } from "../../../common/texts/index.ts";
import { Button } from "../../components/ui/button.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { DateFilter } from "../../components/ui/date-filter.tsx";
import { Label } from "../../components/ui/label.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import type { SelectOption } from "../../components/ui/select.tsx";
import { cn } from "../../lib/cn.ts";
import type { OpenThread } from "../../lib/open-thread.ts";
import { useSession } from "../../lib/session.tsx";
import { searchColleaguesQuery } from "./api/search.ts";
import { chipsOf, type SearchFilters } from "./filters.ts";
import { threadName } from "./hits.ts";

const t = ui.search.filters;

const chipClass = cn(
  "inline-flex h-11 max-w-full items-center gap-1.5 rounded-full px-3 text-sm font-medium md:h-8",
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary",
);

/** 'Filtre' and the chips of the filters set (each removes its filter), under the field. */
export function FilterBar({
  filters,
  onChange,
  panelId,
  panelOpen,
  onTogglePanel,
  openThread,
}: {
  filters: SearchFilters;
  onChange: (next: SearchFilters) => void;
  panelId: string;
  panelOpen: boolean;
  onTogglePanel: () => void;
  openThread: OpenThread | null;
}) {
  const chips = chipsOf(filters);
  return (
    <div className="flex flex-wrap items-center gap-2 border-b border-border px-3 py-2 md:px-4">
      <Button
        variant="outline"
        size="sm"
        aria-label={chips.length > 0 ? t.showCount(chips.length) : t.show}
        aria-expanded={panelOpen}
        aria-controls={panelId}
        onClick={onTogglePanel}
        className={cn("md:h-8", panelOpen && "bg-muted")}
      >
        <SlidersHorizontal aria-hidden />
        {t.show}
        {chips.length > 0 && (
          <span
            aria-hidden
            className="rounded-full bg-primary px-1.5 text-xs leading-5 text-primary-fg tabular"
          >
            {chips.length}
          </span>
        )}
      </Button>
      {chips.length > 0 && (
        <ul aria-label={t.active} className="contents">
          {chips.map((chip) => (
            <li key={chip.id} className="max-w-full">
              <button
                type="button"
                aria-label={t.remove(chip.text)}
                onClick={() => onChange(chip.without(filters))}
                className={cn(chipClass, "bg-secondary text-secondary-fg hover:bg-secondary/70")}
              >
                <span className="truncate">{chip.text}</span>
                <X aria-hidden className="size-3.5 shrink-0" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {openThread && !filters.thread && (
        <button
          type="button"
          onClick={() =>
            onChange({ ...filters, thread: { id: openThread.id, name: threadName(openThread) } })
          }
          className={cn(
            chipClass,
            "border border-dashed border-muted-fg/60 text-muted-fg hover:bg-muted hover:text-ink",
          )}
        >
          <Plus aria-hidden className="size-3.5 shrink-0" />
          <span className="truncate">{t.chip(t.in, threadName(openThread))}</span>
        </button>
      )}
    </div>
  );
}

/** The fields of the filters, opened from 'Filtre'. */
export function FilterPanel({
  id,
  filters,
  onChange,
  openThread,
}: {
  id: string;
  filters: SearchFilters;
  onChange: (next: SearchFilters) => void;
  openThread: OpenThread | null;
}) {
  const { currentDeptId } = useSession();
  const colleagues = useQuery({ ...searchColleaguesQuery(currentDeptId ?? ""), enabled: !!currentDeptId });
  const ids = {
    from: useId(),
    in: useId(),
    hasFile: useId(),
  };

  const people = colleagues.data?.staff ?? [];
  const fromOptions: SelectOption[] = [
    { value: "", label: colleagues.isPending && currentDeptId ? t.fromLoading : t.fromAnyone },
    ...people.map((c) => ({ value: c.userId, label: c.fullName })),
  ];
  // One chosen before the list came, or no longer in it, stays a choice.
  if (filters.from && !people.some((c) => c.userId === filters.from?.userId))
    fromOptions.push({ value: filters.from.userId, label: filters.from.name });

  const inOptions: SelectOption[] = [{ value: "", label: t.inAll }];
  if (openThread) inOptions.push({ value: openThread.id, label: t.inThis(threadName(openThread)) });
  if (filters.thread && filters.thread.id !== openThread?.id)
    inOptions.push({ value: filters.thread.id, label: filters.thread.name });

  return (
    <fieldset
      id={id}
      className="grid gap-x-4 gap-y-3 border-b border-border bg-muted/50 px-3 py-3 sm:grid-cols-2 md:px-4"
    >
      <legend className="sr-only">{t.label}</legend>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={ids.from}>{t.from}</Label>
        <NativeSelect
          id={ids.from}
          options={fromOptions}
          value={filters.from?.userId ?? ""}
          onChange={(e) => {
            const userId = e.currentTarget.value;
            const name = fromOptions.find((o) => o.value === userId)?.label ?? "";
            onChange({ ...filters, from: userId ? { userId, name } : null });
          }}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={ids.in}>{t.in}</Label>
        <NativeSelect
          id={ids.in}
          options={inOptions}
          value={filters.thread?.id ?? ""}
          disabled={inOptions.length === 1}
          onChange={(e) => {
            const threadId = e.currentTarget.value;
            const name =
              threadId === openThread?.id && openThread
                ? threadName(openThread)
                : (filters.thread?.name ?? "");
            onChange({ ...filters, thread: threadId ? { id: threadId, name } : null });
          }}
        />
      </div>
      <DateFilter
        label={t.after}
        value={filters.after}
        onValue={(after) => onChange({ ...filters, after })}
      />
      <DateFilter
        label={t.before}
        value={filters.before}
        onValue={(before) => onChange({ ...filters, before })}
      />
      <div className="flex min-h-11 items-center gap-2.5 sm:col-span-2">
        <Checkbox
          id={ids.hasFile}
          checked={filters.hasFile}
          onCheckedChange={(checked) => onChange({ ...filters, hasFile: checked === true })}
        />
        <Label htmlFor={ids.hasFile}>{t.hasFile}</Label>
      </div>
    </fieldset>
  );
}
