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

/** The create form for `days` from `now` (Oslo), `from` to `to` o'clock. */
export function form(now: Date, days: number, from: number, to: number, extra: Partial<ShiftInput> = {}) {
  return {
    date: osloDate(new Date(now.getTime() + days * 86_400_000)),
    fromHour: from,
    toHour: to,
    title: "Dagvakt",
    location: "Operasjon 1",
    ...extra,
  } satisfies ShiftInput;
}
