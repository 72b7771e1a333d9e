/**
 * 'Jeg er interessert' on a published extra shift, straight from its notification. The
 * shifts screens keep their queries under keys starting with "shifts" (each feature's
 * keys start with its name, lib/query.ts): they are read again, so the shift's interest
 * count and my 'Venter svar' tab follow; and so is the bell's list, whose notice then
 * says the interest is registered instead of offering it again.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { interestResponse } from "../../../../common/schemas/shifts.ts";
import { ui } from "../../../../common/texts/index.ts";
import { toast } from "../../../components/ui/toaster.tsx";
import { apiFetch, errorText } from "../../../lib/api.ts";
import { notificationKeys } from "./keys.ts";

const t = ui.notifications;

export function useRegisterInterest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (shiftId: string) =>
      apiFetch(`/api/shifts/${encodeURIComponent(shiftId)}/interest`, {
        method: "POST",
        schema: interestResponse,
      }),
    onSuccess: () => {
      toast.success(t.interestRegistered, { description: t.interestRegisteredBody });
      void client.invalidateQueries({ queryKey: ["shifts"] });
    },
    // Either way the list is read again: the notice then says the interest is registered,
    // or, refused, how the shift stands now (assigned, closed).
    onSettled: () => void client.invalidateQueries({ queryKey: notificationKeys.list }),
    // The server says why (the shift is no longer open, or gone); spec §8 otherwise.
    onError: (err) => toast.error(ui.common.error, { description: errorText(err, t.interestFailed) }),
  });
}
