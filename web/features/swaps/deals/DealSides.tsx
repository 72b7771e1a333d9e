/**
 * Both sides of a deal, each with the person and the shift they give and who gets it:
 * 'Kari Nordmann gir' … 'Ola Nordmann får'. A give-away has one side; the other says
 * nothing comes back. Me is 'Du'.
 */

import { withoutBidiControls } from "../../../../common/domain/bidi.ts";
import type { PersonRef } from "../../../../common/schemas/shifts.ts";
import type { SwapDealDto, SwapShift } from "../../../../common/schemas/swaps.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Avatar } from "../../../components/ui/avatar.tsx";
import { useSession } from "../../../lib/session.tsx";
import { ShiftLine } from "../card/ShiftLine.tsx";

const t = ui.swaps;

function Side({
  giver,
  receiver,
  shift,
  name,
}: {
  giver: PersonRef;
  receiver: string;
  shift: SwapShift | null;
  name: string;
}) {
  return (
    <section aria-label={t.admin.gives(name)} className="flex flex-col gap-1.5 rounded-md bg-muted/60 p-3">
      <p className="flex items-center gap-2 text-sm font-medium text-ink">
        <Avatar name={giver.name} src={giver.avatarUrl} size="sm" />
        {t.admin.gives(name)}
      </p>
      <ShiftLine shift={shift} />
      <p className="text-sm text-muted-fg">{t.admin.receives(receiver)}</p>
    </section>
  );
}

export function DealSides({ deal }: { deal: SwapDealDto }) {
  const { user } = useSession();
  const nameOf = (p: PersonRef) => (p.userId === user.id ? t.you : withoutBidiControls(p.name));
  const owner = nameOf(deal.owner);
  const proposer = nameOf(deal.proposer);
  return (
    <div className="grid grid-cols-1 gap-2 @xl:grid-cols-2">
      <Side giver={deal.owner} name={owner} receiver={proposer} shift={deal.ownerShift} />
      {deal.proposerShift ? (
        <Side giver={deal.proposer} name={proposer} receiver={owner} shift={deal.proposerShift} />
      ) : (
        <p className="rounded-md bg-muted/60 p-3 text-sm text-muted-fg">{t.waiting.giveaway}</p>
      )}
    </div>
  );
}
