/**
 * Working time and competence: each action for an admin, a leader and staff of
 * department A (active or not) and a person without a record, against A and B. The
 * first step hides another department's everything; the rest is the leaders'.
 */
import { describe, expect, it } from "vitest";
import { may } from "./index.ts";
import { actor, no, ownOnly, staging, table, yes } from "./matrix.test-support.ts";
import type { CompetenceResource } from "./resources.ts";

const dept = (id: string) => ({ type: "department" as const, id });
const competence = (deptId: string): CompetenceResource => ({ type: "competence", id: "c", deptId });

describe("policies: working time and competence", () => {
  // Active staff see that the department exists (and are refused 403 after), others 404.
  const theirs = { admin: yes, leader: ownOnly, staff: ownOnly, inactive: no, none: no };
  table("work.department", "the department of the path", dept, theirs);
  table("competence.read", "a competence", competence, theirs);

  const leaders = { admin: yes, leader: ownOnly, staff: no, inactive: no, none: no };
  table("workRules.read", "'Arbeidstidsregler'", dept, leaders);
  table("workRules.edit", "'Arbeidstidsregler'", dept, leaders);
  table("competence.list", "'Kompetanse'", dept, leaders);
  table("competence.create", "'Ny kompetanse'", dept, leaders);
  table("competence.rename", "a competence", competence, leaders);
  table("competence.delete", "a competence", competence, leaders);
  table("staffWork.read", "a staff member's contract", dept, leaders);
  table("staffWork.edit", "a staff member's contract", dept, leaders);

  it("refuses a department or competence that names none", () => {
    expect(may(actor("admin"), "work.department", dept(""), staging)).toBe(false);
    expect(may(actor("admin"), "competence.read", competence(""), staging)).toBe(false);
    expect(may(actor("admin"), "competence.rename", competence(""), staging)).toBe(false);
  });
});
