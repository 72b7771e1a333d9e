/**
 * Extra shifts per person over the last 90 days (ui.md: fairness is shown, not only
 * told). A table that draws each count as a bar: the numbers are written out, so the
 * bars add nothing a screen reader would miss, and nothing depends on colour.
 */
import { ChartNoAxesColumn, CircleAlert } from "lucide-react";
import { useId } from "react";
import { fairnessWindowDays } from "../../../../common/domain/fairness.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Avatar } from "../../../components/ui/avatar.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { UserText } from "../../../components/user-text.tsx";
import { useFairness } from "../api/fairness.ts";

const t = ui.shifts.fairness;

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
        {sorted.map((person) => (
          <tr key={person.userId}>
            <th scope="row" className="w-2/5 py-1.5 pr-3 text-left font-normal">
              <span className="flex min-w-0 items-center gap-2">
                <Avatar name={person.name} src={person.avatarUrl} size="sm" />
                <span className="truncate text-ink">
                  <UserText>{person.name}</UserText>
                </span>
              </span>
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
