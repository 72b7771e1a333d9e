/** 'Send varsel til alle' (admins): one request, answered with how many it reached. */
import { useMutation } from "@tanstack/react-query";
import { type BroadcastRequest, broadcastResponse } from "../../../../common/schemas/broadcast.ts";
import { apiFetch } from "../../../lib/api.ts";

export function useSendBroadcast() {
  return useMutation({
    mutationFn: (body: BroadcastRequest) =>
      apiFetch("/api/notifications/broadcast", { method: "POST", body, schema: broadcastResponse }),
  });
}
