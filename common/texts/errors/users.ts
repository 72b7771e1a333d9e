/** User administration, the audit log and departments (decisions.md § Users). */
export const usersErrors = {
  user_not_found: "Brukeren finnes ikke.",
  user_create_failed: "Kunne ikke opprette bruker",
  user_update_failed: "Kunne ikke oppdatere bruker",
  user_delete_failed: "Kunne ikke slette bruker",
  user_fields_required: "Vennligst fyll ut alle påkrevde felt",
  user_admin_only: "Bare administratorer kan gjøre dette.",
  user_activation_refused: "Ledere kan bare aktivere eller deaktivere ansatte i sin egen avdeling.",
  user_delete_self: "Du kan ikke slette deg selv.",
  user_memberships_duplicate: "En person kan bare ha én rolle per avdeling.",
  last_admin: "Det må finnes minst én aktiv administrator.",
  department_name_taken: "Det finnes allerede en avdeling med dette navnet.",
} as const;
