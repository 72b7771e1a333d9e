import { Hash, UserPlus } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { ChannelList } from "../../../../common/schemas/chat.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { toast } from "../../../components/ui/toaster.tsx";
import { UserText } from "../../../components/user-text.tsx";
import { errorText } from "../../../lib/api.ts";
import { cn } from "../../../lib/cn.ts";
import { paths } from "../../../lib/paths.ts";
import { useJoinChannel } from "../api/channels.ts";
import { AddMembersDialog } from "../members/AddMembersDialog.tsx";
import { UnreadPill } from "../unread/UnreadPill.tsx";

const t = ui.chatLists.channels;

type Channel = ChannelList["channels"][number];

/** 'Bli med' on a public channel I am not in; afterwards the row is one of mine. */
function JoinButton({ channel }: { channel: Channel }) {
  const join = useJoinChannel();
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={t.joinIn(channel.name)}
      disabled={join.isPending}
      onClick={() =>
        join.mutate(channel.id, {
          onSuccess: () => toast.success(t.joined(channel.name)),
          onError: (err) => toast.error(errorText(err, t.joinFailed)),
        })
      }
    >
      {join.isPending ? t.joining : t.join}
    </Button>
  );
}

/** Members of a channel may add colleagues to it (its header offers the same). */
function AddMembersButton({ channel }: { channel: Channel }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label={t.addMembersTo(channel.name)}
        onClick={() => setOpen(true)}
      >
        <UserPlus aria-hidden />
      </Button>
      <AddMembersDialog threadId={channel.id} open={open} onOpenChange={setOpen} />
    </>
  );
}

/** One channel: name, privacy and size; opens the channel; unread, or 'Bli med'. */
export function ChannelRow({ channel }: { channel: Channel }) {
  const unread = channel.unread > 0;
  return (
    <li className="flex items-center gap-2 pr-3 hover:bg-muted">
      <Link
        to={paths.chat.channel(channel.id)}
        className="flex min-h-16 min-w-0 flex-1 items-center gap-3 py-3 pl-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary"
      >
        <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-secondary text-secondary-fg">
          <Hash aria-hidden className="size-5" />
        </span>
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className={cn("truncate text-[15px] text-ink", unread ? "font-semibold" : "font-medium")}>
            <UserText>{channel.name}</UserText>
          </span>
          <span className="flex flex-wrap items-center gap-2 text-sm text-muted-fg">
            {t.members(channel.memberCount)}
            {!channel.isPublic && <Badge tone="warning">{t.privateBadge}</Badge>}
          </span>
        </span>
        <UnreadPill count={channel.unread} />
      </Link>
      {channel.isMember ? <AddMembersButton channel={channel} /> : <JoinButton channel={channel} />}
    </li>
  );
}
