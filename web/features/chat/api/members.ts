/**
 * 'Add members' (spec §5): the thread's department's colleagues (list_staff_in_department)
 * and adding some of them to a channel or a shift thread.
 */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { type addMembersRequest, addMembersResponse } from "../../../../common/schemas/chat.ts";
import { colleagueList } from "../../../../common/schemas/departments.ts";
import { apiFetch } from "../../../lib/api.ts";
import { chatKeys } from "./keys.ts";
import { refreshThreadHeader } from "./thread.ts";

/** The department's active staff, by name: the colleague pickers' list. */
export const colleaguesQuery = (deptId: string) =>
  queryOptions({
    queryKey: [...chatKeys.all, "colleagues", deptId],
    queryFn: () =>
      apiFetch(`/api/departments/${encodeURIComponent(deptId)}/staff`, { schema: colleagueList }),
  });

export function useAddMembers(threadId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userIds: string[]) => {
      const body: z.infer<typeof addMembersRequest> = { userIds };
      return apiFetch(`/api/chat/threads/${encodeURIComponent(threadId)}/members`, {
        method: "POST",
        body,
        schema: addMembersResponse,
      });
    },
    // The header's member list and the channel list's member count.
    onSuccess: () =>
      Promise.all([
        refreshThreadHeader(client, threadId),
        client.invalidateQueries({ queryKey: chatKeys.channels }),
      ]),
  });
}
