/**
 * What people do to extra shifts. Each mutation says how it went itself (a toast with
 * the spec's words, or the server's message) and refreshes every shift query after,
 * so a card that vanishes from its list on success does not swallow the feedback.
 */
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  assignResponse,
  interestResponse,
  type PersonRef,
  type ShiftCounts,
  type ShiftDto,
  type ShiftEditInput,
  type ShiftInput,
  type ShiftList,
  shiftDto,
} from "../../../../common/schemas/shifts.ts";
import { ui } from "../../../../common/texts/index.ts";
import { toast } from "../../../components/ui/toaster.tsx";
import { ApiError, apiFetch, errorText } from "../../../lib/api.ts";
import { useSession } from "../../../lib/session.tsx";
import { shiftKeys, shiftPath } from "./keys.ts";

const t = ui.shifts.feedback;

const refreshAll = (client: QueryClient) => void client.invalidateQueries({ queryKey: shiftKeys.all });

/** A failure as the spec words it: 'Feil', then the server's message or ours. */
export const failed = (err: unknown, fallback: string) =>
  toast.error(ui.common.error, { description: errorText(err, fallback) });

/**
 * 'Ny ekstravakt' (no shift yet) and 'Rediger': both answer the draft as stored. A draft
 * stays in its department, so an edit names none.
 */
export function useSaveShift(shiftId?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ deptId, ...edit }: ShiftInput) =>
      shiftId
        ? apiFetch(shiftPath(shiftId), {
            method: "PATCH",
            body: edit satisfies ShiftEditInput,
            schema: shiftDto,
          })
        : apiFetch("/api/shifts", { method: "POST", body: { ...edit, deptId }, schema: shiftDto }),
    onSuccess: () => {
      if (shiftId) toast.success(t.updated);
      else toast.success(t.created, { description: t.createdBody });
    },
    onSettled: () => refreshAll(client),
  });
}

/** A simple action on a shift whose answer the lists read again anyway. */
function useShiftAction(action: (shiftId: string) => Promise<unknown>, done: () => void, fallback: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: done,
    onError: (err) => failed(err, fallback),
    onSettled: () => refreshAll(client),
  });
}

export const usePublishShift = () =>
  useShiftAction(
    (id) => apiFetch(shiftPath(id, "publish"), { method: "POST", schema: shiftDto }),
    () => toast.success(t.published, { description: t.publishedBody }),
    t.publishFailed,
  );

export const useDeleteShift = () =>
  useShiftAction(
    (id) => apiFetch(shiftPath(id), { method: "DELETE" }),
    () => toast.success(t.deleted),
    t.deleteFailed,
  );

export const useCloseShift = () =>
  useShiftAction(
    (id) => apiFetch(shiftPath(id, "close"), { method: "POST", schema: shiftDto }),
    () => toast.success(t.closed),
    t.closeFailed,
  );

/** The shift with my interest in it or out of it, as the server will count it. */
function withMyInterest(shift: ShiftDto, interested: boolean, me: PersonRef): ShiftDto {
  const others = shift.interested.filter((p) => p.userId !== me.userId);
  return {
    ...shift,
    isInterested: interested,
    interestCount: Math.max(0, shift.interestCount + (interested ? 1 : -1)),
    // The first five who registered: a newcomer is among them only while there is room.
    interested: interested && others.length < 5 ? [...others, me] : others,
  };
}

const mapShift = (list: ShiftList | undefined, shiftId: string, change: (s: ShiftDto) => ShiftDto) =>
  list && { shifts: list.shifts.map((s) => (s.id === shiftId ? change(s) : s)) };

/**
 * 'Jeg er interessert' and 'Trekk interesse', shown at once (ui.md: optimistic where
 * safe) and put back as it was when the server refuses.
 */
export function useShiftInterest() {
  const client = useQueryClient();
  const { user } = useSession();
  const me: PersonRef = { userId: user.id, name: user.fullName, avatarUrl: user.avatarUrl };
  return useMutation({
    mutationFn: ({ shift, interested }: { shift: ShiftDto; interested: boolean }) =>
      apiFetch(shiftPath(shift.id, "interest"), {
        method: interested ? "POST" : "DELETE",
        schema: interestResponse,
      }),
    onMutate: async ({ shift, interested }) => {
      await client.cancelQueries({ queryKey: shiftKeys.lists });
      await client.cancelQueries({ queryKey: shiftKeys.counts });
      const lists = client.getQueriesData<ShiftList>({ queryKey: shiftKeys.lists });
      const counts = client.getQueryData<ShiftCounts>(shiftKeys.counts);
      client.setQueriesData<ShiftList>({ queryKey: shiftKeys.lists }, (list) =>
        mapShift(list, shift.id, (s) => withMyInterest(s, interested, me)),
      );
      const step = interested ? 1 : -1;
      if (counts)
        client.setQueryData<ShiftCounts>(shiftKeys.counts, {
          ...counts,
          waiting: Math.max(0, counts.waiting + step),
          interested: Math.max(0, counts.interested + step),
        });
      return { lists, counts };
    },
    onError: (err, { interested }, before) => {
      for (const [key, list] of before?.lists ?? []) client.setQueryData(key, list);
      if (before?.counts) client.setQueryData(shiftKeys.counts, before.counts);
      failed(err, interested ? t.interestFailed : t.withdrawFailed);
    },
    onSuccess: (answer) => {
      client.setQueriesData<ShiftList>({ queryKey: shiftKeys.lists }, (list) =>
        mapShift(list, answer.shiftId, (s) => ({ ...s, interestCount: answer.interestCount })),
      );
      if (answer.interested) toast.success(t.interested, { description: t.interestedBody });
      else toast.success(t.withdrawn, { description: t.withdrawnBody });
    },
    onSettled: () => refreshAll(client),
  });
}

/** 409s that say there was nothing to assign: information, not failure. */
const nothingToAssign = new Set(["shift_no_interest", "shift_no_candidates"]);

/**
 * 'Tildel automatisk'. An assigned shift has a result to show, this run's or, 'Allerede
 * tildelt', the earlier one: `onResult` opens it.
 */
export function useAssignShift(onResult: (shiftId: string, alreadyAssigned: boolean) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (shiftId: string) =>
      apiFetch(shiftPath(shiftId, "assign"), { method: "POST", schema: assignResponse }),
    onSuccess: ({ shiftId, alreadyAssigned, winner }) => {
      const name = winner?.name ?? t.someone;
      if (alreadyAssigned) toast.info(t.alreadyAssigned, { description: t.alreadyAssignedBody(name) });
      else toast.success(t.assigned, { description: t.assignedBody(name) });
      onResult(shiftId, alreadyAssigned);
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 409 && nothingToAssign.has(err.code))
        toast.info(err.message);
      else failed(err, t.assignFailed);
    },
    onSettled: () => refreshAll(client),
  });
}
