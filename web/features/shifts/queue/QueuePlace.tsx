/**
 * 'Din plass i køen' on 'Mine vakter' (issue 28): where I stand in my department's queue
 * for extra shifts by the assignment's rule, my 90-day count that decides it, the nights,
 * weekends and holidays I worked, and the rule itself in one paragraph.
 */
import { CircleAlert, ListOrdered } from "lucide-react";
import { useId } from "react";
import type { MyFairness } from "../../../../common/schemas/work.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { ApiError } from "../../../lib/api.ts";
import { useMyFairness } from "../api/fairness.ts";

const f = ui.fairness;
const t = f.queue;

function Figures({ mine }: { mine: MyFairness }) {
  const periods = [
    { key: "last90Days", label: f.periods.last90Days(mine.windowDays) },
    { key: "thisYear", label: f.periods.thisYear },
  ] as const;
  const kinds = [
    { key: "nights", label: f.nights },
    { key: "weekends", label: f.weekends },
    { key: "holidays", label: f.holidays },
  ] as const;
  return (
    <table className="w-full text-sm">
      <caption className="mb-1 text-left text-xs font-semibold text-muted-fg">{t.figuresCaption}</caption>
      <thead>
        <tr className="border-b border-border">
          <th scope="col" className="py-1.5 pr-3 text-left font-medium text-muted-fg">
            <span className="sr-only">{t.kind}</span>
          </th>
          {periods.map((p) => (
            <th key={p.key} scope="col" className="px-2 py-1.5 text-right font-medium text-muted-fg">
              {p.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-border">
        {kinds.map((k) => (
          <tr key={k.key}>
            <th scope="row" className="py-1.5 pr-3 text-left font-normal text-ink">
              {k.label}
            </th>
            {periods.map((p) => (
              <td key={p.key} className="px-2 py-1.5 text-right font-semibold text-ink tabular">
                {mine.figures[p.key][k.key]}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Body() {
  const mine = useMyFairness();
  if (mine.isPending)
    return (
      <div role="status" className="flex flex-col gap-2">
        <span className="sr-only">{t.loading}</span>
        <Skeleton className="h-7 w-3/4" />
        <Skeleton className="h-20" />
      </div>
    );
  if (mine.isError) {
    // No department to stand in: nothing failed, there is no queue.
    if (mine.error instanceof ApiError && mine.error.code === "no_department")
      return <p className="text-sm text-muted-fg">{t.noDepartment}</p>;
    return (
      <div className="flex flex-col items-start gap-2">
        <p className="flex items-center gap-2 text-sm text-error">
          <CircleAlert aria-hidden className="size-4" />
          {t.failed}
        </p>
        <Button variant="outline" size="sm" onClick={() => mine.refetch()}>
          {ui.common.retry}
        </Button>
      </div>
    );
  }
  const data = mine.data;
  return (
    <div className="flex flex-col gap-4">
      <div>
        <p className="text-lg font-semibold text-ink tabular">{t.place(data.place, data.of)}</p>
        <p className="text-sm text-ink tabular">{t.count(data.figures.count, data.windowDays)}</p>
        <p className="mt-1 text-xs text-muted-fg">{t.among}</p>
      </div>
      <Figures mine={data} />
      <div>
        <h3 className="text-sm font-semibold text-ink">{t.ruleTitle}</h3>
        <p className="mt-1 text-sm text-muted-fg">
          {t.rule({ days: data.windowDays, partTimeFirst: data.partTimeFirst, partTime: data.partTime })}
        </p>
      </div>
    </div>
  );
}

export function QueuePlace() {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-lg border border-border bg-white p-4 md:p-5">
      <h2 id={id} className="mb-3 flex items-center gap-2 text-base font-semibold text-ink">
        <ListOrdered aria-hidden className="size-5 text-muted-fg" />
        {t.title}
      </h2>
      <Body />
    </section>
  );
}
