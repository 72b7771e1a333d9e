import { Link } from "react-router";
import type { DirectThreadList } from "../../../../common/schemas/chat.ts";
import { ui } from "../../../../common/texts/index.ts";
import { replyPreview } from "../../../../common/texts/reply-preview.ts";
import { Avatar } from "../../../components/ui/avatar.tsx";
import { UserText } from "../../../components/user-text.tsx";
import { cn } from "../../../lib/cn.ts";
import { paths } from "../../../lib/paths.ts";
import { useSession } from "../../../lib/session.tsx";
import { UnreadPill } from "../unread/UnreadPill.tsx";
import { RelativeTime } from "./RelativeTime.tsx";

const t = ui.chatLists.dm;

type DirectThread = DirectThreadList["threads"][number];

/** One conversation: the other person, the last message on one line, when, and how much is unread. */
export function DirectThreadRow({ thread }: { thread: DirectThread }) {
  const me = useSession().user.id;
  const last = thread.lastMessage;
  // The same one-line cut as a quoted reply: files without text read 'Vedlegg'.
  const preview = last ? replyPreview(last.content) : t.noMessages;
  const unread = thread.unread > 0;
  return (
    <li>
      <Link
        to={paths.chat.dm(thread.threadId)}
        className="flex min-h-16 items-center gap-3 px-4 py-3 hover:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary"
      >
        <Avatar name={thread.other.fullName} src={thread.other.avatarUrl} />
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="flex items-baseline gap-2">
            <span className={cn("truncate text-[15px] text-ink", unread ? "font-semibold" : "font-medium")}>
              <UserText>{thread.other.fullName}</UserText>
            </span>
            {last && (
              <RelativeTime
                value={last.createdAt}
                className="ml-auto shrink-0 text-xs text-muted-fg tabular"
              />
            )}
          </span>
          <span className="flex items-center gap-2">
            <span className={cn("min-w-0 flex-1 truncate text-sm", unread ? "text-ink" : "text-muted-fg")}>
              {last?.authorId === me ? t.fromMe(preview) : preview}
            </span>
            <UnreadPill count={thread.unread} />
          </span>
        </span>
      </Link>
    </li>
  );
}
