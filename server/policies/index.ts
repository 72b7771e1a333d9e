/**
 * Every permission, decided here and nowhere else. Each feature's file declares its
 * actions with `allow(…)`, read top to bottom; routes ask `may` (through the pipeline's
 * authorize step), services trust the answer.
 */
import "./auth.ts";
import "./departments.ts";
import "./dev.ts";
import "./realtime.ts";
import "./presence.ts";
import "./chat.ts";
import "./search.ts";
import "./urgent.ts";
import "./shifts.ts";
import "./swaps.ts";
import "./users.ts";
import "./profile.ts";
import "./notifications.ts";
import "./duty.ts";
import "./push.ts";
import "./work.ts";
import "./retention.ts";
import "./access-log.ts";
import { type Actor, may, type PolicyEnv } from "./policy.ts";

export * from "./policy.ts";
export type { Actions } from "./resources.ts";

/** What the session tells the web app the person may do in their current department. */
export function abilitiesOf(actor: Actor, env: PolicyEnv) {
  const here = actor.currentDeptId ? { type: "department" as const, id: actor.currentDeptId } : null;
  const inDept = (action: "admin.view" | "shift.create" | "broadcast.send" | "urgent.overview") =>
    here !== null && may(actor, action, here, env);
  return {
    viewAdmin: inDept("admin.view"),
    manageShifts: inDept("shift.create"),
    broadcast: inDept("broadcast.send"),
    urgentOverview: inDept("urgent.overview"),
    useDevTools: may(actor, "dev.use", { type: "app" }, env),
  };
}
