/**
 * A thread's header (kind, name, badges, people, what I may do): the department's and
 * the shift's thread are made on first use (get-or-create), the others read by id.
 */
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { type ThreadDto, threadDto } from "../../../../common/schemas/chat.ts";
import { apiFetch } from "../../../lib/api.ts";
import { useShiftBlock } from "../../../lib/dates.ts";
import type { PersistMeta } from "../../../lib/personal-cache.ts";
import { chatKeys } from "./keys.ts";

// A thread's header changes rarely (members, a rename); realtime says when.
const headerStaleMs = 5 * 60_000;
/**
 * Kept in this browser with the thread's newest messages (message-cache.ts), so a thread
 * visited before opens with its composer while the header is read again.
 */
const persist = { persist: { group: "chat.thread", keep: 20 } satisfies PersistMeta };

/** get_or_create_department_thread */
export const departmentThreadQuery = () =>
  queryOptions({
    queryKey: chatKeys.departmentThread,
    queryFn: () => apiFetch("/api/chat/department", { method: "POST", schema: threadDto }),
    staleTime: headerStaleMs,
    meta: persist,
  });

/**
 * get_or_create_shift_thread for the block under way. The block's start is part of the
 * key, so the page moves to the next block's thread the moment that block begins.
 */
export const shiftThreadQuery = (blockStart: string) =>
  queryOptions({
    queryKey: [...chatKeys.shiftThread, blockStart],
    queryFn: () => apiFetch("/api/chat/shift", { method: "POST", schema: threadDto }),
    staleTime: headerStaleMs,
    meta: persist,
  });

export const threadQuery = (threadId: string) =>
  queryOptions({
    queryKey: chatKeys.thread(threadId),
    queryFn: () => apiFetch(`/api/chat/threads/${encodeURIComponent(threadId)}`, { schema: threadDto }),
    staleTime: headerStaleMs,
    meta: persist,
  });

export const useDepartmentThread = () => useQuery(departmentThreadQuery());

export function useShiftThread() {
  const block = useShiftBlock();
  return useQuery(shiftThreadQuery(block.start.toISOString()));
}

export const useThread = (threadId: string) => useQuery(threadQuery(threadId));

/**
 * After `thread.members`: every cached header of this thread reads again, whichever
 * way it was loaded (by id or get-or-create).
 */
export function refreshThreadHeader(client: QueryClient, threadId: string) {
  return client.invalidateQueries({
    queryKey: chatKeys.threads,
    predicate: (query) => (query.state.data as ThreadDto | undefined)?.id === threadId,
  });
}
