/**
 * The candidates in rank order, each with the 90-day count that decided (ui.md:
 * fairness is shown, not only told). With more than two, all of them; otherwise the
 * winner and me, which is all there is to see.
 */
import { fairnessWindowDays } from "../../../../common/domain/fairness.ts";
import type { AssignmentOutcome } from "../../../../common/schemas/shifts.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { UserText } from "../../../components/user-text.tsx";
import { cn } from "../../../lib/cn.ts";

const t = ui.shifts.outcome;

export function CandidateList({ outcome }: { outcome: AssignmentOutcome }) {
  const { candidates, yourId } = outcome;
  const shown =
    candidates.length > 2 ? candidates : candidates.filter((c) => c.winner || c.candidateId === yourId);
  if (shown.length === 0) return null;
  return (
    <section className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold text-ink">{t.candidates}</h3>
      <ol aria-label={t.candidates} className="divide-y divide-border rounded-lg border border-border">
        {shown.map((c) => {
          const me = c.candidateId === yourId;
          return (
            <li
              key={c.candidateId}
              className={cn("flex items-center gap-3 px-3 py-2", me && "bg-secondary/40")}
            >
              <span className="w-6 shrink-0 text-right text-sm font-semibold text-muted-fg tabular">
                {c.rank === null ? "–" : `${c.rank}.`}
              </span>
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="truncate text-[15px] text-ink">
                  <UserText>{c.name}</UserText> {me && <span className="text-muted-fg">{t.you}</span>}
                </span>
                <span className="text-xs text-muted-fg tabular">
                  {t.count(c.fairnessValue, fairnessWindowDays)}
                </span>
              </span>
              {c.winner && <Badge tone="success">{t.winnerMark}</Badge>}
              {c.rank === null && <Badge tone="warning">{t.notEligible}</Badge>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
