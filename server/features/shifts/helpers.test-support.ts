/**
 * What the shift API tests share: the two departments of `test/world.ts`, and the create
 * form for a day and hours from now.
 */
import { osloDate } from "../../../common/domain/oslo-time.ts";
import type { ShiftInput } from "../../../common/schemas/shifts.ts";
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
