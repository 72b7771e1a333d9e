/**
 * Open search results follow the threads they were found in (`thread:{id}`), so that a
 * message deleted or changed meanwhile does not stay on screen as it was: a deleted one
 * (and its files) leaves every answer held at once, and the search asks again; an edited
 * or restored one is asked again. Only while the results are open, and only for events
 * about a message they show.
 */
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { type RealtimeEvent, topics } from "../../../../common/schemas/realtime.ts";
import type { SearchResults } from "../../../../common/schemas/search.ts";
import { refetchAfterEvent } from "../../../lib/query.ts";
import { appRealtime, type RealtimeClient } from "../../../lib/realtime.ts";
import { searchKeys } from "./keys.ts";

const shows = (results: SearchResults | undefined, messageId: string) =>
  !!results &&
  (results.messages.some((m) => m.id === messageId) || results.files.some((f) => f.messageId === messageId));

/** Every answer held without the message and its files; whether any of them showed it. */
export function dropMessage(client: QueryClient, messageId: string): boolean {
  let dropped = false;
  client.setQueriesData<SearchResults>({ queryKey: searchKeys.allResults }, (held) => {
    if (!held || !shows(held, messageId)) return held;
    dropped = true;
    return {
      ...held,
      messages: held.messages.filter((m) => m.id !== messageId),
      files: held.files.filter((f) => f.messageId !== messageId),
    };
  });
  return dropped;
}

function apply(client: QueryClient, event: RealtimeEvent) {
  if (event.type === "message.deleted") {
    if (dropMessage(client, event.payload.messageId)) void refetchAfterEvent(client, searchKeys.allResults);
    return;
  }
  if (event.type !== "message.edited" && event.type !== "message.restored") return;
  const held = client.getQueriesData<SearchResults>({ queryKey: searchKeys.allResults });
  if (held.some(([, results]) => shows(results, event.payload.messageId)))
    void refetchAfterEvent(client, searchKeys.allResults);
}

/** The threads of these results followed while the calling component is mounted. */
export function useFollowResults(
  results: SearchResults | undefined,
  realtime: RealtimeClient = appRealtime(),
) {
  const client = useQueryClient();
  const ids = new Set([...(results?.messages ?? []), ...(results?.files ?? [])].map((hit) => hit.thread.id));
  const key = [...ids].sort().join(" ");
  const followed = useRef(new Map<string, () => void>());

  useEffect(() => {
    const want = new Set(key.split(" ").filter(Boolean));
    const held = followed.current;
    // New topics first, then the old ones left: a thread in both answers is never dropped between.
    for (const id of want)
      if (!held.has(id))
        held.set(
          id,
          realtime.subscribe(topics.thread(id), {
            onEvent: (event) => apply(client, event),
            onResync: () => void client.invalidateQueries({ queryKey: searchKeys.allResults }),
          }),
        );
    for (const [id, stop] of held)
      if (!want.has(id)) {
        stop();
        held.delete(id);
      }
  }, [key, client, realtime]);

  useEffect(() => {
    const held = followed.current;
    return () => {
      for (const stop of held.values()) stop();
      held.clear();
    };
  }, []);
}
