/**
 * Every permission, decided here and nowhere else: may(actor, action, resource).
 * Read top to bottom; each action says who is allowed. Routes ask; services trust.
 */
import { effectiveRole, isLeaderOrAdmin, type Membership } from "../../common/domain/roles.ts";

export interface Actor {
  userId: string;
  memberships: Membership[];
  currentDeptId: string | null;
}

export interface PolicyEnv {
  /** staging: demo switcher, dev mailbox, impersonation */
  demoTools: boolean;
}

export type Action =
  | "department.join"
  | "department.switch"
  | "admin.view"
  | "shifts.manage"
  | "broadcast.send"
  | "dev.use"
  | "department.read";

export interface Resource {
  deptId?: string | null;
}

export function may(actor: Actor, action: Action, resource: Resource, env: PolicyEnv): boolean {
  const deptId = resource.deptId ?? actor.currentDeptId;
  const role = effectiveRole(actor.memberships, deptId);
  const activeHere = actor.memberships.some((m) => m.deptId === deptId && m.isActive);
  switch (action) {
    // Anyone signed in may choose a department to work in (spec §2, 'Velg din avdeling').
    case "department.join":
      return true;
    // Switching to a department needs an active record there.
    case "department.switch":
      return activeHere;
    // A department's own data: its active staff; admins everywhere.
    case "department.read":
      return activeHere || role === "admin";
    case "admin.view":
    case "shifts.manage":
      return isLeaderOrAdmin(role);
    case "broadcast.send":
      return role === "admin";
    // Demo tools exist outside production only; then anyone may use them (spec §6).
    case "dev.use":
      return env.demoTools;
  }
}

export function abilitiesOf(actor: Actor, env: PolicyEnv) {
  const here = { deptId: actor.currentDeptId };
  return {
    viewAdmin: may(actor, "admin.view", here, env),
    manageShifts: may(actor, "shifts.manage", here, env),
    broadcast: may(actor, "broadcast.send", here, env),
    useDevTools: may(actor, "dev.use", here, env),
  };
}
