/** Errors any request can meet: malformed input, sign-in needed, refusals, limits. */
export const platformErrors = {
  bad_request: "Ugyldig forespørsel.",
  invalid_json: "Forespørselen inneholder ugyldig JSON.",
  validation_failed: "Noen felt er ikke gyldige.",
  not_authenticated: "Du må være innlogget.",
  session_expired: "Økten er utløpt. Logg inn på nytt.",
  forbidden: "Du har ikke tilgang til dette.",
  forbidden_origin: "Forespørselen kom fra et ukjent nettsted og ble avvist.",
  not_found: "Fant ikke det du lette etter.",
  feature_disabled: "Denne funksjonen er ikke tilgjengelig",
  conflict: "Konflikt med eksisterende data.",
  payload_too_large: "Forespørselen er for stor.",
  rate_limited: "For mange forsøk. Vent litt og prøv igjen.",
  internal: "Noe gikk galt",
} as const;
