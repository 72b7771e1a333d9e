/**
 * Test support for the policy tables: the same people in every table, and one helper
 * that checks an action for each of them against a resource in their own department
 * and in another.
 */
import { expect, it } from "vitest";
import type { Role } from "../../common/domain/roles.ts";
import { type Action, type Actions, type Actor, may, type PolicyEnv } from "./index.ts";

export const A = "11111111-1111-4111-8111-111111111111";
export const B = "22222222-2222-4222-8222-222222222222";
export const me = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa";
export const someoneElse = "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb";

export const staging: PolicyEnv = { demoTools: true };
export const production: PolicyEnv = { demoTools: false };

/** Signed-in people (the anonymous are refused before any policy: 401). */
export type Who = Role | "inactive" | "none";
export const everyone: Who[] = ["admin", "leader", "staff", "inactive", "none"];

/** A person whose one staff record is in department A (inactive: a deactivated staff member). */
export function actor(who: Who): Actor {
  if (who === "none") return { userId: me, memberships: [], currentDeptId: null };
  const role: Role = who === "inactive" ? "staff" : who;
  return { userId: me, memberships: [{ deptId: A, role, isActive: who !== "inactive" }], currentDeptId: A };
}

/**
 * One row per person: [may in own department A, may in department B]. `build` makes the
 * resource for a department; the row's label names the case (owner, draft, …).
 */
export function table<X extends Action>(
  action: X,
  label: string,
  build: (deptId: string) => Actions[X],
  expected: Record<Who, [boolean, boolean]>,
  env: PolicyEnv = staging,
) {
  for (const who of everyone) {
    const [own, other] = expected[who];
    it(`${action} (${label}): ${who} ${own ? "may" : "may not"} in own department, ${other ? "may" : "may not"} in another`, () => {
      expect(may(actor(who), action, build(A), env)).toBe(own);
      expect(may(actor(who), action, build(B), env)).toBe(other);
    });
  }
}

/** Shorthands for rows. */
export const yes: [boolean, boolean] = [true, true];
export const no: [boolean, boolean] = [false, false];
export const ownOnly: [boolean, boolean] = [true, false];
