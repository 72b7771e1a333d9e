/** Retention: each action for each kind of person, against their department and another. */
import { describe, expect, it } from "vitest";
import { may } from "./index.ts";
import { actor, no, staging, table, yes } from "./matrix.test-support.ts";

const dept = (id: string) => ({ type: "department" as const, id });
const admins = { admin: yes, leader: no, staff: no, inactive: no, none: no };

describe("policies: retention", () => {
  table("retention.read", "'Oppbevaring'", dept, admins);
  table("retention.edit", "'Oppbevaring'", dept, admins);

  it("refuses a department that names none, and the job's audit action to everyone", () => {
    expect(may(actor("admin"), "retention.edit", dept(""), staging)).toBe(false);
    expect(may(actor("admin"), "retention.purge", dept("x"), staging)).toBe(false);
  });
});
