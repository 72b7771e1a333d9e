/**
 * One extra shift as a card (ui.md): day and time first, the kind of shift, the place
 * (and the department for someone in several), the status badge in the corner, what
 * competence it requires ('Krever: …'), who is interested or who got it, then the
 * actions. An `article` named by title and time, so a screen reader's list of articles
 * and a test can find it by what people see.
 */
import { BadgeCheck } from "lucide-react";
import { useId } from "react";
import { withoutBidiControls } from "../../../../common/domain/bidi.ts";
import type { ShiftDto } from "../../../../common/schemas/shifts.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Avatar } from "../../../components/ui/avatar.tsx";
import { useSession } from "../../../lib/session.tsx";
import { shiftWhen } from "../format.ts";
import { InterestedPeople } from "./InterestedPeople.tsx";
import { ShiftActions } from "./ShiftActions.tsx";
import { StatusBadge } from "./StatusBadge.tsx";

const t = ui.shifts.card;

function Assignee({ shift }: { shift: ShiftDto }) {
  const { user } = useSession();
  const person = shift.assignment?.person;
  if (!person) return null;
  return (
    <p className="flex items-center gap-2 text-sm text-ink">
      <Avatar name={person.name} src={person.avatarUrl} size="sm" />
      {person.userId === user.id ? t.assignedToYou : t.assignedTo(withoutBidiControls(person.name))}
    </p>
  );
}

export function ShiftCard({ shift }: { shift: ShiftDto }) {
  const id = useId();
  const session = useSession();
  const showDept = session.memberships.length > 1;
  return (
    <article
      aria-labelledby={`${id}-title ${id}-when`}
      className="flex flex-col gap-3 rounded-lg border border-border bg-white p-4 shadow-xs"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p id={`${id}-when`} className="text-base font-semibold text-ink tabular">
            {shiftWhen(shift)}
          </p>
          <h2 id={`${id}-title`} className="text-[15px] font-medium text-ink">
            {shift.title}
          </h2>
          <p className="text-sm text-muted-fg">
            {shift.location}
            {showDept && ` · ${withoutBidiControls(shift.deptName)}`}
          </p>
        </div>
        <StatusBadge status={shift.status} />
      </div>
      {shift.requires.length > 0 && (
        <p className="flex items-start gap-1.5 text-sm font-medium text-ink">
          <BadgeCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
          {ui.work.requires.card(shift.requires.map((c) => withoutBidiControls(c.name)))}
        </p>
      )}
      {shift.description && <p className="line-clamp-3 text-sm text-ink">{shift.description}</p>}
      {shift.assignment ? (
        <Assignee shift={shift} />
      ) : (
        shift.status !== "draft" && <InterestedPeople shift={shift} />
      )}
      <ShiftActions shift={shift} />
    </article>
  );
}
