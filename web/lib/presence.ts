/**
 * Presence (spec §4, §9): this tab's heartbeat, and who of a department is online, away
 * or offline. The server keeps only when each person was last seen and announces only
 * someone coming online; the status follows from that time and the clock
 * (common/domain/presence.ts), so going away and offline are recomputed here as time
 * passes. Shared by the chat's headers and the shell's right rail.
 */
import { type QueryClient, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { limits } from "../../common/base/limits.ts";
import { type PresenceStatus, presenceStatus } from "../../common/domain/presence.ts";
import { okResponse } from "../../common/schemas/errors.ts";
import { departmentPresence, type PresenceEntry } from "../../common/schemas/presence.ts";
import { topics } from "../../common/schemas/realtime.ts";
import { apiFetch } from "./api.ts";
import { refetchAfterReads } from "./query.ts";
import { useRealtimeTopic } from "./use-realtime.ts";

const heartbeatMs = limits.presenceHeartbeatSeconds * 1000;
/** A status turns away or offline at most this late. */
const recomputeMs = 15_000;
/** Spec §9: a burst of changes (a refetch, several people arriving) reaches the screen once. */
const settleMs = 500;

export const presenceKeys = {
  department: (deptId: string) => ["presence", deptId] as const,
};

/**
 * 'I am here', every 30 s while this tab is visible and at once when it becomes visible:
 * a hidden tab stops, so its person turns away and then offline. Sent as background, since
 * an open tab is not activity and must not keep an idle session alive.
 */
export function usePresenceHeartbeat() {
  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | undefined;
    // A lost heartbeat is made up by the next one; an ended session is noticed by the
    // app's other requests, which sign the tab out.
    const beat = () =>
      void apiFetch("/api/presence/heartbeat", {
        method: "POST",
        background: true,
        schema: okResponse,
      }).catch(() => undefined);
    function follow() {
      clearInterval(timer);
      if (document.visibilityState !== "visible") return;
      beat();
      timer = setInterval(beat, heartbeatMs);
    }
    follow();
    document.addEventListener("visibilitychange", follow);
    return () => {
      document.removeEventListener("visibilitychange", follow);
      clearInterval(timer);
    };
  }, []);
}

/** Mounted once in the signed-in app, for a person with a department. */
export function PresenceHeartbeat() {
  usePresenceHeartbeat();
  return null;
}

const departmentPresenceQuery = (deptId: string) =>
  queryOptions({
    queryKey: presenceKeys.department(deptId),
    queryFn: () =>
      apiFetch(`/api/departments/${encodeURIComponent(deptId)}/presence`, {
        schema: departmentPresence,
        background: true,
      }),
    // Someone who stays online sends heartbeats without an event (only coming online is
    // announced), so their last-seen time is read again as often as it moves.
    refetchInterval: heartbeatMs,
    staleTime: heartbeatMs,
  });

/** Events may have been missed: read the list again. */
const refetchPresence = (client: QueryClient, deptId: string) =>
  refetchAfterReads(client, presenceKeys.department(deptId));

/** A colleague came online: their newer last-seen time replaces the one in the list. */
function mergeOnline(client: QueryClient, deptId: string, seen: PresenceEntry) {
  const { userId, lastSeenAt } = seen;
  client.setQueryData(departmentPresenceQuery(deptId).queryKey, (list) => {
    if (!list) return list;
    const known = list.presence.find((e) => e.userId === userId);
    if (known && Date.parse(known.lastSeenAt) >= Date.parse(lastSeenAt)) return list;
    return { presence: [...list.presence.filter((e) => e.userId !== userId), seen] };
  });
}

/** The current time, renewed every `everyMs`. */
function useNow(everyMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * `value` once it has stayed the same for `settleMs`. The first answer of a department
 * shows at once: there is nothing on screen yet to keep calm.
 */
function useSettled<T>(key: string, value: T | undefined): T | undefined {
  const [settled, setSettled] = useState({ key, value });
  useEffect(() => {
    const timer = setTimeout(() => setSettled({ key, value }), settleMs);
    return () => clearTimeout(timer);
  }, [key, value]);
  return settled.key === key && settled.value !== undefined ? settled.value : value;
}

export interface DepartmentPresence {
  /** the list has not answered yet: every status is offline until it does */
  isPending: boolean;
  isError: boolean;
  refetch(): void;
  statusOf(userId: string): PresenceStatus;
  /** how many of these people are online now */
  onlineCount(userIds: readonly string[]): number;
}

/**
 * Who of the department is online, away or offline, kept current by its realtime topic
 * (`dept:{id}`) and the clock. Without a department (still loading) everyone is offline.
 */
export function useDepartmentPresence(deptId: string | null | undefined): DepartmentPresence {
  const client = useQueryClient();
  const query = useQuery({ ...departmentPresenceQuery(deptId ?? ""), enabled: Boolean(deptId) });
  useRealtimeTopic(deptId ? topics.dept(deptId) : null, {
    onEvent: (event) => {
      if (deptId && event.type === "presence.online") mergeOnline(client, deptId, event.payload);
    },
    onResync: () => {
      if (deptId) refetchPresence(client, deptId);
    },
  });
  const entries: PresenceEntry[] | undefined = useSettled(deptId ?? "", query.data?.presence);
  const now = useNow(recomputeMs);
  const { refetch, isError } = query;
  const isPending = Boolean(deptId) && entries === undefined && !isError;

  return useMemo(() => {
    const lastSeen = new Map((entries ?? []).map((e) => [e.userId, new Date(e.lastSeenAt)]));
    const statusOf = (userId: string) => presenceStatus(lastSeen.get(userId) ?? null, now);
    return {
      isPending,
      isError,
      refetch: () => void refetch(),
      statusOf,
      onlineCount: (userIds) => userIds.filter((id) => statusOf(id) === "online").length,
    };
  }, [entries, now, isPending, isError, refetch]);
}
