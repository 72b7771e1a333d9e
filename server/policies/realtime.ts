/**
 * The realtime connection: anyone signed in may hold one (the upgrade authenticates).
 * What flows through it is decided per topic, by the topic's own policy
 * (`notification.subscribe`, `department.read`, later `thread.read`).
 */
import { allow } from "./policy.ts";

allow("realtime.connect", () => true);
