import { useQuery } from "@tanstack/react-query";
import { presenceStatuses } from "../../../../common/domain/presence.ts";
import { ui } from "../../../../common/texts/index.ts";
import { PresenceDot } from "../../../components/presence-dot.tsx";
import { Avatar } from "../../../components/ui/avatar.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { UserText } from "../../../components/user-text.tsx";
import { cn } from "../../../lib/cn.ts";
import { useDepartmentPresence } from "../../../lib/presence.ts";
import { useSession } from "../../../lib/session.tsx";
import { colleaguesQuery } from "../api/members.ts";

const t = ui.shell.colleaguesOnline;

/** A short glance, not a directory: the rest are counted. */
const shownColleagues = 8;

/**
 * The 'Kolleger pålogget' panel's body: the department's other people who are online,
 * then those away (dimmed). Panels show only once there is a department.
 */
export function ColleaguesOnline() {
  const { currentDeptId, user } = useSession();
  return currentDeptId ? <Colleagues deptId={currentDeptId} me={user.id} /> : null;
}

function Colleagues({ deptId, me }: { deptId: string; me: string }) {
  const colleagues = useQuery(colleaguesQuery(deptId));
  const presence = useDepartmentPresence(deptId);

  if (colleagues.isPending || presence.isPending) {
    return (
      <div role="status" className="flex flex-col gap-2">
        <span className="sr-only">{t.loading}</span>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-8" />
        ))}
      </div>
    );
  }
  if (colleagues.isError || presence.isError) {
    return (
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
  }
  // The staff list comes by name; a stable sort keeps that order within each status.
  const present = colleagues.data.staff
    .filter((c) => c.userId !== me)
    .map((c) => ({ ...c, status: presence.statusOf(c.userId) }))
    .filter((c) => c.status !== "offline")
    .sort((a, b) => presenceStatuses.indexOf(a.status) - presenceStatuses.indexOf(b.status));
  return present.length === 0 ? (
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
              <span className={cn("min-w-0 flex-1 truncate text-sm", away ? "text-muted-fg" : "text-ink")}>
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
