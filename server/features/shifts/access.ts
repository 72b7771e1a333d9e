/**
 * What the shift routes authorize with: my current department, the department a new
 * shift goes to, and the extra shift the path names (roster shifts are not this
 * feature's: they answer like missing ones). A shift is read once per request, so a
 * route with two steps (may I see it, may I change it) and its handler share one read.
 */
import { and, eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { type ShiftInput, shiftInput } from "../../../common/schemas/shifts.ts";
import type { Db } from "../../db/client.ts";
import { preparedOnce } from "../../db/prepared.ts";
import { departments, shiftAllocationRuns, shifts } from "../../db/schema.ts";
import type { AppContext } from "../../platform/context.ts";
import { unprocessable } from "../../platform/errors.ts";
import { authorize, type SignedIn, validBody } from "../../platform/pipeline.ts";
import type { Actor } from "../../policies/index.ts";
import type { DepartmentResource, ShiftResource } from "../../policies/resources.ts";

export type ShiftRow = typeof shifts.$inferSelect;

/** A shift as the policies see it, with its row. */
export type LoadedShift = ShiftResource & { row: ShiftRow };

// Everyone the run judged, also people deactivated since: the policy decides with their
// records. (A correlated subquery names the outer table: Drizzle leaves columns
// unqualified in a query of one table.)
const candidateIdsOf = sql<string[]>`coalesce(
  (select to_json(array_remove(r.candidate_ids, null)) from ${shiftAllocationRuns} r
   where r.shift_id = ${shifts}.id),
  '[]'::json)`;

export function toShiftResource(
  row: Pick<ShiftRow, "id" | "deptId" | "status" | "startsAt" | "kind">,
  candidateIds: readonly string[],
  now: Date,
): ShiftResource {
  return {
    type: "shift",
    id: row.id,
    deptId: row.deptId,
    status: row.status,
    kind: row.kind,
    started: row.startsAt <= now,
    candidateIds,
  };
}

// Every shift route reads its shift first: prepared once, not parsed and planned each time.
const extraShiftById = preparedOnce((db) =>
  db
    .select({ row: shifts, candidateIds: candidateIdsOf })
    .from(shifts)
    .where(and(eq(shifts.id, sql.placeholder("shiftId")), eq(shifts.kind, "extra")))
    .prepare("shift_extra_by_id"),
);

async function loadShift(db: Db, shiftId: string, now: Date): Promise<LoadedShift | null> {
  const [found] = await extraShiftById(db).execute({ shiftId });
  return found ? { ...toShiftResource(found.row, found.candidateIds, now), row: found.row } : null;
}

/** The department the app works in for me (none: 404 'Ingen avdeling funnet'). */
const currentDepartment = (_request: FastifyRequest, actor: SignedIn["actor"]) =>
  actor.currentDeptId ? { type: "department" as const, id: actor.currentDeptId } : null;

/**
 * Where a new shift goes: the department the form names, else my current one. The form
 * must name it when I lead several (spec §5: 'Avdeling må velges').
 */
export function targetDeptId(actor: Actor, input: Pick<ShiftInput, "deptId">): string | null {
  if (input.deptId) return input.deptId;
  const led = new Set(actor.memberships.filter((m) => m.isActive && m.role !== "staff").map((m) => m.deptId));
  if (led.size > 1) throw unprocessable("shift_dept_required");
  return actor.currentDeptId;
}

async function departmentOf(db: Db, deptId: string): Promise<DepartmentResource | null> {
  const [dept] = await db.select({ id: departments.id }).from(departments).where(eq(departments.id, deptId));
  return dept ? { type: "department", id: dept.id } : null;
}

export type ShiftLoaders = ReturnType<typeof shiftLoaders>;

export function shiftLoaders(ctx: AppContext) {
  const loaded = new WeakMap<FastifyRequest, Promise<LoadedShift | null>>();
  /** The shift of the path, read once per request. */
  const shift = (request: FastifyRequest): Promise<LoadedShift | null> => {
    let found = loaded.get(request);
    if (!found) {
      found = loadShift(ctx.db, (request.params as { shiftId: string }).shiftId, ctx.clock.now());
      loaded.set(request, found);
    }
    return found;
  };
  const readShift = authorize(ctx, "shift.read", shift, { notFound: "shift_not_found" });
  return {
    /** The shift of the path, for a handler after its authorize steps. */
    loadedShift: async (request: FastifyRequest): Promise<LoadedShift> => {
      const found = await shift(request);
      if (!found) throw new Error("used before its authorize step");
      return found;
    },
    /** My current department may be asked about (`shift.list`). */
    inMyDepartment: authorize(ctx, "shift.list", currentDepartment, { notFound: "no_department" }),
    /** My current department's fairness picture is mine to see (its leaders, admins). */
    fairnessHere: authorize(ctx, "shift.fairness", currentDepartment, {
      notFound: "no_department",
      refusal: "shift_manage_refused",
    }),
    /** My own place in my current department's queue is mine to see (its active members). */
    fairnessMineHere: authorize(ctx, "shift.fairnessMine", currentDepartment, { notFound: "no_department" }),
    /** I may create shifts where the form (or my current department) says. */
    createIn: authorize(
      ctx,
      "shift.create",
      async (request, actor) => {
        const deptId = targetDeptId(actor, validBody(request, shiftInput));
        return deptId ? departmentOf(ctx.db, deptId) : null;
      },
      { notFound: "no_department", refusal: "shift_manage_refused" },
    ),
    /** I see the shift, and lead its department. */
    manageShift: [
      readShift,
      authorize(ctx, "shift.manage", shift, { notFound: "shift_not_found", refusal: "shift_manage_refused" }),
    ],
    /** I see the shift, and work in its department. */
    participate: [readShift, authorize(ctx, "shift.participate", shift, { notFound: "shift_not_found" })],
    /** I see the shift, and its outcome is mine to see (else as if there were none). */
    viewOutcome: [
      readShift,
      authorize(ctx, "shift.viewOutcome", shift, { notFound: "shift_outcome_not_found" }),
    ],
  };
}
