import type { ShiftDto } from "../../../../common/schemas/shifts.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Avatar } from "../../../components/ui/avatar.tsx";

const t = ui.shifts.card;

/**
 * Spec §2: up to five avatars of those interested plus '+n', and the count in words.
 * The avatars are pictures; their names are said to a screen reader.
 */
export function InterestedPeople({ shift }: { shift: ShiftDto }) {
  const rest = shift.interestCount - shift.interested.length;
  return (
    <div className="flex min-h-8 items-center gap-3">
      {shift.interested.length > 0 && (
        <ul aria-label={t.interestedLabel} className="flex items-center -space-x-2">
          {shift.interested.map((person) => (
            <li key={person.userId}>
              <Avatar name={person.name} src={person.avatarUrl} size="sm" className="ring-2 ring-white" />
              <span className="sr-only">{person.name}</span>
            </li>
          ))}
          {rest > 0 && (
            <li className="flex size-8 items-center justify-center rounded-full bg-muted text-xs font-semibold text-ink ring-2 ring-white tabular">
              <span aria-hidden>{t.more(rest)}</span>
              <span className="sr-only">{t.moreLabel(rest)}</span>
            </li>
          )}
        </ul>
      )}
      <p className="text-sm text-muted-fg">{t.interestCount(shift.interestCount)}</p>
    </div>
  );
}
