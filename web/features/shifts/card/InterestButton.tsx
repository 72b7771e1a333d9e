import type { ShiftDto } from "../../../../common/schemas/shifts.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Button } from "../../../components/ui/button.tsx";
import { useShiftInterest } from "../api/mutations.ts";

const t = ui.shifts.actions;

/**
 * 'Jeg er interessert', and once interested 'Trekk interesse'; the change shows at once.
 * Full width and 44 px high: the main action of a card, pressed with gloves on a phone.
 */
export function InterestButton({ shift }: { shift: ShiftDto }) {
  const interest = useShiftInterest();
  return (
    <Button
      variant={shift.isInterested ? "outline" : "primary"}
      size="lg"
      disabled={interest.isPending}
      onClick={() => interest.mutate({ shift, interested: !shift.isInterested })}
      className="w-full"
    >
      {shift.isInterested ? t.withdraw : t.interest}
    </Button>
  );
}
