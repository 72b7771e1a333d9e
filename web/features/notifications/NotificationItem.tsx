/**
 * One notification in the bell's list: icon, heading, text, when, and its actions. Unread
 * ones carry the word 'Ulest' and a bold heading, not only a tint (WCAG 1.4.1). Opening
 * an item, or registering interest from it, reads it. A notice whose shift or deal has
 * moved on shows where it stands now ('Tildelt') and only the actions that state allows.
 */
import { Check, Hand } from "lucide-react";
import { useId } from "react";
import { useNavigate } from "react-router";
import type { NotificationDto } from "../../../common/schemas/notifications.ts";
import { ui } from "../../../common/texts/index.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../lib/cn.ts";
import { formatDateTime, formatRelative } from "../../lib/dates.ts";
import { useRegisterInterest } from "./api/interest.ts";
import { useMarkRead } from "./api/notifications.ts";
import { viewOf } from "./view.ts";

const t = ui.notifications;

/** 'for 5 minutter siden'; under a minute (or a little ahead by the server's clock) just now. */
const when = (createdAt: string) =>
  Date.now() - new Date(createdAt).getTime() < 60_000 ? t.justNow : formatRelative(createdAt);

export function NotificationItem({
  notification,
  onNavigate,
}: {
  notification: NotificationDto;
  /** the dropdown closes when an item leads elsewhere */
  onNavigate: () => void;
}) {
  const { icon: Icon, heading, kind, text, link, interestIn, state } = viewOf(notification);
  const unread = notification.readAt === null;
  const headingId = useId();
  const navigate = useNavigate();
  const markRead = useMarkRead();
  const interest = useRegisterInterest();
  const read = () => {
    if (unread) markRead.mutate(notification.id);
  };

  return (
    <li
      aria-labelledby={headingId}
      className={cn(
        "flex gap-3 border-b border-border px-4 py-3 last:border-b-0",
        unread && "border-l-4 border-l-primary bg-secondary/40 pl-3",
      )}
    >
      <span
        className={cn(
          "mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full",
          unread ? "bg-primary text-primary-fg" : "bg-muted text-muted-fg",
        )}
      >
        <Icon aria-hidden className="size-4" />
      </span>
      <div className="min-w-0 flex-1">
        {kind && <p className="text-xs font-medium tracking-wide text-muted-fg uppercase">{kind}</p>}
        <div className="flex items-start justify-between gap-2">
          <p
            id={headingId}
            className={cn("text-sm break-words text-ink", unread ? "font-semibold" : "font-medium")}
          >
            {heading}
          </p>
          {unread && (
            <Badge tone="info" className="mt-px">
              {t.unreadMark}
            </Badge>
          )}
        </div>
        {text && <p className="mt-0.5 text-sm break-words whitespace-pre-line text-muted-fg">{text}</p>}
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <time
            dateTime={notification.createdAt}
            title={formatDateTime(notification.createdAt)}
            className="block text-xs text-muted-fg"
          >
            {when(notification.createdAt)}
          </time>
          {state && <Badge tone="neutral">{state}</Badge>}
        </div>
        {(link || interestIn || unread) && (
          <div className="mt-2 flex flex-wrap gap-2">
            {interestIn && (
              <Button
                size="sm"
                aria-describedby={headingId}
                disabled={interest.isPending || interest.isSuccess}
                onClick={() => interest.mutate(interestIn, { onSuccess: read })}
              >
                <Hand aria-hidden />
                {interest.isSuccess
                  ? t.interestRegistered
                  : interest.isPending
                    ? t.interestSending
                    : t.interested}
              </Button>
            )}
            {link && (
              <Button
                size="sm"
                aria-describedby={headingId}
                onClick={() => {
                  read();
                  onNavigate();
                  navigate(link.to);
                }}
              >
                {link.label}
              </Button>
            )}
            {unread && (
              <Button
                size="sm"
                variant="outline"
                aria-describedby={headingId}
                disabled={markRead.isPending}
                onClick={read}
              >
                <Check aria-hidden />
                {t.markRead}
              </Button>
            )}
          </div>
        )}
      </div>
    </li>
  );
}
