import { describe, expect, it } from "vitest";
import type { Role } from "../../common/domain/roles.ts";
import { type Action, type Actor, may } from "./index.ts";

const A = "11111111-1111-4111-8111-111111111111";
const B = "22222222-2222-4222-8222-222222222222";

type Who = Role | "inactive-leader" | "none";
function actor(who: Who, dept = A): Actor {
  if (who === "none") return { userId: "u", memberships: [], currentDeptId: null };
  const role: Role = who === "inactive-leader" ? "leader" : who;
  return {
    userId: "u",
    memberships: [{ deptId: dept, role, isActive: who !== "inactive-leader" }],
    currentDeptId: dept,
  };
}

// Expected answer for (who, action) in the person's own department A and in department B.
const matrix: Record<Action, Record<Who, [boolean, boolean]>> = {
  "department.join": {
    admin: [true, true],
    leader: [true, true],
    staff: [true, true],
    "inactive-leader": [true, true],
    none: [true, true],
  },
  "department.switch": {
    admin: [true, false],
    leader: [true, false],
    staff: [true, false],
    "inactive-leader": [false, false],
    none: [false, false],
  },
  "department.read": {
    admin: [true, true],
    leader: [true, false],
    staff: [true, false],
    "inactive-leader": [false, false],
    none: [false, false],
  },
  "admin.view": {
    admin: [true, true],
    leader: [true, false],
    staff: [false, false],
    "inactive-leader": [false, false],
    none: [false, false],
  },
  "shifts.manage": {
    admin: [true, true],
    leader: [true, false],
    staff: [false, false],
    "inactive-leader": [false, false],
    none: [false, false],
  },
  "broadcast.send": {
    admin: [true, true],
    leader: [false, false],
    staff: [false, false],
    "inactive-leader": [false, false],
    none: [false, false],
  },
  "dev.use": {
    admin: [true, true],
    leader: [true, true],
    staff: [true, true],
    "inactive-leader": [true, true],
    none: [true, true],
  },
};

describe("policies: roles × departments × actions", () => {
  const staging = { demoTools: true };
  for (const [action, row] of Object.entries(matrix) as [Action, Record<Who, [boolean, boolean]>][]) {
    for (const [who, [own, other]] of Object.entries(row) as [Who, [boolean, boolean]][]) {
      it(`${who} ${own ? "may" : "may not"} ${action} in own department, ${other ? "may" : "may not"} in another`, () => {
        expect(may(actor(who), action, { deptId: A }, staging)).toBe(own);
        expect(may(actor(who), action, { deptId: B }, staging)).toBe(other);
      });
    }
  }

  it("allows no dev tools in production, whatever the role", () => {
    for (const who of ["admin", "leader", "staff", "none"] as const) {
      expect(may(actor(who), "dev.use", {}, { demoTools: false })).toBe(false);
    }
  });

  it("lets an admin record in one department count everywhere, but not a leader record", () => {
    const multi: Actor = {
      userId: "u",
      memberships: [
        { deptId: A, role: "staff", isActive: true },
        { deptId: B, role: "leader", isActive: true },
      ],
      currentDeptId: A,
    };
    expect(may(multi, "admin.view", { deptId: A }, { demoTools: false })).toBe(false);
    expect(may(multi, "admin.view", { deptId: B }, { demoTools: false })).toBe(true);
  });
});
