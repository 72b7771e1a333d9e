import { type ReactNode, useCallback, useMemo, useRef, useState } from "react";
import type { ChatPerson, ThreadDto } from "../../../../common/schemas/chat.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Button } from "../../../components/ui/button.tsx";
import { useFeature } from "../../../lib/config.tsx";
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
import { Composer } from "./Composer.tsx";
import { MessageList, MessageSkeleton } from "./MessageList.tsx";
import { focusMessage, type ThreadActions, ThreadActionsProvider } from "./thread-context.tsx";

const t = ui.thread;

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
  const { query, messages, hasOlder, olderState, loadOlder } = useThreadMessages(thread.id);
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

  const stopEdit = useCallback((messageId: string) => {
    setEditingId(null);
    // Back where the person was, once the text field is gone.
    requestAnimationFrame(() => body.current && focusMessage(body.current, messageId));
  }, []);

  const actions: ThreadActions = {
    me,
    canWrite,
    reactionsOn,
    editingId,
    startEdit: (message) => setEditingId(message.id),
    stopEdit,
    saveEdit: (messageId, content) => {
      edit.mutate({ id: messageId, content });
      stopEdit(messageId);
    },
    remove: (messageId) => remove.mutate(messageId),
    restore: (messageId) => restore.mutate(messageId),
    toggleReaction: (messageId, emoji) => react.mutate({ id: messageId, emoji }),
    reply: (message) => {
      setReplyTo(message);
      field.current?.focus();
    },
    jumpTo: setJumpTarget,
  };
  const onJumped = useCallback(() => setJumpTarget(null), []);

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
      <div ref={body} className="flex min-h-0 flex-1 flex-col">
        {history}
        {canWrite ? (
          <Composer
            threadId={thread.id}
            placeholder={texts.placeholder}
            replyTo={replyTo}
            onCancelReply={() => setReplyTo(null)}
            onSend={send}
            fieldRef={field}
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
