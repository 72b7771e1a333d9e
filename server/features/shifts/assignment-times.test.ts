/**
 * An assignment carries its shift's times (migration 0025), which the working-time rules
 * read by one index: copied when the assignment is made or moved to another shift, and
 * when the shift's times change.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shiftAssignments, shifts } from "../../db/schema.ts";
import { makeDepartment, makeShift, makeStaff } from "../../test/factories.ts";
import { createTestApp, type TestApp } from "../../test/harness.ts";

const hourMs = 3_600_000;

describe("an assignment's copy of its shift's times", () => {
  let t: TestApp;
  let dept: string;

  beforeAll(async () => {
    t = await createTestApp();
    dept = (await makeDepartment(t)).id;
  });
  afterAll(() => t.close());

  const timesOf = async (assignmentId: string) => {
    const [row] = await t.ctx.db
      .select({ startsAt: shiftAssignments.startsAt, endsAt: shiftAssignments.endsAt })
      .from(shiftAssignments)
      .where(eq(shiftAssignments.id, assignmentId));
    return row;
  };

  it("follows the shift when made, when moved and when the shift's times change", async () => {
    const person = (await makeStaff(t, { role: "staff", dept, active: true })).userId;
    const first = await makeShift(t, {
      dept,
      status: "assigned",
      startsAt: new Date("2026-12-01T06:00:00Z"),
    });
    const second = await makeShift(t, {
      dept,
      status: "assigned",
      startsAt: new Date("2026-12-03T14:00:00Z"),
    });
    const [made] = await t.ctx.db
      .insert(shiftAssignments)
      .values({ shiftId: first.id, userId: person, method: "auto" })
      .returning({ id: shiftAssignments.id });
    expect(await timesOf(made!.id)).toEqual({ startsAt: first.startsAt, endsAt: first.endsAt });

    await t.ctx.db
      .update(shiftAssignments)
      .set({ shiftId: second.id })
      .where(eq(shiftAssignments.id, made!.id));
    expect(await timesOf(made!.id)).toEqual({ startsAt: second.startsAt, endsAt: second.endsAt });

    const later = {
      startsAt: new Date(second.startsAt.getTime() + hourMs),
      endsAt: new Date(second.endsAt.getTime() + 2 * hourMs),
    };
    await t.ctx.db.update(shifts).set(later).where(eq(shifts.id, second.id));
    expect(await timesOf(made!.id)).toEqual(later);
  });
});
