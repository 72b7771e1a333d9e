/**
 * Push notifications (issue 27): a person's devices and 'Vis innhold i varsler' are that
 * person's alone. Leaders and admins, who may read people's records, get no say over
 * where someone's pushes go, nor learn which devices they have: someone else's device is
 * hidden (404), as if it did not exist. A device is asked about as its owner.
 */
import { type Actor, allow } from "./policy.ts";
import type { UserResource } from "./resources.ts";

const mine = (actor: Actor, owner: UserResource) => owner.id === actor.userId;

allow("push.read", mine);
allow("push.subscribe", mine);
allow("push.remove", mine, { refusal: "hide" });
allow("push.preference", mine);
