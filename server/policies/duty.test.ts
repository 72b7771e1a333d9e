/**
 * Duty roles: each action for an admin, a leader and staff of department A (active or
 * not) and a person without a record, against A's roles and B's (so "in another" reads
 * as the leader, or staff, of another department); for taking and handing over, whether
 * the caller is on the block under way and whether they hold the role now.
 */
import { describe, expect, it } from "vitest";
import { may } from "./index.ts";
import { A, actor, me, no, ownOnly, someoneElse, staging, table, yes } from "./matrix.test-support.ts";
import type { DutyRoleResource } from "./resources.ts";

const dept = (id: string) => ({ type: "department" as const, id });
const role =
  (facts: { holder?: string | null; onBlock?: string[] } = {}) =>
  (deptId: string): DutyRoleResource => ({
    type: "dutyRole",
    id: "r",
    deptId,
    holderId: facts.holder ?? null,
    onBlock: facts.onBlock ?? [],
  });

describe("policies: duty roles", () => {
  table("duty.read", "the roles and who holds them now", dept, {
    admin: yes,
    leader: ownOnly,
    staff: ownOnly,
    inactive: no,
    none: no,
  });
  table("dutyRole.read", "one role", role(), {
    admin: yes,
    leader: ownOnly,
    staff: ownOnly,
    inactive: no,
    none: no,
  });

  const leaders = { admin: yes, leader: ownOnly, staff: no, inactive: no, none: no };
  table("duty.grid", "the leaders' grid", dept, leaders);
  table("dutyRole.create", "'Ny vaktrolle'", dept, leaders);
  table("dutyRole.rename", "a role", role(), leaders);
  table("dutyRole.delete", "a role", role(), leaders);
  table("dutyRole.assign", "a block's holder", role(), leaders);
  // Holding a role changes nothing for the leaders' actions.
  table("dutyRole.assign", "a role I hold now", role({ holder: me, onBlock: [me] }), leaders);

  table("dutyRole.take", "staff on the block", role({ onBlock: [me] }), {
    admin: ownOnly,
    leader: ownOnly,
    staff: ownOnly,
    inactive: no,
    none: no,
  });
  table("dutyRole.take", "staff off the block", role({ onBlock: [someoneElse] }), {
    admin: no,
    leader: no,
    staff: no,
    inactive: no,
    none: no,
  });

  table("dutyRole.handOver", "held by me now", role({ holder: me, onBlock: [me] }), {
    admin: yes,
    leader: ownOnly,
    staff: ownOnly,
    inactive: no,
    none: no,
  });
  table(
    "dutyRole.handOver",
    "held by someone else",
    role({ holder: someoneElse, onBlock: [me, someoneElse] }),
    {
      admin: yes,
      leader: ownOnly,
      staff: no,
      inactive: no,
      none: no,
    },
  );
  table("dutyRole.handOver", "held by nobody", role(), {
    admin: yes,
    leader: ownOnly,
    staff: no,
    inactive: no,
    none: no,
  });

  it("lets a deactivated holder neither take nor hand on, though the holding names them", () => {
    const held = role({ holder: me, onBlock: [me] })(A);
    expect(may(actor("inactive"), "dutyRole.handOver", held, staging)).toBe(false);
    expect(may(actor("inactive"), "dutyRole.take", held, staging)).toBe(false);
    expect(may(actor("staff"), "dutyRole.handOver", held, staging)).toBe(true);
  });

  it("refuses a role that names no department", () => {
    expect(may(actor("admin"), "dutyRole.read", role()(""), staging)).toBe(false);
    expect(may(actor("admin"), "duty.read", dept(""), staging)).toBe(false);
  });
});
