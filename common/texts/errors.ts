/**
 * Stable error codes and their Norwegian messages. The API answers
 * `{ error: { code, message } }`; the web app shows `message` as is.
 * The spec's English server messages ('Not authenticated', …) are codes here.
 */
export const errorMessages = {
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
  // auth
  email_required: "E-post må fylles ut.",
  invalid_email: "Ugyldig e-postadresse.",
  all_fields_required: "Alle felt må fylles ut",
  passwords_differ: "Passordene må være like",
  password_too_short: "Passordet må være minst 6 tegn",
  email_taken: "E-posten er allerede registrert. Prøv å logge inn i stedet.",
  email_domain_not_allowed: "Denne e-postadressen kan ikke brukes her. Bruk e-posten fra arbeidsgiveren din.",
  registration_failed: "Kunne ikke opprette konto. Prøv igjen.",
  magic_link_failed: "Kunne ikke sende påloggingslenke. Prøv igjen.",
  magic_link_invalid: "Påloggingslenken er ugyldig, allerede brukt eller utløpt. Be om en ny lenke.",
  password_reset_invalid:
    "Lenken for nytt passord er ugyldig, allerede brukt eller utløpt. Be om en ny lenke.",
  department_join_refused:
    "Du er allerede registrert i en avdeling. Be en administrator om å legge deg til i flere avdelinger.",
  confirmation_password_wrong:
    "Feil passord. Skriv inn passordet du valgte da du registrerte deg. Har du ikke registrert deg selv? Logg inn med e-postlenke i stedet.",
  confirmation_invalid: "Bekreftelseslenken er ugyldig eller utløpt.",
  invalid_credentials: "Feil e-post eller passord.",
  email_not_confirmed: "E-posten er ikke bekreftet ennå. Sjekk e-posten din for bekreftelseslenke.",
  user_deactivated: "Brukeren er deaktivert. Kontakt lederen din.",
  // departments and staff
  department_not_found: "Avdelingen finnes ikke.",
  staff_registration_failed: "Kunne ikke registrere deg i avdelingen.",
  staff_record_not_found: "Du er ikke registrert i denne avdelingen.",
  // realtime
  realtime_bad_frame: "Meldingen kunne ikke leses.",
  realtime_unknown_topic: "Ukjent emne.",
  realtime_topic_unavailable: "Dette emnet er ikke tilgjengelig ennå.",
  realtime_too_many_subscriptions: "For mange abonnementer på denne tilkoblingen.",
  // notifications
  notification_not_found: "Fant ikke varselet.",
} as const;

export type ErrorCode = keyof typeof errorMessages;

export function errorMessage(code: ErrorCode): string {
  return errorMessages[code];
}
