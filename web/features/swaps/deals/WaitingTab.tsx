/**
 * 'Venter svar' (decisions.md § Swaps): deals of mine that wait for me, the other
 * person or a leader, each saying whom; the owner answers ('Godta' / 'Avslå'), the
 * proposer may withdraw ('Trekk tilbake'), as the server allows (`can`).
 */
import { Hourglass } from "lucide-react";
import type { SwapDealDto } from "../../../../common/schemas/swaps.ts";
import { ui } from "../../../../common/texts/index.ts";
import { CardGridSkeleton } from "../../../components/card-grid.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { useSession } from "../../../lib/session.tsx";
import { useDealAction } from "../api/mutations.ts";
import { useDeals } from "../api/queries.ts";
import { CardGrid, LoadFailed } from "../list/states.tsx";
import { DealFrame } from "./DealFrame.tsx";

const t = ui.swaps;

function waitsFor(deal: SwapDealDto, me: string): string {
  if (deal.status === "waiting_leader") return t.waitingFor.leader;
  return deal.owner.userId === me ? t.waitingFor.you : t.waitingFor.owner(deal.owner.name);
}

function WaitingDeal({ deal }: { deal: SwapDealDto }) {
  const { user } = useSession();
  const act = useDealAction();
  const busy = act.isPending;
  const { answer, withdraw } = deal.can;
  return (
    <DealFrame deal={deal} status={waitsFor(deal, user.id)}>
      {(answer || withdraw) && (
        <div className="mt-auto flex flex-col gap-2 sm:flex-row">
          {answer && (
            <>
              <Button
                size="lg"
                className="sm:flex-1"
                disabled={busy}
                onClick={() => act.mutate({ dealId: deal.id, action: "accept" })}
              >
                {t.actions.accept}
              </Button>
              <Button
                size="lg"
                variant="outline"
                className="sm:flex-1"
                disabled={busy}
                onClick={() => act.mutate({ dealId: deal.id, action: "decline" })}
              >
                {t.actions.decline}
              </Button>
            </>
          )}
          {withdraw && (
            <Button
              size="lg"
              variant="outline"
              className="sm:flex-1"
              disabled={busy}
              onClick={() => act.mutate({ dealId: deal.id, action: "withdraw" })}
            >
              {t.actions.withdraw}
            </Button>
          )}
        </div>
      )}
    </DealFrame>
  );
}

export function WaitingTab() {
  const deals = useDeals("waiting");
  if (deals.isPending) return <CardGridSkeleton label={t.waiting.loading} />;
  if (deals.isError)
    return <LoadFailed title={t.waiting.failed} error={deals.error} onRetry={() => deals.refetch()} />;
  if (deals.data.deals.length === 0)
    return (
      <EmptyState icon={Hourglass} title={t.waiting.empty}>
        {t.waiting.emptyBody}
      </EmptyState>
    );
  return (
    <CardGrid label={t.tabs.waiting}>
      {deals.data.deals.map((deal) => (
        <WaitingDeal key={deal.id} deal={deal} />
      ))}
    </CardGrid>
  );
}
