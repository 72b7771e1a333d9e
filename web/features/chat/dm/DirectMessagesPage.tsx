/**
 * /chat/dm (spec §2 'Direct messages list'): my conversations, the most recently active
 * first, each with the other person, the last message that is not deleted, when, and
 * what I have not read; 'Ny melding' opens 'Velg kollega'. `?med={userId}` opens my
 * conversation with that colleague, made on first use (a search result's person).
 */
import { CircleAlert, MessageSquare, SquarePen } from "lucide-react";
import { useEffect, useRef } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { ui } from "../../../../common/texts/index.ts";
import { Page } from "../../../components/page.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { toast } from "../../../components/ui/toaster.tsx";
import { errorText } from "../../../lib/api.ts";
import { directWithParam, paths } from "../../../lib/paths.ts";
import { useDirectThreads, useOpenDirectThread } from "../api/dms.ts";
import { useFollowChatLists } from "../unread/follow.ts";
import { ListSkeleton } from "../unread/ListSkeleton.tsx";
import { DirectThreadRow } from "./DirectThreadRow.tsx";
import { NewMessageDialog } from "./NewMessageDialog.tsx";
import { newMessageParam } from "./new-message-link.ts";

const t = ui.chatLists.dm;

function DirectThreadList({ onNewMessage }: { onNewMessage: () => void }) {
  const threads = useDirectThreads();
  if (threads.isPending) return <ListSkeleton label={t.loading} />;
  if (threads.isError)
    return (
      <EmptyState
        icon={CircleAlert}
        title={t.failed}
        action={
          <Button variant="outline" onClick={() => threads.refetch()}>
            {ui.common.retry}
          </Button>
        }
      />
    );
  if (threads.data.threads.length === 0)
    return (
      <EmptyState
        icon={MessageSquare}
        title={t.emptyTitle}
        action={
          <Button onClick={onNewMessage}>
            <SquarePen aria-hidden />
            {t.newMessage}
          </Button>
        }
      >
        {t.emptyBody}
      </EmptyState>
    );
  return (
    <ul
      aria-label={t.listLabel}
      className="divide-y divide-border overflow-hidden rounded-lg border border-border bg-white"
    >
      {threads.data.threads.map((thread) => (
        <DirectThreadRow key={thread.threadId} thread={thread} />
      ))}
    </ul>
  );
}

/**
 * `?med={userId}`: the conversation with that colleague, in the list's place in the
 * history (back leads to where the link was followed from). A failure stays on the list.
 */
function useOpenDirectWith() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { mutate } = useOpenDirectThread();
  const userId = params.get(directWithParam);
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (!userId || asked.current === userId) return;
    asked.current = userId;
    mutate(userId, {
      onSuccess: (thread) => navigate(paths.chat.dm(thread.id), { replace: true }),
      onError: (err) => {
        toast.error(errorText(err, t.openFailed));
        setParams({}, { replace: true });
      },
    });
  }, [userId, mutate, navigate, setParams]);
}

export function DirectMessagesPage() {
  useFollowChatLists();
  useOpenDirectWith();
  // The picker's open state is in the address: 'Ny melding' in 'Hurtighandlinger' links to it.
  const [params, setParams] = useSearchParams();
  const pickerOpen = params.has(newMessageParam);
  const setPickerOpen = (open: boolean) =>
    setParams(open ? { [newMessageParam]: "1" } : {}, { replace: true });

  return (
    <Page
      title={ui.pages.directMessages.title}
      subtitle={ui.pages.directMessages.subtitle}
      actions={
        <Button onClick={() => setPickerOpen(true)}>
          <SquarePen aria-hidden />
          {t.newMessage}
        </Button>
      }
    >
      <DirectThreadList onNewMessage={() => setPickerOpen(true)} />
      <NewMessageDialog open={pickerOpen} onOpenChange={setPickerOpen} />
    </Page>
  );
}
