/**
 * Urgent messages and mentions (issue 26): 'Bekreft', the '@' list and the check before
 * sending, and the leaders' 'Haster' overview, kept current by `chat.urgentChanged`.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  acknowledgeResponse,
  mentionOptions,
  reachCheckResponse,
  urgentOverview,
} from "../../../../common/schemas/chat.ts";
import { topics } from "../../../../common/schemas/realtime.ts";
import { ui } from "../../../../common/texts/index.ts";
import { toast } from "../../../components/ui/toaster.tsx";
import { apiFetch, errorText } from "../../../lib/api.ts";
import { useSession } from "../../../lib/session.tsx";
import { useRealtimeTopic } from "../../../lib/use-realtime.ts";
import { patchMessage } from "./message-cache.ts";

export const urgentKeys = {
  overview: ["chat", "urgent"],
  mentionOptions: (threadId: string) => ["chat", "mention-options", threadId],
} as const;

const enc = encodeURIComponent;

/** What the composer offers after '@' (department and shift threads). */
export function useMentionOptions(threadId: string, enabled: boolean) {
  return useQuery({
    queryKey: urgentKeys.mentionOptions(threadId),
    queryFn: ({ signal }) =>
      apiFetch(`/api/chat/threads/${enc(threadId)}/mention-options`, { schema: mentionOptions, signal }),
    enabled,
    // Who holds a role changes with the block: read again when the list opens after a while.
    staleTime: 60_000,
  });
}

/** The mentioned roles nobody holds now, asked just before sending. */
export function checkReach(threadId: string, content: string) {
  return apiFetch(`/api/chat/threads/${enc(threadId)}/reach-check`, {
    method: "POST",
    body: { content },
    schema: reachCheckResponse,
  });
}

/** 'Bekreft': shown at once as 'Bekreftet', the thread's event brings the rest. */
export function useAcknowledge(threadId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) =>
      apiFetch(`/api/chat/messages/${enc(messageId)}/acknowledge`, {
        method: "POST",
        body: {},
        schema: acknowledgeResponse,
      }),
    onSuccess: ({ acknowledgedAt }, messageId) =>
      patchMessage(client, threadId, messageId, (m) => ({
        ...m,
        acknowledgement: { acknowledgedAt },
        abilities: { ...m.abilities, acknowledge: false },
      })),
    onError: (err) =>
      toast.error(ui.urgent.acknowledgeFailed, {
        description: errorText(err, ui.thread.toasts.sendFailedBody),
      }),
  });
}

export const overviewQuery = queryOptions({
  queryKey: urgentKeys.overview,
  queryFn: ({ signal }) => apiFetch("/api/chat/urgent", { schema: urgentOverview, signal }),
});

/** The 'Haster' overview, followed live on the department's topic. */
export function useUrgentOverview() {
  const client = useQueryClient();
  const { currentDeptId } = useSession();
  const refresh = () => void client.invalidateQueries({ queryKey: urgentKeys.overview });
  useRealtimeTopic(currentDeptId ? topics.dept(currentDeptId) : null, {
    onEvent: (event) => {
      if (event.type === "chat.urgentChanged") refresh();
    },
    onResync: refresh,
  });
  return useQuery(overviewQuery);
}
