/**
 * /shifts/swaps/admin 'Administrer bytter' (leaders and admins; the route sends staff
 * home): the department's deals waiting for a leader, each with both shifts and both
 * people, 'Godkjenn' or 'Avslå' with an optional note (the button's words are its name:
 * what is seen is what is said). A leader who is party to a deal
 * sees why they cannot decide it; a refusal (rest time, a changed assignment) is shown
 * with the server's reason on the card as well as in the toast.
 */
import { ClipboardCheck } from "lucide-react";
import { useId, useState } from "react";
import { swapLimits } from "../../../../common/base/limits.ts";
import type { SwapDealDto } from "../../../../common/schemas/swaps.ts";
import { ui } from "../../../../common/texts/index.ts";
import { CardGridSkeleton } from "../../../components/card-grid.tsx";
import { Page } from "../../../components/page.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { FormAlert } from "../../../components/ui/form-alert.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { errorText } from "../../../lib/api.ts";
import { useFollowSwaps } from "../api/follow.ts";
import { useDecideDeal } from "../api/mutations.ts";
import { useDeals } from "../api/queries.ts";
import { DealFrame } from "../deals/DealFrame.tsx";
import { CardGrid, LoadFailed } from "../list/states.tsx";

const t = ui.swaps;

function ApprovalCard({ deal }: { deal: SwapDealDto }) {
  const id = useId();
  const decide = useDecideDeal();
  const [note, setNote] = useState("");
  const send = (decision: "approve" | "reject") => decide.mutate({ dealId: deal.id, decision, note });
  const blocked = !deal.can.decide;
  return (
    <DealFrame deal={deal} status={t.waitingFor.leader}>
      {blocked ? (
        <p id={`${id}-own`} className="text-sm text-muted-fg">
          {t.admin.ownDeal}
        </p>
      ) : (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-note`}>{t.admin.note}</Label>
          <Textarea
            id={`${id}-note`}
            rows={2}
            maxLength={swapLimits.noteMaxLength}
            placeholder={t.admin.notePlaceholder}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </div>
      )}
      {decide.isError && <FormAlert message={errorText(decide.error, t.admin.decideFailed)} />}
      <div className="mt-auto flex flex-col gap-2 sm:flex-row">
        <Button
          size="lg"
          className="sm:flex-1"
          aria-describedby={blocked ? `${id}-own` : undefined}
          disabled={blocked || decide.isPending}
          onClick={() => send("approve")}
        >
          {t.actions.approve}
        </Button>
        <Button
          size="lg"
          variant="outline"
          className="sm:flex-1"
          aria-describedby={blocked ? `${id}-own` : undefined}
          disabled={blocked || decide.isPending}
          onClick={() => send("reject")}
        >
          {t.actions.reject}
        </Button>
      </div>
    </DealFrame>
  );
}

function ApprovalQueue() {
  const deals = useDeals("approval");
  if (deals.isPending) return <CardGridSkeleton label={t.admin.loading} />;
  if (deals.isError)
    return <LoadFailed title={t.admin.failed} error={deals.error} onRetry={() => deals.refetch()} />;
  if (deals.data.deals.length === 0)
    return (
      <EmptyState icon={ClipboardCheck} title={t.admin.empty}>
        {t.admin.emptyBody}
      </EmptyState>
    );
  return (
    <CardGrid label={ui.pages.swapsAdmin.title}>
      {deals.data.deals.map((deal) => (
        <ApprovalCard key={deal.id} deal={deal} />
      ))}
    </CardGrid>
  );
}

export function SwapsAdminPage() {
  useFollowSwaps();
  return (
    <Page title={ui.pages.swapsAdmin.title} subtitle={ui.pages.swapsAdmin.subtitle}>
      <ApprovalQueue />
    </Page>
  );
}
