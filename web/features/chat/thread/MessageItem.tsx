import { CornerUpLeft } from "lucide-react";
import {
  type FocusEvent,
  type KeyboardEvent,
  lazy,
  memo,
  Suspense,
  useEffect,
  useRef,
  useState,
} from "react";
import { withoutBidiControls } from "../../../../common/domain/bidi.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Avatar } from "../../../components/ui/avatar.tsx";
import { UserText } from "../../../components/user-text.tsx";
import { cn } from "../../../lib/cn.ts";
import { formatDateTime, formatTime } from "../../../lib/dates.ts";
import type { ThreadMessage } from "../api/message-cache.ts";
import { AttachmentList } from "../attachments/AttachmentList.tsx";
import { OutboxStatus } from "../outbox/OutboxStatus.tsx";

// Most messages reach nobody in particular: what shows whom one reached loads with the first that did.
const MessageReachLine = lazy(() =>
  import("../urgent/MessageReach.tsx").then((m) => ({ default: m.MessageReachLine })),
);

/** 'HASTER' (issue 26). */
function UrgentMarker() {
  return (
    <span className="mr-2 inline-flex items-center rounded bg-error px-1.5 py-0.5 align-middle text-[11px] leading-none font-bold tracking-wide text-white">
      {ui.urgent.marker}
    </span>
  );
}

import { EditBox } from "./EditBox.tsx";
import { MessageActions } from "./MessageActions.tsx";
import { MessageText } from "./MessageText.tsx";
import { Reactions } from "./Reactions.tsx";
import { useThreadActions } from "./thread-context.tsx";

const t = ui.thread;

const authorName = (message: Pick<ThreadMessage, "author">) =>
  withoutBidiControls(message.author?.fullName ?? t.unknownAuthor);

function Time({ at, className }: { at: string; className?: string }) {
  return (
    <time dateTime={at} title={formatDateTime(at)} className={cn("text-xs text-muted-fg tabular", className)}>
      {formatTime(at)}
    </time>
  );
}

/** The quoted message above a reply; a click goes to the original. */
function ReplyQuote({ replyTo }: { replyTo: NonNullable<ThreadMessage["replyTo"]> }) {
  const { jumpTo } = useThreadActions();
  const name = authorName(replyTo);
  return (
    <button
      type="button"
      onClick={() => jumpTo(replyTo.id)}
      aria-label={t.reply.quoteLabel(name)}
      className="mb-1 flex max-w-full items-center gap-1.5 rounded-md border-l-4 border-primary/40 bg-muted px-2 py-1 text-left text-sm hover:bg-border/50 max-md:min-h-11"
    >
      <CornerUpLeft aria-hidden className="size-3.5 shrink-0 text-muted-fg" />
      <span className="shrink-0 font-medium text-ink">
        <UserText>{name}</UserText>
      </span>
      <span className={cn("truncate text-muted-fg", replyTo.deleted && "italic")}>{replyTo.preview}</span>
    </button>
  );
}

function DeletedBody({ message }: { message: ThreadMessage }) {
  const { restore } = useThreadActions();
  return (
    <p className="text-muted-fg italic">
      <span>{t.deleted}</span>
      {message.abilities.undo && (
        <>
          {" · "}
          <button
            type="button"
            onClick={() => restore(message.id)}
            className="font-medium text-primary not-italic underline underline-offset-2 hover:no-underline"
          >
            {t.actions.undo}
          </button>
        </>
      )}
    </p>
  );
}

/**
 * One message: avatar, name and time when it begins a group (else the time on hover),
 * the quote it replies to, its text or the deleted placeholder, '(redigert)', its
 * reactions and actions. Focusable; 'e' edits my own.
 */
/**
 * My message on its way: it looks sent from the moment it is (a grey text read as 'not
 * there yet'); 'Sender...' shows only if the server takes more than a second.
 */
const Sending = () => <span className="ml-1 animate-appear-late text-xs text-muted-fg">{t.sending}</span>;

/** One message. Memoised: a send or an edit re-renders only the rows it changed. */
export const MessageItem = memo(function MessageItem({
  message,
  groupStart,
  highlighted,
  focusable,
}: {
  message: ThreadMessage;
  groupStart: boolean;
  highlighted: boolean;
  /** the one message of the list in the tab order (roving focus) */
  focusable: boolean;
}) {
  const actions = useThreadActions();
  const editing = actions.editingId === message.id;
  const deleted = message.deletedAt !== null;
  // A message of files only has no line of text.
  const textShown = Boolean(message.content) || message.attachments.length === 0;
  const element = useRef<HTMLElement>(null);
  // The actions exist only while the message is pointed at or holds the focus (or their
  // reaction picker is open): a toolbar of tooltips and icons in every row cost the
  // virtualised list most of its frames while scrolling, for buttons nobody saw.
  const [pointed, setPointed] = useState(false);
  const [focusWithin, setFocusWithin] = useState(false);
  const [picking, setPicking] = useState(false);
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusWithin(false);
  };

  // A message jumped to takes the focus, also when it only now scrolled into the list.
  useEffect(() => {
    if (highlighted) element.current?.focus({ preventScroll: true });
  }, [highlighted]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === "e" && !event.ctrlKey && !event.metaKey && !event.altKey && message.abilities.edit) {
      event.preventDefault();
      actions.startEdit(message);
    }
  };

  return (
    <article
      ref={element}
      data-message-id={message.id}
      tabIndex={focusable ? 0 : -1}
      aria-busy={message.pending && message.outbox?.state !== "failed" ? true : undefined}
      onKeyDown={onKeyDown}
      onPointerEnter={() => setPointed(true)}
      onPointerLeave={() => setPointed(false)}
      // Not for a message that only took the focus because it was jumped to (from a
      // search or a quote, after a tap or a click): its toolbar would cover its text on
      // a phone. Reached by the keyboard (focus-visible) or within, it shows.
      onFocus={(event) =>
        setFocusWithin(event.target !== event.currentTarget || event.currentTarget.matches(":focus-visible"))
      }
      onBlur={onBlur}
      className={cn(
        "group relative flex gap-3 px-4 py-0.5 transition-colors duration-700 hover:bg-muted/70 focus-visible:bg-muted/70 focus-visible:outline-offset-[-2px] md:px-6",
        // Padding, not margin: the list measures each row by its box.
        groupStart && "pt-3",
        highlighted && "bg-warning/15 hover:bg-warning/15",
        message.urgent && !deleted && "bg-error/5",
      )}
    >
      <div className="w-9 shrink-0">
        {groupStart ? (
          <Avatar
            size="sm"
            name={authorName(message)}
            src={message.author?.avatarUrl}
            className="mt-0.5 size-9"
          />
        ) : (
          <Time at={message.createdAt} className="hidden pt-0.5 text-[11px] group-hover:block" />
        )}
      </div>
      <div className="min-w-0 flex-1">
        {groupStart && (
          <div className="flex items-baseline gap-2">
            <span className="font-semibold text-ink">
              <UserText>{authorName(message)}</UserText>
            </span>
            <Time at={message.createdAt} />
          </div>
        )}
        {message.urgent && !deleted && <UrgentMarker />}
        {message.replyTo && !deleted && <ReplyQuote replyTo={message.replyTo} />}
        {editing ? (
          <EditBox message={message} />
        ) : deleted ? (
          <DeletedBody message={message} />
        ) : textShown ? (
          <MessageText text={message.content ?? ""}>
            {message.editedAt && <span className="ml-1 text-xs text-muted-fg">{t.edited}</span>}
            {message.pending && !message.outbox && <Sending />}
          </MessageText>
        ) : (
          message.pending && !message.outbox && <Sending />
        )}
        {message.outbox && <OutboxStatus outbox={message.outbox} />}
        {!deleted && message.attachments.length > 0 && <AttachmentList message={message} />}
        {(message.urgent || message.reach) && (
          <Suspense fallback={null}>
            <MessageReachLine message={message} />
          </Suspense>
        )}
        {!deleted && actions.reactionsOn && (
          <Reactions
            reactions={message.reactions}
            onToggle={message.abilities.react ? (emoji) => actions.toggleReaction(message.id, emoji) : null}
          />
        )}
      </div>
      {!editing && (pointed || focusWithin || picking) && (
        <MessageActions message={message} onPickingChange={setPicking} />
      )}
    </article>
  );
});
