/**
 * Extra shifts change under everyone's eyes: published, interest registered, assigned,
 * closed. The server announces it on the department's topic (`shift.changed` with the
 * department's new open count) and, for drafts only leaders see, on the person's own
 * topic (`shift.draftsChanged`). Every list, badge and panel on screen calls this hook;
 * each event is applied once however many listen.
 */
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { type RealtimeEvent, topics } from "../../../../common/schemas/realtime.ts";
import { type ShiftCounts, shiftEvents } from "../../../../common/schemas/shifts.ts";
import { useSession } from "../../../lib/session.tsx";
import { useRealtimeTopic } from "../../../lib/use-realtime.ts";
import { shiftKeys } from "./keys.ts";

const changedPayload = z.object({ shiftId: z.string(), openCount: z.number().int().nonnegative() });

/** Whatever is not already refetching is asked again. */
const refetchAll = (client: QueryClient) =>
  void client.invalidateQueries({ queryKey: shiftKeys.all }, { cancelRefetch: false });

const applied = new WeakSet<RealtimeEvent>();

function onEvent(client: QueryClient, event: RealtimeEvent) {
  if (applied.has(event)) return;
  applied.add(event);
  if (event.type === shiftEvents.changed) {
    // The badge shows the new count at once; the rest follows from the server.
    const parsed = changedPayload.safeParse(event.payload);
    if (parsed.success)
      client.setQueryData<ShiftCounts>(
        shiftKeys.counts,
        (counts) => counts && { ...counts, open: parsed.data.openCount },
      );
    refetchAll(client);
  }
  if (event.type === shiftEvents.draftsChanged) refetchAll(client);
}

export function useFollowShifts() {
  const client = useQueryClient();
  const { user, currentDeptId } = useSession();
  const handlers = {
    onEvent: (event: RealtimeEvent) => onEvent(client, event),
    onResync: () => refetchAll(client),
  };
  useRealtimeTopic(currentDeptId ? topics.dept(currentDeptId) : null, handlers);
  useRealtimeTopic(topics.user(user.id), handlers);
}
