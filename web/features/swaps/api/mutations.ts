/**
 * What people do with swaps. Each mutation says how it went itself (a toast with the
 * spec's words; on failure the server's Norwegian message under ours) and refreshes
 * every swap query after: one deal changes offers, deals, history and counts at once.
 */
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  autoMatchResponse,
  type SwapOfferEdit,
  type SwapOfferInput,
  swapDealDto,
  swapOfferDto,
} from "../../../../common/schemas/swaps.ts";
import { ui } from "../../../../common/texts/index.ts";
import { toast } from "../../../components/ui/toaster.tsx";
import { ApiError, apiFetch } from "../../../lib/api.ts";
import { dealPath, offerPath, swapKeys } from "./keys.ts";

const t = ui.swaps;

const refreshAll = (client: QueryClient) => void client.invalidateQueries({ queryKey: swapKeys.all });

/** A failure: our title, and the server's reason (overlap, rest, …) when it gave one. */
export function failed(err: unknown, title: string) {
  const reason = err instanceof ApiError && err.message !== title ? err.message : undefined;
  toast.error(title, reason ? { description: reason } : undefined);
}

/** A mutation whose answer the lists read again anyway. */
function useSwapMutation<Vars, Result>(
  mutationFn: (vars: Vars) => Promise<Result>,
  done: (result: Result, vars: Vars) => void,
  failure: string | ((vars: Vars) => string),
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: done,
    onError: (err, vars) => failed(err, typeof failure === "string" ? failure : failure(vars)),
    onSettled: () => refreshAll(client),
  });
}

export const useCreateOffer = () =>
  useSwapMutation(
    (body: SwapOfferInput) => apiFetch("/api/swaps/offers", { method: "POST", body, schema: swapOfferDto }),
    () => toast.success(t.create.created),
    t.create.failed,
  );

export const useEditOffer = (offerId: string) =>
  useSwapMutation(
    (body: SwapOfferEdit) => apiFetch(offerPath(offerId), { method: "PATCH", body, schema: swapOfferDto }),
    () => toast.success(t.edit.updated),
    t.edit.failed,
  );

export const useCancelOffer = () =>
  useSwapMutation(
    (offerId: string) => apiFetch(offerPath(offerId, "cancel"), { method: "POST", schema: swapOfferDto }),
    () => toast.success(t.cancel.done, { description: t.cancel.doneBody }),
    t.cancel.failed,
  );

/** 'Foreslå bytte' (with my assignment) or 'Meld interesse' (without, on a give-away). */
export const useAnswerOffer = () =>
  useSwapMutation(
    ({ offerId, assignmentId }: { offerId: string; assignmentId?: string }) =>
      apiFetch(offerPath(offerId, "deals"), {
        method: "POST",
        body: assignmentId ? { assignmentId } : {},
        schema: swapDealDto,
      }),
    (_, { assignmentId }) =>
      assignmentId
        ? toast.success(t.propose.sent, { description: t.propose.sentBody })
        : toast.success(t.claim.sent, { description: t.claim.sentBody }),
    ({ assignmentId }) => (assignmentId ? t.propose.failed : t.claim.failed),
  );

type DealAction = "accept" | "decline" | "withdraw";

const answered: Record<DealAction, () => void> = {
  accept: () => toast.success(t.answer.accepted, { description: t.answer.acceptedBody }),
  decline: () => toast.success(t.answer.declined),
  withdraw: () => toast.success(t.answer.withdrawn),
};

/** The owner's 'Godta' / 'Avslå' and the proposer's 'Trekk tilbake'. */
export const useDealAction = () =>
  useSwapMutation(
    ({ dealId, action }: { dealId: string; action: DealAction }) =>
      apiFetch(dealPath(dealId, action), { method: "POST", schema: swapDealDto }),
    (_, { action }) => answered[action](),
    t.answer.failed,
  );

/** A leader's 'Godkjent' / 'Avslått', with an optional note. */
export const useDecideDeal = () =>
  useSwapMutation(
    ({ dealId, decision, note }: { dealId: string; decision: "approve" | "reject"; note?: string }) =>
      apiFetch(dealPath(dealId, decision), {
        method: "POST",
        body: note?.trim() ? { note: note.trim() } : {},
        schema: swapDealDto,
      }),
    (_, { decision }) =>
      decision === "approve"
        ? toast.success(t.admin.approved, { description: t.admin.approvedBody })
        : toast.success(t.admin.rejected, { description: t.admin.rejectedBody }),
    t.admin.decideFailed,
  );

export const useAutoMatch = () =>
  useSwapMutation(
    () => apiFetch("/api/swaps/automatch", { method: "POST", body: {}, schema: autoMatchResponse }),
    ({ created }) => toast.success(t.automatch.done, { description: t.automatch.doneBody(created) }),
    t.automatch.failed,
  );
