import type { SwapShift } from "../../../../common/schemas/swaps.ts";
import { ui } from "../../../../common/texts/index.ts";
import { swapLocation, swapTitle, swapWhen } from "../format.ts";

/** A shift in a deal or a choice: the time first, then what and where, on two lines. */
export function ShiftLine({ shift }: { shift: SwapShift | null }) {
  if (!shift) return <p className="text-sm text-muted-fg">{ui.swaps.card.noDate}</p>;
  return (
    <p className="flex flex-col text-sm">
      <span className="font-semibold text-ink tabular">{swapWhen(shift)}</span>
      <span className="text-muted-fg">
        {swapTitle(shift)} · {swapLocation(shift)}
      </span>
    </p>
  );
}
