/** Departments and a person's staff records in them. */
export const departmentsErrors = {
  department_join_refused:
    "Du er allerede registrert i en avdeling. Be en administrator om å legge deg til i flere avdelinger.",
  department_not_found: "Avdelingen finnes ikke.",
  staff_registration_failed: "Kunne ikke registrere deg i avdelingen.",
  staff_record_not_found: "Du er ikke registrert i denne avdelingen.",
} as const;
