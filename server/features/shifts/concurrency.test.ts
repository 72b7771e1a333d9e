/**
 * Many at once, on PostgreSQL only: PGlite has one connection, so its requests never
 * overlap in the database and a race there proves nothing.
 */
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  shiftAllocationRuns,
  shiftAssignmentAudit,
  shiftAssignments,
  shiftInterests,
} from "../../db/schema.ts";
import { makeShift, makeStaff, signedInClient } from "../../test/factories.ts";
import { createTestApp, driver, type TestApp } from "../../test/harness.ts";
import { shiftWorld, type World } from "./helpers.test-support.ts";

describe.skipIf(driver === "pglite")("extra shifts under concurrency", () => {
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    t = await createTestApp();
    w = await shiftWorld(t);
  });
  afterAll(() => t.close());

  it("takes 50 registrations at once and then assigns the shift exactly once for 10 requests at once", async () => {
    const shift = await makeShift(t, { dept: w.a });
    const people = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const made = await makeStaff(t, { role: "staff", dept: w.a, active: true });
        return signedInClient(t, made.userId);
      }),
    );
    const registered = await Promise.all(people.map((c) => c.post(`/api/shifts/${shift.id}/interest`)));
    expect(registered.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    const [interests] = await t.ctx.db
      .select({ n: count() })
      .from(shiftInterests)
      .where(eq(shiftInterests.shiftId, shift.id));
    expect(interests!.n).toBe(50);

    const leaders = [w.as.leader, w.as.admin];
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => leaders[i % 2]!.post(`/api/shifts/${shift.id}/assign`)),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const bodies = answers.map((r) => r.json());
    expect(bodies.filter((b) => !b.alreadyAssigned)).toHaveLength(1);
    expect(new Set(bodies.map((b) => b.winner.userId)).size).toBe(1);

    const assignments = await t.ctx.db
      .select()
      .from(shiftAssignments)
      .where(eq(shiftAssignments.shiftId, shift.id));
    const runs = await t.ctx.db
      .select()
      .from(shiftAllocationRuns)
      .where(eq(shiftAllocationRuns.shiftId, shift.id));
    expect(assignments).toHaveLength(1);
    expect(runs).toHaveLength(1);
    const candidates = await t.ctx.db
      .select({ n: count() })
      .from(shiftAssignmentAudit)
      .where(eq(shiftAssignmentAudit.runId, runs[0]!.id));
    expect(candidates[0]!.n).toBe(50);
  });
});
