/**
 * Extra shifts change under everyone's eyes: published, interest registered, assigned,
 * closed. The server announces it on the department's topic (`shift.changed` with the
 * department's new open count) and, for drafts only leaders see, on the person's own
 * topic (`shift.draftsChanged`). A swap a leader approves moves shifts between people
 * ('Mine tildelte'): its `swap.dealsChanged` reaches the person's topic too.
 */
import type { ShiftCounts } from "../../../../common/schemas/shifts.ts";
import { featureFollow, refetchFeature, useFollowFeature } from "../../../lib/follow.ts";
import { shiftKeys } from "./keys.ts";

const follow = featureFollow(shiftKeys.all, (client, event) => {
  if (event.type === "shift.changed") {
    // The badge shows the new count at once; the rest follows from the server.
    const open = event.payload.openCount;
    client.setQueryData<ShiftCounts>(shiftKeys.counts, (counts) => counts && { ...counts, open });
    refetchFeature(client, shiftKeys.all);
  }
  if (event.type === "shift.draftsChanged" || event.type === "swap.dealsChanged")
    refetchFeature(client, shiftKeys.all);
});

export const useFollowShifts = () => useFollowFeature(follow);
