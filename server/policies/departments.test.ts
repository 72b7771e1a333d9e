import { describe, expect, it } from "vitest";
import { type Actor, abilitiesOf, declaredActions, may } from "./index.ts";
import { A, B, no, ownOnly, production, staging, table, yes } from "./matrix.test-support.ts";

const dept = (id: string) => ({ type: "department" as const, id });

describe("policies: departments", () => {
  table("department.list", "the names", () => ({ type: "app" }), {
    admin: yes,
    leader: yes,
    staff: yes,
    inactive: yes,
    none: yes,
  });
  table("department.join", "a newcomer only", dept, {
    admin: no,
    leader: no,
    staff: no,
    inactive: no,
    none: yes,
  });
  table("department.switch", "active record there", dept, {
    admin: ownOnly,
    leader: ownOnly,
    staff: ownOnly,
    inactive: no,
    none: no,
  });
  table("department.read", "its own data", dept, {
    admin: yes,
    leader: ownOnly,
    staff: ownOnly,
    inactive: no,
    none: no,
  });
  table("admin.view", "Administrasjon", dept, {
    admin: yes,
    leader: ownOnly,
    staff: no,
    inactive: no,
    none: no,
  });
  table("broadcast.send", "admins", dept, { admin: yes, leader: no, staff: no, inactive: no, none: no });

  it("refuses every department action on a department with no id", () => {
    for (const action of ["department.join", "department.switch", "department.read", "admin.view"] as const) {
      const admin: Actor = {
        userId: "u",
        memberships: [{ deptId: A, role: "admin", isActive: true }],
        currentDeptId: A,
      };
      expect(may(admin, action, dept(""), staging), action).toBe(false);
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
    expect(may(multi, "admin.view", dept(A), staging)).toBe(false);
    expect(may(multi, "admin.view", dept(B), staging)).toBe(true);
  });

  it("refuses an action that no feature declared", () => {
    const admin: Actor = {
      userId: "u",
      memberships: [{ deptId: A, role: "admin", isActive: true }],
      currentDeptId: A,
    };
    // biome-ignore lint/suspicious/noExplicitAny: an undeclared action, on purpose
    expect(may(admin, "nothing.declared" as any, dept(A) as any, staging)).toBe(false);
    expect(declaredActions()).toContain("department.join");
  });

  it("gives the session's abilities for the current department only, none without one", () => {
    const leader: Actor = {
      userId: "u",
      memberships: [{ deptId: A, role: "leader", isActive: true }],
      currentDeptId: A,
    };
    expect(abilitiesOf(leader, staging)).toEqual({
      viewAdmin: true,
      manageShifts: true,
      broadcast: false,
      urgentOverview: true,
      useDevTools: true,
    });
    expect(abilitiesOf({ ...leader, currentDeptId: null }, production)).toEqual({
      viewAdmin: false,
      manageShifts: false,
      broadcast: false,
      urgentOverview: false,
      useDevTools: false,
    });
  });
});

describe("policies: the realtime connection", () => {
  table("realtime.connect", "anyone signed in", () => ({ type: "app" }), {
    admin: yes,
    leader: yes,
    staff: yes,
    inactive: yes,
    none: yes,
  });
});

describe("policies: presence", () => {
  table("presence.heartbeat", "one's own heartbeat", () => ({ type: "app" }), {
    admin: yes,
    leader: yes,
    staff: yes,
    inactive: yes,
    none: yes,
  });
});

describe("policies: demo tools", () => {
  table("dev.use", "staging", () => ({ type: "app" }), {
    admin: yes,
    leader: yes,
    staff: yes,
    inactive: yes,
    none: yes,
  });
  table(
    "dev.use",
    "production",
    () => ({ type: "app" }),
    { admin: no, leader: no, staff: no, inactive: no, none: no },
    production,
  );
});
