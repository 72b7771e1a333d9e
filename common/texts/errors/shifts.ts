/**
 * Extra shifts (spec §8 Shifts and Assignment outcome; decisions.md § Extra shifts). The
 * form's rules answer 422 with the texts the dialog shows; a shift one may not see
 * answers exactly like a missing one.
 */
import { shiftLimits } from "../../base/limits.ts";

export const shiftsErrors = {
  // The create dialog's rules (spec §5).
  shift_date_required: "Dato må velges",
  shift_date_invalid: "Skriv datoen som dd.mm.åååå, for eksempel 05.12.2026.",
  shift_from_invalid: "Skriv starttiden som TT:MM i hele kvarter, for eksempel 07:30.",
  shift_to_invalid: "Skriv sluttiden som TT:MM i hele kvarter, for eksempel 15:30.",
  shift_dept_required: "Avdeling må velges",
  shift_end_not_after_start: "Sluttid må være etter starttid",
  shift_in_past: "Datoen kan ikke være i fortiden.",
  shift_start_passed: "Starttiden har allerede passert.",
  shift_duplicate:
    "Det finnes allerede en ekstravakt av samme type på samme dato og tid i avdelingen, som utkast eller åpen vakt.",
  shift_description_too_long: `Beskrivelsen kan være på høyst ${shiftLimits.descriptionMaxLength} tegn.`,
  // The server's own.
  shift_not_found: "Ekstravakten finnes ikke, eller du har ikke tilgang til den.",
  shift_manage_refused: "Bare ledere og administratorer i avdelingen kan gjøre dette.",
  shift_not_draft: "Bare utkast kan endres, publiseres eller slettes.",
  shift_not_open: "Ekstravakten er ikke åpen lenger.",
  shift_started: "Vakten har allerede startet.",
  shift_no_interest: "Ingen interesserte",
  shift_no_candidates: "Ingen kandidater funnet for tildeling",
  shift_outcome_not_found: "Kunne ikke hente tildelingsresultat",
  calendar_not_found: "Kalenderlenken finnes ikke. Den kan være fornyet.",
} as const;
