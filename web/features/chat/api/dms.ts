/** My direct messages: the list, and get_or_create_direct_thread with a colleague. */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { directThreadList, type directThreadRequest, threadDto } from "../../../../common/schemas/chat.ts";
import { apiFetch } from "../../../lib/api.ts";
import { chatKeys } from "./keys.ts";
import { threadQuery } from "./thread.ts";

export const directThreadsQuery = () =>
  queryOptions({
    queryKey: chatKeys.directThreads,
    queryFn: () => apiFetch("/api/chat/direct", { schema: directThreadList }),
  });

export const useDirectThreads = () => useQuery(directThreadsQuery());

/** The thread with this colleague, made on first use; its header is kept for the thread view. */
export function useOpenDirectThread() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => {
      const body: z.infer<typeof directThreadRequest> = { userId };
      return apiFetch("/api/chat/direct", { method: "POST", body, schema: threadDto });
    },
    onSuccess: (thread) => {
      client.setQueryData(threadQuery(thread.id).queryKey, thread);
      void client.invalidateQueries({ queryKey: chatKeys.directThreads });
    },
  });
}
