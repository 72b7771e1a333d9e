import type { ShiftDto } from "../../../../common/schemas/shifts.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Button } from "../../../components/ui/button.tsx";
import { useShiftInterest } from "../api/mutations.ts";

const t = ui.shifts.actions;

/**
 * 'Jeg er interessert', and once interested 'Trekk interesse'; the change shows at once.
 * Full width and 44 px high, pressed with gloves on a phone; `secondary` when the card
 * has another main action (a leader's 'Tildel automatisk').
 */
export function InterestButton({ shift, secondary = false }: { shift: ShiftDto; secondary?: boolean }) {
  const interest = useShiftInterest();
  return (
    <Button
      variant={shift.isInterested || secondary ? "outline" : "primary"}
      size="lg"
      disabled={interest.isPending}
      onClick={() => interest.mutate({ shift, interested: !shift.isInterested })}
      className="w-full"
    >
      {shift.isInterested ? t.withdraw : t.interest}
    </Button>
  );
}
