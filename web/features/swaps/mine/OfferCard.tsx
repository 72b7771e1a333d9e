/**
 * One of my offers: the shift, its status, whether it must be swapped or may be given
 * away, who sees it, what I wish for (a swap only), how many answers wait; 'Rediger tilbud' and
 * 'Kanseller' when the server allows them (`can`).
 */
import { useState } from "react";
import type { SwapOfferDto } from "../../../../common/schemas/swaps.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { useCancelOffer } from "../api/mutations.ts";
import { OfferStatusBadge } from "../card/badges.tsx";
import { OfferFrame } from "../card/OfferFrame.tsx";
import { EditOfferDialog } from "../form/EditOfferDialog.tsx";
import { quoteSwapShift, wishesText } from "../format.ts";

const t = ui.swaps;

export function OfferCard({ offer }: { offer: SwapOfferDto }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelOffer();
  return (
    <OfferFrame shift={offer.shift} corner={<OfferStatusBadge status={offer.status} />}>
      <div className="flex flex-wrap gap-1.5">
        <Badge tone="primary">{offer.requireSwap ? t.card.requiresSwap : t.card.canGiveAway}</Badge>
        <Badge>{offer.visibility === "dept" ? t.card.dept : t.card.private}</Badge>
        {offer.autoMatch && <Badge>{t.card.autoMatch}</Badge>}
      </div>
      {/* A give-away asks nothing back: no 'Ønsker: Når som helst' on it. */}
      {offer.requireSwap && (
        <p className="text-sm text-ink">
          <span className="font-medium">{t.card.wishes}: </span>
          {wishesText(offer)}
        </p>
      )}
      {offer.waitingDeals > 0 && (
        <p className="text-sm font-medium text-warning-ink">{t.card.waitingDeals(offer.waitingDeals)}</p>
      )}
      {(offer.can.edit || offer.can.cancel) && (
        <div className="mt-auto flex flex-wrap gap-2">
          {offer.can.edit && (
            <Button variant="outline" onClick={() => setEditing(true)}>
              {t.actions.edit}
            </Button>
          )}
          {offer.can.cancel && (
            <Button variant="outline" disabled={cancel.isPending} onClick={() => setConfirming(true)}>
              {t.actions.cancel}
            </Button>
          )}
        </div>
      )}
      {offer.can.edit && <EditOfferDialog offer={offer} open={editing} onOpenChange={setEditing} />}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t.cancel.confirmTitle}
        description={`${quoteSwapShift(offer.shift)}. ${t.cancel.confirmBody}`}
        confirmLabel={t.cancel.confirm}
        cancelLabel={t.cancel.keep}
        onConfirm={() => cancel.mutate(offer.id)}
      />
    </OfferFrame>
  );
}
