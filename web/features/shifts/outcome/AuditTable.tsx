/**
 * 'Se full audit': every candidate of the run with the fairness value, the tie-break id
 * as its first 8 characters (spec §9), the rank and the winner; the ineligible last,
 * with the reason in Norwegian.
 */
import { ui } from "../../../../common/texts/index.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { UserText } from "../../../components/user-text.tsx";
import { formatDateTime } from "../../../lib/dates.ts";
import { useAudit } from "../api/outcome.ts";

const t = ui.shifts.audit;

const cell = "px-3 py-2 text-left align-top";
const columns = ["rank", "name", "value", "tieBreak", "winner", "reason"] as const;

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
  const { rows, runAt, minRestHours } = audit.data;
  return (
    <div className="overflow-x-auto rounded-lg border border-border">
      <table className="w-full min-w-[36rem] text-sm">
        <caption className="px-3 pt-3 pb-1 text-left">
          <span className="block font-semibold text-ink">{t.caption}</span>
          <span className="block text-muted-fg">{t.runAt(formatDateTime(runAt), minRestHours)}</span>
        </caption>
        <thead className="border-b border-border bg-muted text-xs text-muted-fg">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className={cell}>
                {t[column]}
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
              <td className={cell}>
                <code>{ui.shifts.tieBreak(row.tieBreakUuid)}</code>
              </td>
              <td className={cell}>{row.winner ? t.yes : t.no}</td>
              <td className={`${cell} text-muted-fg`}>{row.ineligibleReason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
