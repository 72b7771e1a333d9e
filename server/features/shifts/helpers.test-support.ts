/**
 * What the shift API tests share: the two departments of `test/world.ts`, the create
 * form for a day and hours from now, and the working-time rules' data.
 */
import { and, eq } from "drizzle-orm";
import { osloDate } from "../../../common/domain/oslo-time.ts";
import type { ShiftInput } from "../../../common/schemas/shifts.ts";
import { competences, shiftCompetences, staff, staffCompetences } from "../../db/schema.ts";
import { assignShiftTo, makeShift } from "../../test/factories.ts";
import type { TestApp } from "../../test/harness.ts";
import { type Person, twoDepartments, type World } from "../../test/world.ts";

/** Long enough for the bus's microtasks to have run. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

/** Departments A and B and their people; every test file gets its own. */
export const shiftWorld = twoDepartments;
export type { Person, World };

/**
 * The create form for `days` from `now` (Oslo), `from` to `to` o'clock (whole hours, the
 * older form the API still takes). Tests make many alike shifts, so the duplicate check
 * is passed over unless a test asks for it (`allowDuplicate: false`).
 */
export function form(now: Date, days: number, from: number, to: number, extra: Partial<ShiftInput> = {}) {
  return {
    date: osloDate(new Date(now.getTime() + days * 86_400_000)),
    fromHour: from,
    toHour: to,
    title: "Dagvakt",
    location: "Operasjon 1",
    allowDuplicate: true,
    ...extra,
  } satisfies ShiftInput;
}

/** The create form with `HH:MM` times, as the dialog sends it (duplicates checked). */
export function timedForm(
  now: Date,
  days: number,
  fromTime: string,
  toTime: string,
  extra: Partial<ShiftInput> = {},
) {
  return {
    date: osloDate(new Date(now.getTime() + days * 86_400_000)),
    fromTime,
    toTime,
    title: "Dagvakt",
    location: "Operasjon 1",
    ...extra,
  } satisfies ShiftInput;
}

/**
 * The working-time rules' data (issue 28), written straight into the database: a
 * competence of `deptId` held by these staff records, optionally required by shifts.
 */
export async function competence(
  t: TestApp,
  deptId: string,
  name: string,
  opts: { heldBy?: readonly string[]; requiredBy?: readonly string[] } = {},
) {
  const [row] = await t.ctx.db.insert(competences).values({ deptId, name }).returning();
  const competenceId = row!.id;
  if (opts.heldBy?.length)
    await t.ctx.db.insert(staffCompetences).values(opts.heldBy.map((staffId) => ({ staffId, competenceId })));
  if (opts.requiredBy?.length)
    await t.ctx.db
      .insert(shiftCompetences)
      .values(opts.requiredBy.map((shiftId) => ({ shiftId, competenceId })));
  return competenceId;
}

/** `userId`'s 'Stillingsprosent' in `deptId`. */
export async function positionPercent(t: TestApp, userId: string, deptId: string, percent: number) {
  await t.ctx.db
    .update(staff)
    .set({ positionPercent: percent })
    .where(and(eq(staff.userId, userId), eq(staff.deptId, deptId)));
}

/** An extra shift `userId` holds (assigned by hand), from `startsAt`, `hours` long. */
export async function heldExtra(t: TestApp, deptId: string, userId: string, startsAt: Date, hours = 8) {
  const shift = await makeShift(t, { dept: deptId, status: "assigned", startsAt, hours, title: "Nattevakt" });
  await assignShiftTo(t, shift.id, userId, new Date(Math.min(Date.now(), startsAt.getTime())));
  return shift;
}
