/**
 * The fairness picture on the admin page (ui.md: fairness is shown, not only told), in
 * three views: extra shifts per person over the last 90 days as bars (the first), and the nights,
 * weekends and public holidays each person worked over 90 days and this year as tables
 * (issue 28). Every number is written out, so the bars add nothing a screen reader would
 * miss and nothing depends on colour; the tables scroll sideways on a narrow phone.
 */
import { ChartNoAxesColumn, CircleAlert } from "lucide-react";
import { useId, useState } from "react";
import { fairnessWindowDays } from "../../../../common/domain/fairness.ts";
import type { FairnessOverview } from "../../../../common/schemas/shifts.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Avatar } from "../../../components/ui/avatar.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { DataTable } from "../../../components/ui/data-table.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { UserText } from "../../../components/user-text.tsx";
import { cn } from "../../../lib/cn.ts";
import { useFairness } from "../api/fairness.ts";

const t = ui.shifts.fairness;
const f = ui.fairness;

type Person = FairnessOverview["people"][number];
type Period = "last90Days" | "thisYear";
type View = "chart" | Period;

/**
 * Which view shows: toggle buttons in a fieldset named 'Visning', the chosen one pressed
 * (not tabs: the page's shift lists are its tabs). 44 px high on a phone.
 */
function ViewSwitch({
  options,
  value,
  onChange,
}: {
  options: readonly { value: View; label: string }[];
  value: View;
  onChange: (next: View) => void;
}) {
  return (
    <fieldset className="inline-flex max-w-full flex-wrap gap-1 self-start rounded-lg bg-muted p-1">
      <legend className="sr-only">{f.chart.views}</legend>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          aria-pressed={o.value === value}
          onClick={() => onChange(o.value)}
          className={cn(
            "min-h-11 rounded-md px-3 text-sm font-medium whitespace-nowrap md:min-h-9",
            "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary",
            o.value === value ? "bg-white text-ink shadow-sm" : "text-muted-fg hover:text-ink",
          )}
        >
          {o.label}
        </button>
      ))}
    </fieldset>
  );
}

function Name({ person }: { person: Person }) {
  return (
    <span className="flex min-w-0 items-center gap-2">
      <Avatar name={person.name} src={person.avatarUrl} size="sm" />
      <span className="truncate text-ink">
        <UserText>{person.name}</UserText>
      </span>
    </span>
  );
}

function Bars({ people, windowDays }: { people: Person[]; windowDays: number }) {
  const most = Math.max(1, ...people.map((p) => p.count));
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{t.intro(windowDays)}</caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">{t.name}</th>
          <th scope="col">{t.count}</th>
        </tr>
      </thead>
      <tbody>
        {people.map((person) => (
          <tr key={person.userId}>
            <th scope="row" className="w-2/5 py-1.5 pr-3 text-left font-normal">
              <Name person={person} />
            </th>
            <td className="py-1.5">
              <span className="flex items-center gap-2">
                <span className="h-5 flex-1 overflow-hidden rounded-sm bg-muted">
                  <span
                    aria-hidden
                    className="block h-full rounded-sm bg-primary"
                    style={{ width: `${(person.count / most) * 100}%` }}
                  />
                </span>
                <span className="w-6 text-right font-semibold text-ink tabular">{person.count}</span>
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Unsocial({ people, period, label }: { people: Person[]; period: Period; label: string }) {
  const withCount = period === "last90Days";
  const columns = [
    f.chart.name,
    ...(withCount ? [f.chart.extraShifts] : []),
    f.nights,
    f.weekends,
    f.holidays,
  ];
  const number = (n: number) => <td className="px-3 py-2 tabular text-ink">{n}</td>;
  return (
    <DataTable caption={f.chart.tableCaption(label)} columns={columns}>
      {people.map((person) => {
        const figures = person[period];
        return (
          <tr key={person.userId}>
            {/* The name wraps rather than widening the table on a phone; the avatar shows from sm. */}
            <th scope="row" className="px-3 py-2 text-left font-normal text-ink">
              <span className="flex items-center gap-2">
                <span className="hidden sm:contents">
                  <Avatar name={person.name} src={person.avatarUrl} size="sm" />
                </span>
                <UserText>{person.name}</UserText>
              </span>
            </th>
            {withCount && number(person.count)}
            {number(figures.nights)}
            {number(figures.weekends)}
            {number(figures.holidays)}
          </tr>
        );
      })}
    </DataTable>
  );
}

function Body() {
  const fairness = useFairness();
  if (fairness.isPending)
    return (
      <div role="status" className="flex flex-col gap-2">
        <span className="sr-only">{t.loading}</span>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-8" />
        ))}
      </div>
    );
  if (fairness.isError)
    return (
      <div className="flex flex-col items-start gap-2">
        <p className="flex items-center gap-2 text-sm text-error">
          <CircleAlert aria-hidden className="size-4" />
          {t.failed}
        </p>
        <Button variant="outline" size="sm" onClick={() => fairness.refetch()}>
          {ui.common.retry}
        </Button>
      </div>
    );
  const { people, windowDays } = fairness.data;
  if (people.length === 0) return <p className="text-sm text-muted-fg">{t.empty(windowDays)}</p>;
  const sorted = [...people].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, "nb"));
  return <Views people={sorted} windowDays={windowDays} />;
}

function Views({ people, windowDays }: { people: Person[]; windowDays: number }) {
  const [view, setView] = useState<View>("chart");
  const options = [
    { value: "chart", label: f.chart.chart },
    { value: "last90Days", label: f.periods.last90Days(windowDays) },
    { value: "thisYear", label: f.periods.thisYear },
  ] as const;
  const chosen = options.find((o) => o.value === view)!;
  return (
    <div className="flex flex-col gap-4">
      <ViewSwitch options={options} value={view} onChange={setView} />
      {chosen.value === "chart" ? (
        <Bars people={people} windowDays={windowDays} />
      ) : (
        <div className="flex flex-col gap-2">
          <Unsocial people={people} period={chosen.value} label={chosen.label} />
          <p className="text-xs text-muted-fg">{f.chart.counted}</p>
        </div>
      )}
    </div>
  );
}

export function FairnessChart() {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-lg border border-border bg-white p-4 md:p-5">
      <h2 id={id} className="flex items-center gap-2 text-base font-semibold text-ink">
        <ChartNoAxesColumn aria-hidden className="size-5 text-muted-fg" />
        {t.title}
      </h2>
      <p className="mt-0.5 mb-4 text-sm text-muted-fg">{t.intro(fairnessWindowDays)}</p>
      <Body />
    </section>
  );
}
