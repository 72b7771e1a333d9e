import { describe } from "vitest";
import { me, no, ownOnly, table, yes } from "./matrix.ts";
import type { ShiftResource, ShiftStatus } from "./resources.ts";

const shift =
  (status: ShiftStatus, candidateIds: string[] = []) =>
  (deptId: string): ShiftResource => ({ type: "shift", id: "s", deptId, status, candidateIds });
const dept = (id: string) => ({ type: "department" as const, id });

const managers = { admin: yes, leader: ownOnly, staff: no, inactive: no, none: no };
const activeStaff = { admin: ownOnly, leader: ownOnly, staff: ownOnly, inactive: no, none: no };
const nobody = { admin: no, leader: no, staff: no, inactive: no, none: no };

describe("policies: extra shifts", () => {
  table("shift.list", "department's shifts", dept, {
    admin: yes,
    leader: ownOnly,
    staff: ownOnly,
    inactive: no,
    none: no,
  });
  table("shift.read", "open shift", shift("open"), {
    admin: yes,
    leader: ownOnly,
    staff: ownOnly,
    inactive: no,
    none: no,
  });
  table("shift.read", "draft", shift("draft"), managers);
  table("shift.create", "new draft", dept, managers);

  for (const action of ["shift.edit", "shift.publish", "shift.delete"] as const) {
    table(action, "draft", shift("draft"), managers);
    table(action, "open shift", shift("open"), nobody);
  }
  for (const action of ["shift.close", "shift.assign"] as const) {
    table(action, "open shift", shift("open"), managers);
    table(action, "assigned shift", shift("assigned"), nobody);
    table(action, "draft", shift("draft"), nobody);
  }

  table("shift.interest", "open shift", shift("open"), activeStaff);
  table("shift.interest", "closed shift", shift("closed"), nobody);
  table("shift.interest", "draft", shift("draft"), nobody);

  table("shift.viewOutcome", "assigned, I was a candidate", shift("assigned", [me]), {
    admin: yes,
    leader: ownOnly,
    staff: ownOnly,
    inactive: no,
    none: no,
  });
  table("shift.viewOutcome", "assigned, not a candidate", shift("assigned"), managers);
  table("shift.viewOutcome", "still open", shift("open", [me]), nobody);
});
