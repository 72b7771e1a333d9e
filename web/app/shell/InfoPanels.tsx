import { Building2, CalendarClock, Laugh, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { ui } from "../../../common/texts/index.ts";
import { UserText } from "../../components/user-text.tsx";
import { useConfig } from "../../lib/config.tsx";
import { formatTime, formatWeekday, useShiftBlock } from "../../lib/dates.ts";
import { jokeOfTheDay } from "../../lib/jokes.ts";
import { useSession } from "../../lib/session.tsx";
import type { FeaturePanel } from "../../lib/shell.ts";
import { useShellParts } from "./parts.ts";

function Panel({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
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

/**
 * The features' panels for one place, each in the panel frame. They are about the
 * department one works in, so none shows before there is one.
 */
export function FeaturePanels({
  place,
  onNavigate,
}: {
  place: FeaturePanel["place"];
  onNavigate?: () => void;
}) {
  const { features } = useConfig().config;
  const { currentDeptId } = useSession();
  const { panels } = useShellParts();
  if (!currentDeptId) return null;
  return panels
    .filter((panel) => panel.place === place && (!panel.flag || features[panel.flag]))
    .map(({ id, icon, title, Body }) => (
      <Panel key={id} icon={icon} title={title}>
        <Body onNavigate={onNavigate} />
      </Panel>
    ));
}

/** The right rail's content (also in the mobile 'Hurtighandlinger'): all of it real. */
export function InfoPanels({ onNavigate }: { onNavigate?: () => void }) {
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
          <p className="text-[15px] font-medium text-ink">
            <UserText>{department.deptName}</UserText>
          </p>
        </Panel>
      )}
      <FeaturePanels place="info" onNavigate={onNavigate} />
      <Panel icon={Laugh} title={ui.shell.jokeTitle}>
        <p className="text-[15px] text-ink">{joke.setup}</p>
        <p className="mt-2 text-[15px] font-semibold text-primary">{joke.punchline}</p>
      </Panel>
    </div>
  );
}
