/**
 * My unread counts (the sidebar's chat badges and the tab title), and how one thread's
 * new count, as the server announces it on my realtime topic, changes them.
 */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { type ThreadKind, type UnreadCounts, unreadCounts } from "../../../../common/schemas/chat.ts";
import type { RealtimePayload } from "../../../../common/schemas/realtime.ts";
import { apiFetch } from "../../../lib/api.ts";
import { useShiftBlock } from "../../../lib/dates.ts";
import { useSession } from "../../../lib/session.tsx";
import { chatKeys } from "./keys.ts";

/**
 * 'Pågående vakt' counts the block under way only: the block's start is part of the key,
 * so the counts are read again the moment the next block begins.
 */
export const unreadQuery = (blockStart: string) =>
  queryOptions({
    queryKey: [...chatKeys.unread, blockStart],
    // The sidebar asks on every screen: it must not keep an idle session alive.
    queryFn: () => apiFetch("/api/chat/unread", { schema: unreadCounts, background: true }),
  });

/** The counts, once there is a department to count in ('Velg din avdeling' comes first). */
export function useUnreadCounts() {
  const { currentDeptId } = useSession();
  const block = useShiftBlock();
  return useQuery({ ...unreadQuery(block.start.toISOString()), enabled: currentDeptId !== null });
}

/** One of the sidebar's sums. */
export type UnreadSum = keyof Omit<UnreadCounts, "threads">;

/** The sum each kind of thread adds to. */
const sumOf: Record<ThreadKind, UnreadSum> = {
  department: "department",
  shift: "shift",
  direct: "direct",
  channel: "channels",
};

/** A thread's count as announced: what it is now, or how many more it has (a new message). */
export type UnreadChange = RealtimePayload<"chat.unread">;

/** The thread's count after the change, from the count held before it. */
export const changedCount = (before: number, change: UnreadChange) =>
  "unread" in change ? change.unread : before + change.added;

/**
 * The counts with one thread's change in them, or null when the thread is not among
 * those counted (a new conversation, another shift block): then only the server knows
 * whether and where it counts.
 */
export function withThreadUnread(counts: UnreadCounts, change: UnreadChange): UnreadCounts | null {
  const known = counts.threads.find((t) => t.threadId === change.threadId);
  if (!known) return null;
  const unread = changedCount(known.unread, change);
  const threads = counts.threads.map((t) => (t === known ? { ...t, unread } : t));
  const sum = counts[sumOf[known.kind]] - known.unread + unread;
  return { ...counts, threads, [sumOf[known.kind]]: sum };
}

/** Everything unread, for the tab title. */
export const totalUnread = (counts: UnreadCounts) =>
  counts.department + counts.shift + counts.direct + counts.channels;
