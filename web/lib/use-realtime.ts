/** Components follow a realtime topic with this hook; see realtime.ts for the connection. */
import { useEffect, useRef } from "react";
import { appRealtime, type RealtimeClient, type TopicHandlers } from "./realtime.ts";

/**
 * Follows `topic` while the component is mounted (null: nothing). The handlers are read
 * through a ref, so they may change on every render without a new subscription.
 */
export function useRealtimeTopic(
  topic: string | null,
  handlers: TopicHandlers,
  client: RealtimeClient = appRealtime(),
) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    if (!topic) return;
    return client.subscribe(topic, {
      onEvent: (event) => latest.current.onEvent(event),
      onResync: () => latest.current.onResync?.(),
      onError: (error) => latest.current.onError?.(error),
    });
  }, [topic, client]);
}
