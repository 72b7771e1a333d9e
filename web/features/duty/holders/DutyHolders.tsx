/**
 * Who holds each duty role now: on 'Pågående vakt' under the header (with 'Ta rollen' on
 * a role nobody holds, and 'Overlever til …' on one's own), and compactly in the
 * 'Informasjon' rail. The list follows `duty.changed` and is read again when the block
 * ends, when the next block's holders take over.
 */
import { ArrowRightLeft, ShieldCheck } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import type { DutyNowDto, DutyRoleNow } from "../../../../common/schemas/duty.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Avatar } from "../../../components/ui/avatar.tsx";
import { Button } from "../../../components/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { UserText } from "../../../components/user-text.tsx";
import { ApiError } from "../../../lib/api.ts";
import { cn } from "../../../lib/cn.ts";
import { paths } from "../../../lib/paths.ts";
import { useSession } from "../../../lib/session.tsx";
import { useFollowDuty } from "../api/follow.ts";
import { useHandOver, useTakeRole } from "../api/mutations.ts";
import { useDutyNow, useDutyStaff } from "../api/queries.ts";

const t = ui.duty;

type Variant = "strip" | "panel";

/** The holders of the current department's roles; nothing without a department. */
export function DutyHolders({ variant = "strip" }: { variant?: Variant }) {
  const { currentDeptId, user } = useSession();
  return currentDeptId ? <Holders deptId={currentDeptId} me={user.id} variant={variant} /> : null;
}

/** The rail's panel body. */
export function DutyHoldersPanel() {
  return <DutyHolders variant="panel" />;
}

function Holders({ deptId, me, variant }: { deptId: string; me: string; variant: Variant }) {
  useFollowDuty();
  const now = useDutyNow(deptId);
  if (now.isPending)
    return (
      <div role="status" className={cn("flex gap-2", variant === "strip" ? "px-4 py-2 md:px-6" : "flex-col")}>
        <span className="sr-only">{t.loading}</span>
        {[0, 1].map((i) => (
          <Skeleton key={i} className={variant === "strip" ? "h-9 w-48" : "h-8"} />
        ))}
      </div>
    );
  // Nothing to show where the department's roles are not mine to see.
  if (now.isError && now.error instanceof ApiError && now.error.status === 404) return null;
  if (now.isError)
    return (
      <div className={cn("flex flex-wrap items-center gap-2", variant === "strip" && "px-4 py-2 md:px-6")}>
        <p className="text-sm text-error">{t.holdersFailed}</p>
        <Button variant="outline" size="sm" aria-label={t.holdersRetry} onClick={() => void now.refetch()}>
          {t.retry}
        </Button>
      </div>
    );
  return variant === "strip" ? (
    <Strip now={now.data} me={me} deptId={deptId} />
  ) : (
    <Panel now={now.data} me={me} />
  );
}

function ManageLink({ className }: { className?: string }) {
  return (
    <Link
      to={paths.admin.duty}
      // A finger's target on a phone (the quick actions show the rail), text-sized from 768 px.
      className={cn(
        "inline-flex min-h-11 items-center text-sm font-medium text-primary underline underline-offset-4 hover:no-underline md:min-h-0",
        className,
      )}
    >
      {t.manage}
    </Link>
  );
}

/** Under the shift chat's header: each role, its holder now and what I may do about it. */
export function Strip({ now, me, deptId }: { now: DutyNowDto; me: string; deptId: string }) {
  const headingId = useId();
  const handing = now.roles.some((r) => r.abilities.handOver);
  const staff = useDutyStaff(deptId, handing);
  if (now.roles.length === 0 && !now.canManage) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-2 border-b border-border bg-muted/40 px-4 py-2.5 md:flex-row md:items-start md:gap-4 md:px-6"
    >
      <h2
        id={headingId}
        className="flex shrink-0 items-center gap-1.5 pt-1 text-xs font-semibold tracking-wide text-muted-fg uppercase"
      >
        <ShieldCheck aria-hidden className="size-4" />
        {t.holdersTitle}
      </h2>
      {now.roles.length === 0 ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-fg">
          {t.noRoles}
          <ManageLink />
        </p>
      ) : (
        <ul className="flex min-w-0 flex-1 flex-col gap-x-6 gap-y-1.5 md:flex-row md:flex-wrap">
          {now.roles.map((role) => (
            <RoleNow
              key={role.id}
              role={role}
              me={me}
              deptId={deptId}
              colleagues={staff.data?.staff.filter((c) => c.userId !== role.holder?.userId) ?? null}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function RoleNow({
  role,
  me,
  deptId,
  colleagues,
}: {
  role: DutyRoleNow;
  me: string;
  deptId: string;
  colleagues: { userId: string; fullName: string }[] | null;
}) {
  const nameId = useId();
  const take = useTakeRole(deptId);
  const handOver = useHandOver(deptId);
  const mine = role.holder?.userId === me;
  return (
    <li className="flex min-w-0 items-center justify-between gap-3 md:justify-start">
      <div className="flex min-w-0 items-center gap-2">
        {role.holder && <Avatar name={role.holder.fullName} src={role.holder.avatarUrl} size="sm" />}
        <div className="min-w-0 text-sm leading-tight">
          <div id={nameId} className="text-xs font-medium break-words text-muted-fg md:truncate">
            <UserText>{role.name}</UserText>
          </div>
          <div
            className={cn(
              "break-words md:truncate",
              role.holder ? "font-medium text-ink" : "text-muted-fg italic",
            )}
          >
            {role.holder ? <UserText>{role.holder.fullName}</UserText> : t.noHolder}
            {mine && <span className="font-normal text-muted-fg"> ({t.you.toLowerCase()})</span>}
          </div>
        </div>
      </div>
      {role.abilities.take && (
        <Button
          size="sm"
          aria-describedby={nameId}
          disabled={take.isPending}
          onClick={() => take.mutate({ roleId: role.id, roleName: role.name })}
        >
          {t.take}
        </Button>
      )}
      {role.abilities.handOver && role.holder && (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="outline" size="sm" aria-describedby={nameId} disabled={handOver.isPending}>
              <ArrowRightLeft aria-hidden />
              {t.handOver}
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent className="max-h-80 overflow-y-auto">
            <DropdownMenuLabel>
              {t.handOverTo} <UserText>{role.name}</UserText>
            </DropdownMenuLabel>
            {colleagues === null ? (
              <DropdownMenuItem disabled>{t.loading}</DropdownMenuItem>
            ) : colleagues.length === 0 ? (
              <DropdownMenuItem disabled>{t.noColleagues}</DropdownMenuItem>
            ) : (
              colleagues.map((c) => (
                <DropdownMenuItem
                  key={c.userId}
                  onSelect={() =>
                    handOver.mutate({
                      roleId: role.id,
                      roleName: role.name,
                      userId: c.userId,
                      name: c.fullName,
                    })
                  }
                >
                  <UserText>{c.fullName}</UserText>
                </DropdownMenuItem>
              ))
            )}
          </DropdownMenuContent>
        </DropdownMenu>
      )}
    </li>
  );
}

/** The rail's compact list: each role and its holder now. */
export function Panel({ now, me }: { now: DutyNowDto; me: string }) {
  if (now.roles.length === 0)
    return (
      <div className="flex flex-col items-start gap-1">
        <p className="text-sm text-muted-fg">{t.noRoles}</p>
        {now.canManage && <ManageLink />}
      </div>
    );
  return (
    <div className="flex flex-col gap-1">
      <p className="text-xs text-muted-fg tabular">
        {now.block.name} {now.block.range}
      </p>
      <dl className="flex flex-col gap-1.5">
        {now.roles.map((role) => (
          <div key={role.id} className="min-w-0">
            <dt className="truncate text-xs font-medium text-muted-fg">
              <UserText>{role.name}</UserText>
            </dt>
            <dd
              className={cn(
                "flex min-w-0 items-center gap-2 text-sm",
                role.holder ? "text-ink" : "text-muted-fg italic",
              )}
            >
              {role.holder ? (
                <>
                  <Avatar
                    name={role.holder.fullName}
                    src={role.holder.avatarUrl}
                    size="sm"
                    className="size-6"
                  />
                  <span className="truncate">
                    <UserText>{role.holder.fullName}</UserText>
                    {role.holder.userId === me && (
                      <span className="text-muted-fg"> ({t.you.toLowerCase()})</span>
                    )}
                  </span>
                </>
              ) : (
                t.noHolder
              )}
            </dd>
          </div>
        ))}
      </dl>
      {now.canManage && <ManageLink className="self-start" />}
    </div>
  );
}
