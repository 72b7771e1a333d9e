/**
 * 'Se full audit': every candidate of the run with the fairness value, what the shift
 * would have meant for their working time (position, hours in 24, overtime per window;
 * issue 28), the tie-break id as its first 8 characters (spec §9), the rank and the
 * winner; the ineligible last, with the reason in Norwegian. Whether 'Deltid først'
 * held is said under the caption. Eleven columns do not fit a phone: the table scrolls
 * sideways in a frame a keyboard can reach.
 */
import type { AssignmentAudit } from "../../../../common/schemas/shifts.ts";
import { ui } from "../../../../common/texts/index.ts";
import { hoursFigure } from "../../../../common/texts/ui/shifts.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { UserText } from "../../../components/user-text.tsx";
import { formatDateTime } from "../../../lib/dates.ts";
import { useAudit } from "../api/outcome.ts";

const t = ui.shifts.audit;
const w = ui.work.audit;

const cell = "px-3 py-2 text-left align-top";
const figureCell = `${cell} whitespace-nowrap text-right`;
const columns = [
  t.rank,
  t.name,
  t.value,
  w.positionPercent,
  w.dayHours,
  w.overtimeWeek,
  w.overtime4Weeks,
  w.overtimeYear,
  t.tieBreak,
  t.winner,
  t.reason,
];
const hourColumns = ["dayHours", "overtimeWeek", "overtime4Weeks", "overtimeYear"] as const;

/** A candidate's working-time figures; runs from before the rules have none ('–'). */
function Figures({ figures }: { figures: AssignmentAudit["rows"][number]["figures"] }) {
  return (
    <>
      <td className={figureCell}>{figures ? w.percent(figures.positionPercent) : "–"}</td>
      {hourColumns.map((key) => (
        <td key={key} className={figureCell}>
          {figures ? w.hours(hoursFigure(figures[key])) : "–"}
        </td>
      ))}
    </>
  );
}

export function AuditTable({ shiftId }: { shiftId: string }) {
  const audit = useAudit(shiftId, true);
  if (audit.isPending)
    return (
      <div role="status" className="flex flex-col gap-2">
        <span className="sr-only">{t.loading}</span>
        <Skeleton className="h-8" />
        <Skeleton className="h-8" />
      </div>
    );
  if (audit.isError)
    return (
      <div role="alert" className="flex flex-col items-start gap-2 text-sm text-error">
        {t.failed}
        <Button variant="outline" size="sm" onClick={() => audit.refetch()}>
          {ui.common.retry}
        </Button>
      </div>
    );
  const { rows, runAt, minRestHours, partTimeFirst } = audit.data;
  return (
    <section
      aria-label={t.caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-border focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
    >
      <table className="w-full min-w-[56rem] text-sm">
        <caption className="px-3 pt-3 pb-1 text-left">
          <span className="block font-semibold text-ink">{t.caption}</span>
          <span className="block text-muted-fg">{t.runAt(formatDateTime(runAt), minRestHours)}</span>
          {partTimeFirst && <span className="block text-ink">{w.partTimeFirst}</span>}
          <span className="block text-xs text-muted-fg md:hidden">{w.scrollHint}</span>
        </caption>
        <thead className="border-b border-border bg-muted text-xs text-muted-fg">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className={cell}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border tabular">
          {rows.map((row) => (
            <tr key={row.candidateId} className={row.winner ? "bg-success/5" : undefined}>
              <td className={cell}>{row.rank ?? "–"}</td>
              <th scope="row" className={`${cell} font-medium text-ink`}>
                <UserText>{row.name}</UserText>
              </th>
              <td className={cell}>{row.fairnessValue}</td>
              <Figures figures={row.figures} />
              <td className={cell}>
                <code>{ui.shifts.tieBreak(row.tieBreakUuid)}</code>
              </td>
              <td className={cell}>{row.winner ? t.yes : t.no}</td>
              <td className={`${cell} text-muted-fg`}>{row.ineligibleReason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
