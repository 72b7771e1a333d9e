/**
 * 'Send varsel til alle' (admins): one request, answered with how many it reached; and
 * 'Sendte varsler' with 'Sett av n av m' (issue 26 item 4).
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type BroadcastRequest,
  broadcastReaders,
  broadcastResponse,
  sentBroadcastList,
} from "../../../../common/schemas/broadcast.ts";
import { apiFetch } from "../../../lib/api.ts";

export function useSendBroadcast() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BroadcastRequest) =>
      apiFetch("/api/notifications/broadcast", { method: "POST", body, schema: broadcastResponse }),
    onSuccess: () => client.invalidateQueries({ queryKey: sentKeys.all }),
  });
}

export const sentKeys = {
  all: ["broadcasts", "sent"] as const,
  readers: (id: string) => ["broadcasts", "sent", id] as const,
};

/**
 * 'Sendte varsler' (leaders and admins), read afresh on every opening and when the window
 * gets the focus back: "live enough" for a count of who has read something.
 */
export function useSentBroadcasts() {
  return useQuery({
    queryKey: sentKeys.all,
    queryFn: () => apiFetch("/api/notifications/broadcasts", { schema: sentBroadcastList }),
    refetchOnMount: "always",
    refetchOnWindowFocus: "always",
  });
}

/** Who has read one, loaded when its list is opened, and afresh each time. */
export function useBroadcastReaders(id: string, open: boolean) {
  return useQuery({
    queryKey: sentKeys.readers(id),
    queryFn: () =>
      apiFetch(`/api/notifications/broadcasts/${encodeURIComponent(id)}`, { schema: broadcastReaders }),
    enabled: open,
    refetchOnMount: "always",
  });
}
