import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import { limits } from "../../../../common/base/limits.ts";
import type { ChatPerson, ThreadDto } from "../../../../common/schemas/chat.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Button } from "../../../components/ui/button.tsx";
import { useFeature } from "../../../lib/config.tsx";
import { useShowThread } from "../../../lib/open-thread.ts";
import { messageParam } from "../../../lib/paths.ts";
import { useSession } from "../../../lib/session.tsx";
import type { ThreadMessage } from "../api/message-cache.ts";
import {
  useDeleteMessage,
  useEditMessage,
  useRestoreMessage,
  useSendMessage,
  useToggleReaction,
} from "../api/message-mutations.ts";
import { useMarkRead, useThreadMessages } from "../api/messages.ts";
import { useOutboxMessages } from "../outbox/use-outbox.ts";
import { Composer } from "./Composer.tsx";
import { ConnectionNotice } from "./ConnectionNotice.tsx";
import { MessageList, MessageSkeleton } from "./MessageList.tsx";
import { RetentionNotice } from "./RetentionNotice.tsx";
import { focusMessage, type ThreadActions, ThreadActionsProvider } from "./thread-context.tsx";

const t = ui.thread;

/** A precise pointer and room for the desktop layout: a keyboard is at hand, not on screen. */
const typingAtHand = `(pointer: fine) and (hover: hover) and (min-width: ${limits.mobileBreakpointPx}px)`;

export interface ThreadTexts {
  loading: string;
  failed: string;
  placeholder: string;
}

/** A thread's body that failed to load, with a retry. */
export function ThreadState({ failed, onRetry }: { failed: string; onRetry?: () => void }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
      <p role="alert" className="font-medium text-ink">
        {failed}
      </p>
      {onRetry && (
        <Button variant="outline" onClick={onRetry}>
          {ui.common.retry}
        </Button>
      )}
    </div>
  );
}

/** The messages and the composer of a loaded thread, and what one can do with its messages. */
export function ThreadView({
  thread,
  texts,
  readOnly,
}: {
  thread: ThreadDto;
  texts: ThreadTexts;
  /** what stands where the composer would be, for a reader who may not write */
  readOnly?: ReactNode;
}) {
  const { user } = useSession();
  const me = useMemo<ChatPerson>(
    () => ({ userId: user.id, fullName: user.fullName, avatarUrl: user.avatarUrl }),
    [user.id, user.fullName, user.avatarUrl],
  );
  const reactionsOn = useFeature("chatReactions");
  const { query, messages: held, hasOlder, olderState, loadOlder } = useThreadMessages(thread.id);
  // What waits in the offline outbox shows after everything sent, as my messages.
  const queued = useOutboxMessages(thread.id, me);
  const messages = useMemo(() => (queued.length > 0 ? [...held, ...queued] : held), [held, queued]);
  const send = useSendMessage(thread.id, me);
  const edit = useEditMessage(thread.id);
  const remove = useDeleteMessage(thread.id);
  const restore = useRestoreMessage(thread.id);
  const react = useToggleReaction(thread.id, me);
  const markRead = useMarkRead(thread.id);
  const [replyTo, setReplyTo] = useState<ThreadMessage | null>(null);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [jumpTarget, setJumpTarget] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const canWrite = thread.abilities.write;
  // What lives outside the page (the search box's 'I') knows which thread is on screen.
  useShowThread(thread);

  // A link to one of the thread's messages (a search result, `?melding=`) jumps to it as a
  // reply's quote does, on opening and on every new visit of such a link, also to the same one.
  const linked = useSearchParams()[0].get(messageParam);
  const { key: visit } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: each visit jumps again
  useEffect(() => {
    if (linked) setJumpTarget(linked);
  }, [linked, visit]);

  const stopEdit = useCallback((messageId: string) => {
    setEditingId(null);
    // Back where the person was, once the text field is gone.
    requestAnimationFrame(() => body.current && focusMessage(body.current, messageId));
  }, []);

  // Kept the same object while nothing in it changes: every message reads it, and a new
  // one on each send or mutation state re-rendered the whole list before my message showed.
  const { mutate: editMutate } = edit;
  const { mutate: removeMutate } = remove;
  const { mutate: restoreMutate } = restore;
  const { mutate: reactMutate } = react;
  const actions = useMemo<ThreadActions>(
    () => ({
      me,
      canWrite,
      reactionsOn,
      editingId,
      startEdit: (message) => setEditingId(message.id),
      stopEdit,
      saveEdit: (messageId, content) => {
        editMutate({ id: messageId, content });
        stopEdit(messageId);
      },
      remove: (messageId) => removeMutate(messageId),
      restore: (messageId) => restoreMutate(messageId),
      toggleReaction: (messageId, emoji) => reactMutate({ id: messageId, emoji }),
      reply: (message) => {
        setReplyTo(message);
        field.current?.focus();
      },
      jumpTo: setJumpTarget,
    }),
    [me, canWrite, reactionsOn, editingId, stopEdit, editMutate, removeMutate, restoreMutate, reactMutate],
  );
  const onJumped = useCallback(() => setJumpTarget(null), []);

  // Opening a thread puts the caret in the composer where typing is a keyboard away. On a
  // touch screen it does not: focusing would pop the on-screen keyboard over half the
  // thread one opened to read. Once per thread: the frame mounts a view per thread id. The
  // composer is there before the history, so the caret need not wait for it.
  useEffect(() => {
    if (!canWrite || !window.matchMedia(typingAtHand).matches) return;
    // Someone already typing elsewhere, in a dialog or in a menu they opened while the
    // thread loaded keeps their place (the focus leaving a menu closes it); the link or
    // button that opened the thread gives way.
    if (
      document.activeElement?.closest(
        "input, textarea, select, [contenteditable], [role=dialog], [role=alertdialog], [role=menu]",
      )
    )
      return;
    field.current?.focus({ preventScroll: true });
  }, [canWrite]);

  // History that has not come yet (or failed) takes the list's place only: the composer
  // is there from the start, so one can write while the messages load.
  let history: ReactNode;
  if (query.isPending) history = <MessageSkeleton label={texts.loading} />;
  else if (query.isError)
    history = <ThreadState failed={texts.failed} onRetry={() => void query.refetch()} />;
  else
    history = (
      <MessageList
        messages={messages}
        meId={me.userId}
        emptyText={t.empty}
        hasOlder={hasOlder}
        olderState={olderState}
        loadOlder={loadOlder}
        jumpTarget={jumpTarget}
        onJumped={onJumped}
        onNewestSeen={markRead}
      />
    );

  return (
    <ThreadActionsProvider value={actions}>
      <div ref={body} data-thread-body className="flex min-h-0 flex-1 flex-col">
        <ConnectionNotice />
        {history}
        <RetentionNotice retention={thread.retention} />
        {canWrite ? (
          <Composer
            threadId={thread.id}
            placeholder={texts.placeholder}
            replyTo={replyTo}
            onCancelReply={() => setReplyTo(null)}
            onSend={send}
            fieldRef={field}
            urgentAllowed={thread.kind !== "channel"}
            mentionsOn={thread.kind === "department" || thread.kind === "shift"}
          />
        ) : (
          <div className="border-t border-border bg-white px-4 py-3 text-sm text-muted-fg md:px-6">
            {readOnly ?? t.readOnly}
          </div>
        )}
      </div>
    </ThreadActionsProvider>
  );
}
