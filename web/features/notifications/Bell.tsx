/**
 * The notification bell (spec §2, §4): the unread count as a badge capped at '9+', kept
 * current by the 30-second poll and my realtime topic; a dropdown with my latest 20,
 * 'Merk alle som lest' and each item's actions. A Radix Popover rather than a menu: the
 * items hold buttons of their own, which menu items may not. Escape closes it and the
 * focus returns to the bell.
 */
import { Bell as BellIcon, BellRing, CheckCheck, Moon } from "lucide-react";
import { Popover } from "radix-ui";
import { type ComponentProps, type ReactNode, useId, useState } from "react";
import { Link } from "react-router";
import { ui } from "../../../common/texts/index.ts";
import { Button } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { SkeletonPersonRow } from "../../components/ui/skeleton.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { Tooltip } from "../../components/ui/tooltip.tsx";
import { useAlertsState } from "../../lib/alerts.ts";
import { paths } from "../../lib/paths.ts";
import { dismissNoticeToasts, useFollowNotifications } from "./api/follow.ts";
import { useMarkAllRead, useNotificationList, useUnreadCount } from "./api/notifications.ts";
import { NotificationItem } from "./NotificationItem.tsx";

const t = ui.notifications;

/** Spec §9: the badge shows at most '9+'; the bell's name says the whole number. */
const badgeText = (unread: number) => (unread > 9 ? "9+" : String(unread));

function BellButton({
  unread,
  quiet,
  ...props
}: ComponentProps<"button"> & { unread: number; quiet: boolean }) {
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={t.bell(unread)}
      className="relative size-11 text-primary-fg hover:bg-white/10 focus-visible:outline-primary-fg"
      {...props}
    >
      <BellIcon aria-hidden className="!size-5" />
      {/* A phone's header has no room for the quiet mark's own button: the bell wears it
          (the profile says it in words). */}
      {quiet && (
        <Moon
          aria-hidden
          data-testid="quiet-mark-on-bell"
          className="absolute bottom-1.5 left-1 !size-3.5 fill-current md:hidden"
        />
      )}
      {unread > 0 && (
        <span
          aria-hidden
          className="absolute top-1 right-0.5 min-w-5 rounded-full bg-error px-1 text-center text-[11px] leading-5 font-semibold text-white tabular ring-2 ring-primary"
        >
          {badgeText(unread)}
        </span>
      )}
    </Button>
  );
}

function ListSkeleton() {
  return (
    <div className="px-4 py-3">
      <Spinner label={t.loading} className="size-4" />
      {[0, 1, 2].map((i) => (
        <SkeletonPersonRow key={i} className="mt-3" avatar="size-9" lines={["h-4 w-2/3", "h-3.5 w-full"]} />
      ))}
    </div>
  );
}

/** The dropdown's content: mounted while it is open, so the list is read on every opening. */
function NotificationPanel({ headingId, onNavigate }: { headingId: string; onNavigate: () => void }) {
  const list = useNotificationList();
  const unread = useUnreadCount() ?? list.data?.unreadCount ?? 0;
  const markAll = useMarkAllRead();

  let body: ReactNode;
  if (list.data) {
    body =
      list.data.notifications.length === 0 ? (
        <EmptyState icon={BellRing} title={t.empty} className="m-3 border-none py-8">
          {t.emptyBody}
        </EmptyState>
      ) : (
        <ul aria-labelledby={headingId}>
          {list.data.notifications.map((n) => (
            <NotificationItem key={n.id} notification={n} onNavigate={onNavigate} />
          ))}
        </ul>
      );
  } else if (list.isError) {
    body = (
      <div className="flex flex-col items-start gap-3 p-4">
        <FormAlert message={t.failed} className="w-full" />
        <Button size="sm" variant="outline" onClick={() => void list.refetch()}>
          {t.retry}
        </Button>
      </div>
    );
  } else {
    body = <ListSkeleton />;
  }

  return (
    <div className="flex max-h-[min(36rem,var(--radix-popover-content-available-height))] flex-col">
      <div className="flex min-h-14 items-center justify-between gap-2 border-b border-border py-2 pr-2 pl-4">
        <h2 id={headingId} className="text-base font-semibold text-ink">
          {t.title}
        </h2>
        <Button size="sm" variant="ghost" disabled={unread === 0} onClick={() => markAll.mutate()}>
          <CheckCheck aria-hidden />
          {t.markAllRead}
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">{body}</div>
    </div>
  );
}

/**
 * The header's quiet mark (issue 26): a moon while ordinary toasts and sounds are off
 * because I am off shift. It leads to 'Min profil', where the setting is.
 */
function QuietMark() {
  return (
    <Tooltip content={t.quiet}>
      <Link
        to={paths.profile}
        aria-label={t.quiet}
        data-testid="quiet-mark"
        className="flex size-11 items-center justify-center rounded-md text-primary-fg/85 max-md:hidden hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-primary-fg"
      >
        <Moon aria-hidden className="size-[18px]" />
      </Link>
    </Tooltip>
  );
}

export function Bell() {
  useFollowNotifications();
  const quiet = useAlertsState()?.quiet === true;
  const unread = useUnreadCount() ?? 0;
  const [open, setOpen] = useState(false);
  const headingId = useId();
  return (
    <>
      {quiet && <QuietMark />}
      <BellPopover
        unread={unread}
        quiet={quiet}
        open={open}
        setOpen={(next) => {
          // What the toasts said is in the list now.
          if (next) dismissNoticeToasts();
          setOpen(next);
        }}
        headingId={headingId}
      />
    </>
  );
}

function BellPopover({
  unread,
  quiet,
  open,
  setOpen,
  headingId,
}: {
  unread: number;
  quiet: boolean;
  open: boolean;
  setOpen: (open: boolean) => void;
  headingId: string;
}) {
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Tooltip content={t.title}>
        <Popover.Trigger asChild>
          <BellButton unread={unread} quiet={quiet} />
        </Popover.Trigger>
      </Tooltip>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          aria-labelledby={headingId}
          className="z-50 w-[min(26rem,calc(100vw-1rem))] overflow-hidden rounded-lg border border-border bg-white text-ink shadow-lg focus:outline-none"
        >
          <NotificationPanel headingId={headingId} onNavigate={() => setOpen(false)} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
