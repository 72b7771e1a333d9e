import { describe, expect, it } from "vitest";
import { A, B, me, no, ownOnly, someoneElse, staging, table, yes } from "./matrix.test-support.ts";
import { type Actor, may } from "./policy.ts";
import type { ShiftResource, ShiftStatus, UserResource } from "./resources.ts";

const shift =
  (
    status: ShiftStatus,
    opts: { candidateIds?: string[]; started?: boolean; kind?: ShiftResource["kind"] } = {},
  ) =>
  (deptId: string): ShiftResource => ({
    type: "shift",
    id: "s",
    deptId,
    status,
    kind: opts.kind ?? "extra",
    started: opts.started ?? false,
    candidateIds: opts.candidateIds ?? [],
  });
const dept = (id: string) => ({ type: "department" as const, id });
const feedOwner =
  (id: string) =>
  (deptId: string): UserResource => ({
    type: "user",
    id,
    memberships: [{ deptId, role: "staff", isActive: true }],
  });

const managers = { admin: yes, leader: ownOnly, staff: no, inactive: no, none: no };
const activeStaff = { admin: ownOnly, leader: ownOnly, staff: ownOnly, inactive: no, none: no };
const readers = { admin: yes, leader: ownOnly, staff: ownOnly, inactive: no, none: no };
const nobody = { admin: no, leader: no, staff: no, inactive: no, none: no };

describe("policies: extra shifts", () => {
  table("shift.list", "department's shifts", dept, readers);
  table("shift.listDrafts", "department's drafts", dept, managers);
  table("shift.fairness", "department's fairness picture", dept, managers);
  table("shift.fairnessMine", "own place in the department's queue", dept, activeStaff);
  table("shift.read", "open shift", shift("open"), readers);
  table("shift.read", "closed shift", shift("closed"), readers);
  table("shift.read", "draft", shift("draft"), managers);
  table("shift.create", "new draft", dept, managers);

  // The gates ask who, in any state: the service answers for the state (409).
  for (const status of ["draft", "open", "assigned", "closed"] as const) {
    table("shift.manage", `${status} shift`, shift(status), managers);
    table("shift.participate", `${status} shift`, shift(status), activeStaff);
  }

  for (const action of ["shift.edit", "shift.delete"] as const) {
    table(action, "draft", shift("draft"), managers);
    table(action, "draft whose start has passed", shift("draft", { started: true }), managers);
    table(action, "open shift", shift("open"), nobody);
  }
  table("shift.publish", "draft", shift("draft"), managers);
  table("shift.publish", "draft whose start has passed", shift("draft", { started: true }), nobody);
  table("shift.publish", "open shift", shift("open"), nobody);

  table("shift.close", "open shift", shift("open"), managers);
  table("shift.close", "open shift whose start has passed", shift("open", { started: true }), managers);
  table("shift.assign", "open shift", shift("open"), managers);
  table("shift.assign", "open shift whose start has passed", shift("open", { started: true }), nobody);
  for (const action of ["shift.close", "shift.assign"] as const) {
    table(action, "assigned shift", shift("assigned"), nobody);
    table(action, "draft", shift("draft"), nobody);
  }

  // Those who run the shift are not offered it (admins run every department's).
  table("shift.interest", "open shift", shift("open"), { ...nobody, staff: ownOnly });
  table("shift.interest", "open shift whose start has passed", shift("open", { started: true }), nobody);
  table("shift.interest", "closed shift", shift("closed"), nobody);
  table("shift.interest", "assigned shift", shift("assigned"), nobody);
  table("shift.interest", "draft", shift("draft"), nobody);

  table(
    "shift.viewOutcome",
    "assigned, I was a candidate",
    shift("assigned", { candidateIds: [me] }),
    readers,
  );
  table("shift.viewOutcome", "assigned, not a candidate", shift("assigned"), managers);
  table("shift.viewOutcome", "still open", shift("open", { candidateIds: [me] }), nobody);
  // A roster shift ('Mine tildelte' lists those a swap gave me) had no run to show.
  table(
    "shift.viewOutcome",
    "a roster shift",
    shift("assigned", { kind: "roster", candidateIds: [me] }),
    nobody,
  );

  table("shift.calendar", "my own feed", feedOwner(me), {
    admin: yes,
    leader: yes,
    staff: yes,
    inactive: no,
    none: no,
  });
  table("shift.calendar", "someone else's feed", feedOwner(someoneElse), nobody);

  describe("shift.interest for people with two records", () => {
    const person = (memberships: Actor["memberships"]): Actor => ({
      userId: me,
      memberships,
      currentDeptId: A,
    });
    const open = shift("open");
    it("an admin of one department who is staff in another may take that one's shifts", () => {
      const actor = person([
        { deptId: A, role: "admin", isActive: true },
        { deptId: B, role: "staff", isActive: true },
      ]);
      expect(may(actor, "shift.interest", open(B), staging)).toBe(true);
      expect(may(actor, "shift.interest", open(A), staging)).toBe(false);
    });
    it("a leader of one department who is staff in another may take only that one's", () => {
      const actor = person([
        { deptId: A, role: "leader", isActive: true },
        { deptId: B, role: "staff", isActive: true },
      ]);
      expect(may(actor, "shift.interest", open(B), staging)).toBe(true);
      expect(may(actor, "shift.interest", open(A), staging)).toBe(false);
    });
    it("a deactivated staff record does not count", () => {
      const actor = person([
        { deptId: A, role: "admin", isActive: true },
        { deptId: B, role: "staff", isActive: false },
      ]);
      expect(may(actor, "shift.interest", open(B), staging)).toBe(false);
    });
  });
});
