/**
 * The four thread pages (spec §2 Chat): the department's, the shift's, a direct
 * conversation and a channel, and any thread by id (a search result). Each gives its
 * header and words; the thread view does the rest.
 */
import { UserPlus } from "lucide-react";
import { lazy, type ReactNode, useState } from "react";
import { Navigate, useLocation, useParams } from "react-router";
import { withoutBidiControls } from "../../../../common/domain/bidi.ts";
import { formatNorwegianDate } from "../../../../common/domain/norwegian-date.ts";
import { ui } from "../../../../common/texts/index.ts";
import { OnceOpened } from "../../../components/once-opened.tsx";
import { PresenceDot } from "../../../components/presence-dot.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { useShiftBlock } from "../../../lib/dates.ts";
import { paths } from "../../../lib/paths.ts";
import { useDepartmentPresence } from "../../../lib/presence.ts";
import { useSession } from "../../../lib/session.tsx";
import { useJoinChannel } from "../api/channels.ts";
import { useDepartmentThread, useShiftThread, useThread } from "../api/thread.ts";
import { ThreadBody, ThreadFrame } from "./ThreadFrame.tsx";

/** Only a channel's members add people: its form loads when it opens. */
const AddMembersDialog = lazy(() =>
  import("../members/AddMembersDialog.tsx").then((m) => ({ default: m.AddMembersDialog })),
);

const p = ui.pages;
const t = ui.thread;
const lists = ui.chatLists;

export function DepartmentChatPage() {
  const thread = useDepartmentThread();
  return (
    <ThreadFrame title={p.departmentChat.title} subtitle={p.departmentChat.subtitle}>
      <ThreadBody query={thread} texts={t.department} />
    </ThreadFrame>
  );
}

/** `below`: what the app puts under the header (who holds the duty roles now). */
/** The green dot of a shift under way. */
function OngoingDot() {
  return (
    <span
      role="img"
      aria-label={ui.nav.shiftActive}
      className="size-2.5 shrink-0 rounded-full bg-success motion-safe:animate-pulse-dot"
    />
  );
}

export function ShiftChatPage({ below }: { below?: ReactNode } = {}) {
  const thread = useShiftThread();
  // Until the thread answers, the block under way by this clock: the same block.
  const block = useShiftBlock();
  const shift = thread.data?.shift;
  const ongoing = shift?.current ?? true;
  return (
    <ThreadFrame
      title={
        <>
          {ongoing && <OngoingDot />}
          {p.shiftChat.title}
        </>
      }
      subtitle={
        <span className="tabular">
          {p.shiftChat.subtitle(shift?.name ?? block.name, shift?.range ?? block.range)}
        </span>
      }
      below={below}
    >
      <ThreadBody query={thread} texts={t.shift} />
    </ThreadFrame>
  );
}

export function DirectThreadPage() {
  const { threadId = "" } = useParams();
  const thread = useThread(threadId);
  const other = thread.data?.other;
  const presence = useDepartmentPresence(thread.data?.deptId);
  // Unknown until the list answers: no 'Offline' that turns out wrong a moment later.
  const status = other && !presence.isPending && !presence.isError ? presence.statusOf(other.userId) : null;
  return (
    // 'Direktemelding' is the title until the other person is known, then the subtitle under
    // their name, after their presence (spec §2).
    <ThreadFrame
      back={{ to: paths.chat.dms, label: t.direct.back }}
      title={other ? withoutBidiControls(other.fullName) : p.dmThread.title}
      subtitle={
        other && (
          <span className="flex flex-wrap items-center gap-x-2">
            {status && (
              <>
                <span className="flex items-center gap-1.5">
                  <PresenceDot status={status} decorative />
                  {ui.chat.presence[status]}
                </span>
                <span aria-hidden>·</span>
              </>
            )}
            {p.dmThread.title}
          </span>
        )
      }
    >
      <ThreadBody
        query={thread}
        texts={{ ...t.direct, placeholder: t.direct.placeholder(withoutBidiControls(other?.fullName ?? "")) }}
        notFound={{ title: t.direct.notFound, body: t.direct.notFoundBody }}
      />
    </ThreadFrame>
  );
}

/** 'Bli med' where the composer would be, for a public channel I am not in. */
function JoinToWrite({ channelId, name }: { channelId: string; name: string }) {
  const join = useJoinChannel();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <span>{t.channel.joinToWrite}</span>
      <Button
        size="sm"
        disabled={join.isPending}
        aria-label={lists.channels.joinIn(name)}
        onClick={() => join.mutate(channelId)}
      >
        {join.isPending ? lists.channels.joining : lists.channels.join}
      </Button>
    </div>
  );
}

export function ChannelPage() {
  const { channelId = "" } = useParams();
  const thread = useThread(channelId);
  const [adding, setAdding] = useState(false);
  const channel = thread.data;
  const presence = useDepartmentPresence(channel?.deptId);
  return (
    <ThreadFrame
      back={{ to: paths.chat.channels, label: t.channel.back }}
      title={channel ? `#${withoutBidiControls(channel.name)}` : p.channel.title}
      subtitle={
        channel && (
          <span className="flex flex-wrap items-center gap-2">
            {channel.kind === "shift" && <Badge tone="info">{t.channel.shiftBadge}</Badge>}
            {!channel.isPublic && <Badge tone="warning">{lists.channels.privateBadge}</Badge>}
            <span className="tabular">{lists.channels.members(channel.members.length)}</span>
            {!presence.isPending && !presence.isError && (
              <span className="flex items-center gap-1.5 tabular">
                <PresenceDot status="online" decorative />
                {t.channel.online(presence.onlineCount(channel.members.map((m) => m.userId)))}
              </span>
            )}
          </span>
        )
      }
      actions={
        channel?.abilities.addMembers && (
          <>
            <Button variant="outline" size="sm" onClick={() => setAdding(true)}>
              <UserPlus aria-hidden />
              {lists.addMembers.title}
            </Button>
            <OnceOpened open={adding}>
              <AddMembersDialog threadId={channel.id} open={adding} onOpenChange={setAdding} />
            </OnceOpened>
          </>
        )
      }
    >
      <ThreadBody
        query={thread}
        texts={{ ...t.channel, placeholder: t.channel.placeholder(withoutBidiControls(channel?.name ?? "")) }}
        notFound={{ title: t.channel.notFound, body: t.channel.notFoundBody }}
        readOnly={channel?.abilities.join && <JoinToWrite channelId={channel.id} name={channel.name} />}
      />
    </ThreadFrame>
  );
}

/**
 * /chat/thread/{id}: a thread I may read, opened by id: an earlier shift's, another
 * department's (a search result leads here, with `?melding=`). A conversation and a
 * channel have pages of their own, and my department's thread and the shift under way
 * are the sidebar's: those move there, with the address's message.
 */
export function ThreadPage() {
  const { threadId = "" } = useParams();
  const { search } = useLocation();
  const { currentDeptId } = useSession();
  const thread = useThread(threadId);
  const data = thread.data;
  if (data?.kind === "direct") return <Navigate replace to={paths.chat.dm(data.id) + search} />;
  if (data?.kind === "channel") return <Navigate replace to={paths.chat.channel(data.id) + search} />;
  if (data?.kind === "department" && data.deptId === currentDeptId)
    return <Navigate replace to={paths.chat.department + search} />;
  if (data?.kind === "shift" && data.shift?.current && data.deptId === currentDeptId)
    return <Navigate replace to={paths.chat.shift + search} />;
  const shift = data?.shift;
  let title: ReactNode = p.thread.title;
  let subtitle: ReactNode = null;
  if (shift) {
    title = (
      <>
        {shift.current && <OngoingDot />}
        {p.thread.shiftTitle}
      </>
    );
    subtitle = (
      <span className="tabular">
        {p.thread.shiftSubtitle(shift.name, formatNorwegianDate(shift.date), shift.range)}
      </span>
    );
  } else if (data) {
    title = withoutBidiControls(data.name);
    subtitle = p.departmentChat.subtitle;
  }
  return (
    <ThreadFrame title={title} subtitle={subtitle}>
      <ThreadBody
        query={thread}
        texts={data?.kind === "shift" ? t.shift : t.department}
        notFound={{ title: t.direct.notFound, body: t.direct.notFoundBody }}
      />
    </ThreadFrame>
  );
}
