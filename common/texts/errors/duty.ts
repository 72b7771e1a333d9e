/**
 * Duty roles ('Vaktroller', issue 26). The name rules shared with the form
 * (`domain/duty.ts`) name their codes; a role of another department answers exactly like
 * a missing one.
 */
import { dutyLimits } from "../../base/limits.ts";
import type { DutyRoleNameError } from "../../domain/duty.ts";

export const dutyErrors = {
  // The shared rules.
  duty_role_name_required: "Vaktrollen må ha et navn.",
  duty_role_name_too_long: `Navnet på vaktrollen kan være på høyst ${dutyLimits.roleNameMaxLength} tegn.`,
  duty_role_name_taken: "Det finnes allerede en vaktrolle med dette navnet i avdelingen.",
  // The server's own.
  duty_role_not_found: "Vaktrollen finnes ikke, eller du har ikke tilgang til den.",
  duty_roles_full: `Avdelingen har allerede ${dutyLimits.rolesPerDepartment} vaktroller.`,
  duty_block_not_assignable: `Du kan bare sette vaktroller for vakter som ikke er over, i dag og de neste ${dutyLimits.gridDaysAhead} dagene.`,
  duty_holder_not_in_department: "Personen er ikke aktiv ansatt i avdelingen.",
  duty_role_taken: "Noen andre har allerede tatt rollen.",
  duty_role_not_held: "Ingen har rollen nå.",
  duty_role_changed: "Rollen har fått ny innehaver i mellomtiden.",
  duty_not_on_block: "Du må være på vakt nå for å ta rollen.",
  duty_handover_to_self: "Personen har allerede rollen.",
} as const satisfies Record<DutyRoleNameError | `duty_${string}`, string>;
