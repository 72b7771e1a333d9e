/** Sign-in, registration, e-mail links and passwords. */
import { limits } from "../../base/limits.ts";

export const authErrors = {
  email_required: "E-post må fylles ut.",
  invalid_email: "Ugyldig e-postadresse.",
  all_fields_required: "Alle felt må fylles ut",
  passwords_differ: "Passordene må være like",
  password_too_short: `Passordet må være minst ${limits.passwordMinLength} tegn`,
  email_taken: "E-posten er allerede registrert. Prøv å logge inn i stedet.",
  email_domain_not_allowed: "Denne e-postadressen kan ikke brukes her. Bruk e-posten fra arbeidsgiveren din.",
  registration_failed: "Kunne ikke opprette konto. Prøv igjen.",
  magic_link_failed: "Kunne ikke sende påloggingslenke. Prøv igjen.",
  magic_link_invalid: "Påloggingslenken er ugyldig, allerede brukt eller utløpt. Be om en ny lenke.",
  password_reset_invalid:
    "Lenken for nytt passord er ugyldig, allerede brukt eller utløpt. Be om en ny lenke.",
  // The confirmation page says under the form what to do for someone who did not register.
  confirmation_password_wrong: "Feil passord. Skriv inn passordet du valgte da du registrerte deg.",
  confirmation_invalid: "Bekreftelseslenken er ugyldig eller utløpt.",
  invalid_credentials: "Feil e-post eller passord.",
  email_not_confirmed: "E-posten er ikke bekreftet ennå. Sjekk e-posten din for bekreftelseslenke.",
  user_deactivated: "Brukeren er deaktivert. Kontakt lederen din.",
  // Single sign-on (OpenID Connect): shown on the login page the provider sends people back to.
  oidc_unavailable: "Innloggingstjenesten svarer ikke nå. Prøv igjen om litt.",
  oidc_state_invalid: "Innloggingen ble avbrutt eller er allerede brukt. Prøv igjen.",
  oidc_token_invalid: "Innloggingen kunne ikke bekreftes. Prøv igjen, eller kontakt IT-avdelingen.",
  oidc_cancelled: "Innloggingen ble avbrutt.",
  oidc_email_unverified:
    "Innloggingstjenesten oppga ingen bekreftet e-postadresse for deg. Kontakt IT-avdelingen.",
  oidc_only: "Her logger du inn med virksomhetskontoen din.",
  oidc_not_configured: "Innlogging med virksomhetskonto er ikke satt opp her.",
} as const;
