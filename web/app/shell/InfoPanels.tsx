import { useQuery } from "@tanstack/react-query";
import { Building2, CalendarClock, Laugh, type LucideIcon, Users } from "lucide-react";
import type { ReactNode } from "react";
import { presenceStatuses } from "../../../common/domain/presence.ts";
import { ui } from "../../../common/texts/index.ts";
import { PresenceDot } from "../../components/presence-dot.tsx";
import { Avatar } from "../../components/ui/avatar.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { UserText } from "../../components/user-text.tsx";
import { colleaguesQuery } from "../../features/chat/api/members.ts";
import { cn } from "../../lib/cn.ts";
import { useConfig } from "../../lib/config.tsx";
import { formatTime, formatWeekday, useShiftBlock } from "../../lib/dates.ts";
import { jokeOfTheDay } from "../../lib/jokes.ts";
import { useDepartmentPresence } from "../../lib/presence.ts";
import { useSession } from "../../lib/session.tsx";
import { type FeaturePanel, featurePanels } from "./panels.ts";

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

/** A short glance, not a directory: the rest are counted. */
const shownColleagues = 8;

/** 'Kolleger pålogget': the department's other people who are online, then those away (dimmed). */
function ColleaguesOnline({ deptId, me }: { deptId: string; me: string }) {
  const t = ui.shell.colleaguesOnline;
  const colleagues = useQuery(colleaguesQuery(deptId));
  const presence = useDepartmentPresence(deptId);

  let body: ReactNode;
  if (colleagues.isPending || presence.isPending) {
    body = (
      <div role="status" className="flex flex-col gap-2">
        <span className="sr-only">{t.loading}</span>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-8" />
        ))}
      </div>
    );
  } else if (colleagues.isError || presence.isError) {
    body = (
      <div className="flex flex-col items-start gap-2">
        <p className="text-sm text-error">{t.failed}</p>
        <Button
          variant="outline"
          size="sm"
          aria-label={t.retry}
          onClick={() => {
            if (colleagues.isError) void colleagues.refetch();
            if (presence.isError) presence.refetch();
          }}
        >
          {ui.common.retry}
        </Button>
      </div>
    );
  } else {
    // The staff list comes by name; a stable sort keeps that order within each status.
    const present = colleagues.data.staff
      .filter((c) => c.userId !== me)
      .map((c) => ({ ...c, status: presence.statusOf(c.userId) }))
      .filter((c) => c.status !== "offline")
      .sort((a, b) => presenceStatuses.indexOf(a.status) - presenceStatuses.indexOf(b.status));
    body =
      present.length === 0 ? (
        <p className="text-sm text-muted-fg">{t.none}</p>
      ) : (
        <>
          <ul className="flex flex-col gap-1">
            {present.slice(0, shownColleagues).map((c) => {
              const away = c.status === "away";
              return (
                <li key={c.userId} className="flex min-w-0 items-center gap-2.5 py-0.5">
                  {/* Away is told by the word and the dot: dimming the avatar would drop its initials below AA contrast. */}
                  <span className="relative shrink-0">
                    <Avatar name={c.fullName} src={c.avatarUrl} size="sm" />
                    {/* Away is also written out, so the dot is named only when it is the sole sign. */}
                    <PresenceDot
                      status={c.status}
                      decorative={away}
                      className="absolute -right-0.5 -bottom-0.5 ring-2 ring-white"
                    />
                  </span>
                  <span
                    className={cn("min-w-0 flex-1 truncate text-sm", away ? "text-muted-fg" : "text-ink")}
                  >
                    <UserText>{c.fullName}</UserText>
                  </span>
                  {away && <span className="shrink-0 text-xs text-muted-fg">{ui.chat.presence.away}</span>}
                </li>
              );
            })}
          </ul>
          {present.length > shownColleagues && (
            <p className="mt-1 text-sm text-muted-fg">{t.more(present.length - shownColleagues)}</p>
          )}
        </>
      );
  }
  return (
    <Panel icon={Users} title={t.title}>
      {body}
    </Panel>
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
  if (!currentDeptId) return null;
  return featurePanels
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
      {session.currentDeptId && <ColleaguesOnline deptId={session.currentDeptId} me={session.user.id} />}
      <Panel icon={Laugh} title={ui.shell.jokeTitle}>
        <p className="text-[15px] text-ink">{joke.setup}</p>
        <p className="mt-2 text-[15px] font-semibold text-primary">{joke.punchline}</p>
      </Panel>
    </div>
  );
}
