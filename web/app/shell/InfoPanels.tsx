import { Building2, CalendarClock, Laugh } from "lucide-react";
import type { ReactNode } from "react";
import { jokeOfTheDay } from "../../../common/domain/jokes.ts";
import { ui } from "../../../common/texts/index.ts";
import { formatTime, formatWeekday, useShiftBlock } from "../../lib/dates.ts";
import { useSession } from "../../lib/session.tsx";

function Panel({ icon: Icon, title, children }: { icon: typeof Laugh; title: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-border bg-white p-4">
      <h3 className="mb-2 flex items-center gap-2 text-sm font-semibold text-ink">
        <Icon aria-hidden className="size-4 text-muted-fg" />
        {title}
      </h3>
      {children}
    </section>
  );
}

/** The right rail's content (also in the mobile 'Hurtighandlinger'): all of it real. */
export function InfoPanels() {
  const block = useShiftBlock();
  const session = useSession();
  // Re-rendered at each block change (useShiftBlock), so the joke is the new day's by morning.
  const joke = jokeOfTheDay();
  const department = session.memberships.find((m) => m.deptId === session.currentDeptId);

  return (
    <div className="flex flex-col gap-3">
      <Panel icon={CalendarClock} title={ui.shell.currentShift}>
        <p className="flex items-center gap-2 text-base font-semibold text-ink">
          <span aria-hidden className="size-2.5 rounded-full bg-success motion-safe:animate-pulse-dot" />
          {block.name}
        </p>
        <p className="mt-0.5 text-2xl font-semibold text-ink tabular">{block.range}</p>
        <p className="mt-1 text-sm text-muted-fg first-letter:uppercase">{formatWeekday(new Date())}</p>
        <p className="text-sm text-muted-fg">{ui.shell.shiftEnds(formatTime(block.end))}</p>
      </Panel>
      {department && (
        <Panel icon={Building2} title={ui.shell.yourDepartment}>
          <p className="text-[15px] font-medium text-ink">{department.deptName}</p>
        </Panel>
      )}
      <Panel icon={Laugh} title={ui.shell.jokeTitle}>
        <p className="text-[15px] text-ink">{joke.setup}</p>
        <p className="mt-2 text-[15px] font-semibold text-primary">{joke.punchline}</p>
      </Panel>
    </div>
  );
}
