/**
 * Presence: everyone signed in reports their own heartbeat; who is online in a
 * department is that department's data (`department.read`).
 */
import { allow } from "./policy.ts";

allow("presence.heartbeat", () => true);
