/**
 * The machinery of permissions: who is asking (Actor), what they ask about (typed
 * resources), and `allow(action, rule)` declarations that the feature files make, read
 * top to bottom. `may` answers from those declarations only; an action nobody declared
 * is refused, and so is a resource without its department: nothing defaults to "the
 * caller's own".
 */
import { effectiveRole, isLeaderOrAdmin, type Membership, type Role } from "../../common/domain/roles.ts";
import type { Actions } from "./resources.ts";

export interface Actor {
  userId: string;
  memberships: Membership[];
  currentDeptId: string | null;
}

export interface PolicyEnv {
  /** staging: demo switcher, dev mailbox, impersonation */
  demoTools: boolean;
}

export type Action = keyof Actions;

type Rule<A extends Action> = (actor: Actor, resource: Actions[A], env: PolicyEnv) => boolean;

/**
 * How a refusal is answered: `forbid` (403) for things the caller knows exist (their
 * department's drafts tab, an admin screen); `hide` (404) for things whose existence is
 * itself private (someone's DM, a private channel): indistinguishable from nothing.
 */
export type Refusal = "forbid" | "hide";

interface Declared {
  rule: Rule<Action>;
  refusal: Refusal;
}

const declared = new Map<Action, Declared>();

/** Declares who may do `action`. Each action is declared once, in its feature's file. */
export function allow<A extends Action>(action: A, rule: Rule<A>, opts: { refusal?: Refusal } = {}) {
  if (declared.has(action)) throw new Error(`policy for ${action} declared twice`);
  declared.set(action, { rule: rule as Rule<Action>, refusal: opts.refusal ?? "forbid" });
}

export function may<A extends Action>(
  actor: Actor,
  action: A,
  resource: Actions[A],
  env: PolicyEnv,
): boolean {
  const d = declared.get(action);
  return d !== undefined && namesItsScope(resource) && d.rule(actor, resource, env);
}

/** Fail closed: a departmental resource that does not say which department is refused. */
function namesItsScope(resource: Actions[Action]): boolean {
  switch (resource.type) {
    case "app":
    case "user":
      return true;
    // Installation-wide; its rule reads the department where there is one.
    case "broadcast":
      return true;
    case "department":
      return !!resource.id;
    case "message":
    case "attachment":
      return !!resource.thread.deptId;
    default:
      return !!resource.deptId;
  }
}

export function refusalOf(action: Action): Refusal {
  return declared.get(action)?.refusal ?? "forbid";
}

export function declaredActions(): Action[] {
  return [...declared.keys()];
}

/**
 * What the caller may do with one item, for the response (cf. Outline's
 * presentPolicies): `{ edit: true, delete: false }`, so the web app shows or hides
 * actions without knowing the rules.
 */
export function abilitiesFor<A extends Action, K extends string>(
  actor: Actor,
  resource: Actions[A],
  env: PolicyEnv,
  actions: Record<K, A>,
): Record<K, boolean> {
  const out = {} as Record<K, boolean>;
  for (const [key, action] of Object.entries(actions) as [K, A][])
    out[key] = may(actor, action, resource, env);
  return out;
}

// ── predicates the feature files read with ─────────────────────────────────────

/** An active staff record in this department. */
export function activeIn(actor: Actor, deptId: string | null | undefined): boolean {
  return !!deptId && actor.memberships.some((m) => m.deptId === deptId && m.isActive);
}

/** The role that counts in this department (admin counts everywhere); none without a department. */
export function roleIn(actor: Actor, deptId: string | null | undefined): Role | null {
  return deptId ? effectiveRole(actor.memberships, deptId) : null;
}

export function leadsOrAdmins(actor: Actor, deptId: string | null | undefined): boolean {
  return isLeaderOrAdmin(roleIn(actor, deptId));
}

export function isAdmin(actor: Actor): boolean {
  return actor.memberships.some((m) => m.isActive && m.role === "admin");
}
