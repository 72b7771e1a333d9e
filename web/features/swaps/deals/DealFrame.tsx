import { type ReactNode, useId } from "react";
import type { SwapDealDto } from "../../../../common/schemas/swaps.ts";
import { DealStatusBadge } from "../card/badges.tsx";
import { swapTitle, swapWhen } from "../format.ts";
import { DealSides } from "./DealSides.tsx";

/**
 * A deal as a card: named by the offered shift, its status in the corner, a line that
 * says where it stands, both sides, then what the page adds (buttons, a note).
 */
export function DealFrame({
  deal,
  status,
  children,
}: {
  deal: SwapDealDto;
  status: ReactNode;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <li className="flex">
      <article
        aria-labelledby={`${id}-title`}
        className="flex w-full flex-col gap-3 rounded-lg border border-border bg-white p-4 shadow-xs"
      >
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={`${id}-title`} className="text-base font-semibold text-ink">
              {swapTitle(deal.ownerShift)}
              {deal.ownerShift && <span className="font-normal tabular"> · {swapWhen(deal.ownerShift)}</span>}
            </h2>
            <p className="text-sm text-muted-fg">{status}</p>
          </div>
          <DealStatusBadge status={deal.status} />
        </div>
        <DealSides deal={deal} />
        {children}
      </article>
    </li>
  );
}
