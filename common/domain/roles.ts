/** Roles of a staff record, highest first (spec §6: admin, leader, staff). */
export const roles = ["admin", "leader", "staff"] as const;
export type Role = (typeof roles)[number];

export const roleLabels: Record<Role, string> = { admin: "Admin", leader: "Leder", staff: "Ansatt" };

const rank: Record<Role, number> = { admin: 0, leader: 1, staff: 2 };

/** "Highest role wins": the role badge of a person with several staff records. */
export function highestRole(list: readonly Role[]): Role | null {
  let best: Role | null = null;
  for (const r of list) if (best === null || rank[r] < rank[best]) best = r;
  return best;
}

export interface Membership {
  deptId: string;
  role: Role;
  isActive: boolean;
}

/**
 * The role that counts in one department: an active admin record anywhere makes the
 * person admin everywhere; leader and staff count in their own department only.
 */
export function effectiveRole(memberships: readonly Membership[], deptId: string | null): Role | null {
  const active = memberships.filter((m) => m.isActive);
  if (active.some((m) => m.role === "admin")) return "admin";
  const here = active.find((m) => m.deptId === deptId);
  return here ? here.role : null;
}

export function isLeaderOrAdmin(role: Role | null): boolean {
  return role === "admin" || role === "leader";
}
