import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { effectiveRole, highestRole, type Membership, type Role, roles } from "./roles.ts";

const role = fc.constantFrom<Role>(...roles);
const dept = fc.constantFrom("a", "b", "c");
const membership = fc.record({ deptId: dept, role, isActive: fc.boolean() });

describe("roles", () => {
  it("highest role wins: admin over leader over staff", () => {
    expect(highestRole(["staff", "leader"])).toBe("leader");
    expect(highestRole(["staff", "admin", "leader"])).toBe("admin");
    expect(highestRole([])).toBeNull();
  });

  it("highest role is one of the given roles and no given role ranks above it", () => {
    fc.assert(
      fc.property(fc.array(role, { minLength: 1 }), (list) => {
        const best = highestRole(list)!;
        expect(list).toContain(best);
        for (const r of list) expect(roles.indexOf(best)).toBeLessThanOrEqual(roles.indexOf(r));
      }),
    );
  });

  it("an active admin record anywhere makes the person admin in every department", () => {
    fc.assert(
      fc.property(fc.array(membership), dept, (list: Membership[], d) => {
        const isAdminSomewhere = list.some((m) => m.isActive && m.role === "admin");
        expect(effectiveRole(list, d) === "admin").toBe(isAdminSomewhere);
      }),
    );
  });

  it("leader and staff roles count only in their own department, and only while active", () => {
    const list: Membership[] = [
      { deptId: "a", role: "leader", isActive: true },
      { deptId: "b", role: "staff", isActive: false },
    ];
    expect(effectiveRole(list, "a")).toBe("leader");
    expect(effectiveRole(list, "b")).toBeNull();
    expect(effectiveRole(list, "c")).toBeNull();
  });
});
