/**
 * 'Brukeroversikt': a search box (asked of the server a moment after typing stops), a
 * refresh button, and the people as a table from 768 px, as cards below it. Loading,
 * failure with a retry and 'Ingen brukere funnet' as every list has them (ui.md).
 */
import { CircleAlert, RefreshCw, Search, Users } from "lucide-react";
import { type ReactNode, useDeferredValue, useEffect, useState } from "react";
import type { UserRow } from "../../../../common/schemas/users.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Button } from "../../../components/ui/button.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { SkeletonPersonRow } from "../../../components/ui/skeleton.tsx";
import { errorText } from "../../../lib/api.ts";
import { useIsDesktop } from "../../../lib/media.ts";
import { useSession } from "../../../lib/session.tsx";
import { useUsers } from "../api/queries.ts";
import { EditUserDialog } from "../form/EditUserDialog.tsx";
import { StaffWorkDialog } from "../form/StaffWorkDialog.tsx";
import { DeleteUserDialog } from "./DeleteUserDialog.tsx";
import type { RowHandlers } from "./row-parts.tsx";
import { UserCards } from "./UserCards.tsx";
import { UserTable } from "./UserTable.tsx";

const t = ui.users.list;
const searchDelayMs = 300;

/** The search as sent: what was typed, once typing has paused. */
function useSettled(value: string) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value.trim()), searchDelayMs);
    return () => clearTimeout(timer);
  }, [value]);
  return useDeferredValue(settled);
}

function Loading() {
  return (
    <div role="status" className="flex flex-col gap-4 rounded-lg border border-border bg-white p-4">
      <span className="sr-only">{t.loading}</span>
      {[0, 1, 2, 3].map((i) => (
        <SkeletonPersonRow key={i} />
      ))}
    </div>
  );
}

export function UsersTab() {
  const isAdmin = useSession().role === "admin";
  const [typed, setTyped] = useState("");
  const search = useSettled(typed);
  const users = useUsers(search);
  const isDesktop = useIsDesktop();
  const [editing, setEditing] = useState<UserRow | null>(null);
  const [working, setWorking] = useState<UserRow | null>(null);
  const [deleting, setDeleting] = useState<UserRow | null>(null);
  const handlers: RowHandlers = { onEdit: setEditing, onWork: setWorking, onDelete: setDeleting };

  let content: ReactNode;
  if (users.isPending) content = <Loading />;
  else if (users.isError)
    content = (
      <EmptyState
        icon={CircleAlert}
        title={t.failed}
        action={
          <Button variant="outline" onClick={() => users.refetch()}>
            {t.retry}
          </Button>
        }
      >
        {errorText(users.error, t.failed) !== t.failed && errorText(users.error, t.failed)}
      </EmptyState>
    );
  else if (users.data.users.length === 0)
    content = (
      <EmptyState icon={Users} title={t.empty}>
        {isAdmin ? t.emptyBody : t.emptyBodyLeader}
      </EmptyState>
    );
  else if (isDesktop) content = <UserTable users={users.data.users} {...handlers} />;
  else content = <UserCards users={users.data.users} {...handlers} />;

  return (
    <section aria-labelledby="users-overview" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="users-overview" className="text-lg font-semibold text-ink">
          {t.title}
        </h2>
        <div className="flex w-full gap-2 sm:w-auto">
          <div className="relative flex-1 sm:w-72">
            <Search
              aria-hidden
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-fg"
            />
            <Input
              type="search"
              aria-label={t.searchLabel}
              placeholder={t.search}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              className="pl-9"
            />
          </div>
          <Button
            variant="outline"
            size="icon"
            className="size-11"
            aria-label={t.refresh}
            disabled={users.isFetching}
            onClick={() => users.refetch()}
          >
            <RefreshCw aria-hidden className={users.isFetching ? "animate-spin" : undefined} />
          </Button>
        </div>
      </div>
      {content}
      {editing && <EditUserDialog user={editing} onClose={() => setEditing(null)} />}
      {working && <StaffWorkDialog user={working} onClose={() => setWorking(null)} />}
      <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}
