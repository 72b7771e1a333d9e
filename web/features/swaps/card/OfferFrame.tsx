/**
 * An offer as a card (ui.md): day and time first, the kind of shift, the place, a badge
 * in the corner, then what the card adds and its actions. An `article` named by title
 * and time, so a screen reader's list of articles and a test find it by what people see.
 */
import { type ReactNode, useId } from "react";
import type { SwapShift } from "../../../../common/schemas/swaps.ts";
import { ui } from "../../../../common/texts/index.ts";
import { swapLocation, swapTitle, swapWhen } from "../format.ts";

export function OfferFrame({
  shift,
  corner,
  children,
}: {
  shift: SwapShift | null;
  corner: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <li className="flex">
      <article
        aria-labelledby={`${id}-title ${id}-when`}
        className="flex w-full flex-col gap-3 rounded-lg border border-border bg-white p-4 shadow-xs"
      >
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <p id={`${id}-when`} className="text-base font-semibold text-ink tabular">
              {shift ? swapWhen(shift) : ui.swaps.card.noDate}
            </p>
            <h2 id={`${id}-title`} className="text-[15px] font-medium text-ink">
              {swapTitle(shift)}
            </h2>
            <p className="text-sm text-muted-fg">{swapLocation(shift)}</p>
          </div>
          <div className="flex shrink-0 flex-col items-end gap-1">{corner}</div>
        </div>
        {children}
      </article>
    </li>
  );
}
