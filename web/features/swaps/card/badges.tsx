import type { DealStatus, OfferStatus } from "../../../../common/schemas/swaps.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Badge, type BadgeTone } from "../../../components/ui/badge.tsx";

const offerTones: Record<OfferStatus, BadgeTone> = { open: "info", matched: "success", cancelled: "neutral" };

const dealTones: Record<DealStatus, BadgeTone> = {
  waiting_owner: "warning",
  waiting_leader: "warning",
  approved: "success",
  rejected: "error",
  withdrawn: "neutral",
};

/** 'Åpen', 'Matchet', 'Kansellert': in words, the colour only helps. */
export const OfferStatusBadge = ({ status }: { status: OfferStatus }) => (
  <Badge tone={offerTones[status]}>{ui.swaps.offerStatus[status]}</Badge>
);

/** 'Venter', 'Godkjent', 'Avslått', 'Trukket tilbake'. */
export const DealStatusBadge = ({ status }: { status: DealStatus }) => (
  <Badge tone={dealTones[status]}>{ui.swaps.dealStatus[status]}</Badge>
);
