/**
 * Search: a person searches as themselves, with an active record somewhere. What each
 * search returns is the thread policy's (chat.test.ts), checked against the database in
 * features/chat/search.test.ts.
 */
import { describe, expect, it } from "vitest";
import { may } from "./index.ts";
import { A, actor, me, someoneElse, staging } from "./matrix.test-support.ts";
import type { UserResource } from "./resources.ts";
import { searchDepartments } from "./search.ts";

const self = (id: string): UserResource => ({ type: "user", id, memberships: [] });

describe("policies: search", () => {
  it.each([
    ["admin", true],
    ["leader", true],
    ["staff", true],
    ["inactive", false],
    ["none", false],
  ] as const)("search.use: %s may search as themselves: %s", (who, allowed) => {
    expect(may(actor(who), "search.use", self(me), staging)).toBe(allowed);
  });

  it("search.use: nobody searches as someone else", () => {
    expect(may(actor("admin"), "search.use", self(someoneElse), staging)).toBe(false);
  });

  it("looks in the departments of active records only, whatever the role", () => {
    expect(searchDepartments(actor("admin"))).toEqual([A]);
    expect(searchDepartments(actor("inactive"))).toEqual([]);
    const twoPlaces = {
      ...actor("staff"),
      memberships: [
        { deptId: A, role: "staff" as const, isActive: true },
        { deptId: "b", role: "leader" as const, isActive: false },
      ],
    };
    expect(searchDepartments(twoPlaces)).toEqual([A]);
  });
});
