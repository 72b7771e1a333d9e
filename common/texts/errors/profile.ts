/** Avatars, 'Min Profil' and the demo tools' sign-in links (spec §2 Profile, §5 Avatar, §8). */
export const profileErrors = {
  avatar_not_image: "Filen må være et bilde",
  avatar_too_large: "Bildet kan ikke være større enn 5MB",
  avatar_not_signed_in: "Du må være innlogget for å laste opp avatar",
  avatar_user_missing: "Manglende brukerdata",
  avatar_not_found: "Fant ikke avataren",
  /** 'Demo-verktøy': the account may not sign in (deactivated, or its domain not allowed) */
  sign_in_link_unavailable: "Kunne ikke lage innloggingslenke for denne brukeren",
} as const;
