/**
 * Duty roles change under everyone's eyes: every write says `duty.changed` on the
 * department's topic, and every duty screen and panel calls this hook so the roles,
 * holders and grid are read again on every instance's clients.
 */
import { featureFollow, refetchFeature, useFollowFeature } from "../../../lib/follow.ts";
import { dutyKeys } from "./keys.ts";

const follow = featureFollow(dutyKeys.all, (client, event) => {
  if (event.type === "duty.changed") refetchFeature(client, dutyKeys.all);
});

export const useFollowDuty = () => useFollowFeature(follow);
