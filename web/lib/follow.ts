/**
 * How a feature follows what changes under everyone's eyes: the events on my current
 * department's topic and on my own. `apply` sees each event once however many screens
 * and badges call the hook (they all do, so any of them alone keeps the data live);
 * after a reconnect, when events may have been missed, the feature's queries are asked
 * again.
 */
import { type QueryClient, type QueryKey, useQueryClient } from "@tanstack/react-query";
import { type RealtimeEvent, topics } from "../../common/schemas/realtime.ts";
import { refetchAfterReads } from "./query.ts";
import { useSession } from "./session.tsx";
import { useRealtimeTopic } from "./use-realtime.ts";

/** The feature's queries are asked again, and again after any read under way (it may predate the change). */
export const refetchFeature = refetchAfterReads;

/** What a feature follows: its queries, and what each event does to them. */
export interface FeatureFollow {
  queryKey: QueryKey;
  apply: (client: QueryClient, event: RealtimeEvent) => void;
  /** the events already applied (every caller of the hook sees each event) */
  applied: WeakSet<RealtimeEvent>;
}

export const featureFollow = (queryKey: QueryKey, apply: FeatureFollow["apply"]): FeatureFollow => ({
  queryKey,
  apply,
  applied: new WeakSet(),
});

export function useFollowFeature({ queryKey, apply, applied }: FeatureFollow) {
  const client = useQueryClient();
  const { user, currentDeptId } = useSession();
  const handlers = {
    onEvent: (event: RealtimeEvent) => {
      if (applied.has(event)) return;
      applied.add(event);
      apply(client, event);
    },
    onResync: () => refetchFeature(client, queryKey),
  };
  useRealtimeTopic(currentDeptId ? topics.dept(currentDeptId) : null, handlers);
  useRealtimeTopic(topics.user(user.id), handlers);
}
