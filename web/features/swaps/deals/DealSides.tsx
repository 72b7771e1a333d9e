/**
 * What a deal moves, one line per direction: 'Kari → Ola: Dagvakt lør. 05.12 · 07:00–15:00'
 * and, for an exchange, the way back; a give-away says nothing comes back. People by
 * first name (full names when the two share one); me as 'Du' / 'deg'.
 */

import { withoutBidiControls } from "../../../../common/domain/bidi.ts";
import type { PersonRef } from "../../../../common/schemas/shifts.ts";
import type { SwapDealDto, SwapShift } from "../../../../common/schemas/swaps.ts";
import { ui } from "../../../../common/texts/index.ts";
import { useSession } from "../../../lib/session.tsx";
import { swapLocation, swapTitle, swapWhen } from "../format.ts";

const t = ui.swaps;

const firstName = (p: PersonRef) => withoutBidiControls(p.name).trim().split(/\s+/)[0] ?? "";

function Move({ giver, receiver, shift }: { giver: string; receiver: string; shift: SwapShift | null }) {
  const what = shift ? `${swapTitle(shift)} ${swapWhen(shift)}` : t.card.noDate;
  return (
    <li className="flex flex-col text-sm">
      <span className="font-medium text-ink tabular">{t.admin.moves(giver, receiver, what)}</span>
      {shift && <span className="text-muted-fg">{swapLocation(shift)}</span>}
    </li>
  );
}

export function DealSides({ deal }: { deal: SwapDealDto }) {
  const { user } = useSession();
  const { owner, proposer } = deal;
  const sameFirst = firstName(owner) === firstName(proposer);
  const named = (p: PersonRef) => (sameFirst ? withoutBidiControls(p.name) : firstName(p));
  const subject = (p: PersonRef) => (p.userId === user.id ? t.you : named(p));
  const object = (p: PersonRef) => (p.userId === user.id ? t.youObject : named(p));
  return (
    <ul className="flex flex-col gap-2 rounded-md bg-muted/60 p-3">
      <Move giver={subject(owner)} receiver={object(proposer)} shift={deal.ownerShift} />
      {deal.proposerShift ? (
        <Move giver={subject(proposer)} receiver={object(owner)} shift={deal.proposerShift} />
      ) : (
        <li className="text-sm text-muted-fg">{t.waiting.giveaway}</li>
      )}
    </ul>
  );
}
