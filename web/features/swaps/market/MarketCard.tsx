/**
 * An offer of a colleague on the market (spec §2 Swaps): 'Bytte' or 'Gi bort' in the
 * corner, who offers it, and the one main action: 'Foreslå bytte' on a swap-required
 * offer, 'Meld interesse' on a give-away; a give-away I cannot take (overlap, rest)
 * shows why instead of being sent. Once I have answered, the card says it waits.
 */
import { useId, useState } from "react";
import { withoutBidiControls } from "../../../../common/domain/bidi.ts";
import type { SwapOfferDto } from "../../../../common/schemas/swaps.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Avatar } from "../../../components/ui/avatar.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { useAnswerOffer } from "../api/mutations.ts";
import { OfferFrame } from "../card/OfferFrame.tsx";
import { ProposeDialog } from "./ProposeDialog.tsx";

const t = ui.swaps;

function MainAction({ offer }: { offer: SwapOfferDto }) {
  const id = useId();
  const claim = useAnswerOffer();
  const [proposing, setProposing] = useState(false);
  if (offer.myDealId) return <p className="text-sm font-medium text-info">{t.card.yourDealWaits}</p>;
  if (offer.can.propose)
    return (
      <>
        <Button size="lg" className="w-full" onClick={() => setProposing(true)}>
          {t.actions.propose}
        </Button>
        <ProposeDialog offer={offer} open={proposing} onOpenChange={setProposing} />
      </>
    );
  if (!offer.can.claim) return null;
  const blocked = offer.blockedReason !== null;
  return (
    <div className="flex flex-col gap-2">
      {blocked && (
        <p id={`${id}-blocked`} className="text-sm text-error">
          {offer.blockedReason}
        </p>
      )}
      <Button
        size="lg"
        className="w-full"
        disabled={blocked || claim.isPending}
        aria-describedby={blocked ? `${id}-blocked` : undefined}
        onClick={() => claim.mutate({ offerId: offer.id })}
      >
        {t.actions.claim}
      </Button>
    </div>
  );
}

export function MarketCard({ offer }: { offer: SwapOfferDto }) {
  return (
    <OfferFrame
      shift={offer.shift}
      corner={
        <Badge tone={offer.requireSwap ? "info" : "success"}>
          {offer.requireSwap ? t.card.typeSwap : t.card.typeGiveaway}
        </Badge>
      }
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex items-center gap-2 text-sm text-ink">
          <Avatar name={offer.owner.name} src={offer.owner.avatarUrl} size="sm" />
          {t.card.requester(withoutBidiControls(offer.owner.name))}
        </p>
        {!offer.requireSwap && <Badge tone="success">{t.card.canGiveAway}</Badge>}
      </div>
      <div className="mt-auto">
        <MainAction offer={offer} />
      </div>
    </OfferFrame>
  );
}
