/**
 * Working time and competence (issue 28). A refusal under the working-time rules carries
 * its reasons as the message ('Du kan ikke ta denne vakten: Overtid 26 t siste 4 uker
 * (grense 25 t)'); the text here is what is said when there is no reason to give.
 */
import { workLimits } from "../../base/limits.ts";

export const workErrors = {
  work_rules_refused: "Du kan ikke ta denne vakten: arbeidstidsreglene tillater det ikke.",
  competence_name_required: "Kompetansen må ha et navn.",
  competence_name_too_long: `Navnet på kompetansen kan være på høyst ${workLimits.competenceNameMaxLength} tegn.`,
  competence_name_taken: "Det finnes allerede en kompetanse med dette navnet i avdelingen.",
  competence_not_found: "Kompetansen finnes ikke, eller du har ikke tilgang til den.",
  competences_full: `Avdelingen har allerede ${workLimits.competencesPerDepartment} kompetanser.`,
  competence_not_in_department: "En av kompetansene hører ikke til avdelingen.",
  staff_record_not_found: "Personen er ikke registrert i avdelingen.",
} as const;
